import { useEffect, useLayoutEffect, useRef } from "react";
import { useLocation } from "@remix-run/react";

// useLayoutEffect warns on the server; there is nothing to scroll there anyway.
const useClientLayoutEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;

/**
 * A new page opens at its place at once; only a hash within the same page scrolls smoothly (SPEC: "a hash
 * in the URL scrolls smoothly"; app.css sets `scroll-behavior: smooth`). Rendered just before Remix's
 * <ScrollRestoration>, so its layout effect runs first and the restoration's scroll (to the #target, to
 * the top, or back to where a Back press left the page) is instant, as a full page load's is.
 *
 * Why not smooth there too: the page would slide from the previous page's offset, and Remix saves the
 * scroll position when a revalidation starts and restores it when it ends. A live update arriving
 * mid-slide (one usually does right after a write, e.g. "Create goal", ADR 254) put the page back where
 * the slide began: the organiser's tools and their "Goal created" message were left out of view.
 */
export function PageScroll() {
  const { pathname, search } = useLocation();
  const page = `${pathname}${search}`;
  const shown = useRef(page);
  useClientLayoutEffect(() => {
    if (shown.current === page) return;
    shown.current = page;
    document.documentElement.style.scrollBehavior = "auto";
  }, [page]);
  // Effects run after every layout effect, the restoration's included: smooth again for in-page hashes.
  // The page the browser loaded stays instant until the member first acts (SettlingScroll below).
  useEffect(() => {
    if (!settling) {
      document.documentElement.style.removeProperty("scroll-behavior");
      return;
    }
    const settle = () => {
      settling = false;
      document.documentElement.style.removeProperty("scroll-behavior");
      for (const type of MEMBER_INPUT) removeEventListener(type, settle, true);
    };
    for (const type of MEMBER_INPUT) addEventListener(type, settle, { capture: true, passive: true });
    return () => {
      for (const type of MEMBER_INPUT) removeEventListener(type, settle, true);
    };
  }, [page]);
  return null;
}

let settling = true;
const MEMBER_INPUT = ["pointerdown", "keydown", "wheel", "touchstart"] as const;

/**
 * A page loaded with a #target opens there at once, not by a slide (ADR 256): the browser's own scroll to
 * the target follows `scroll-behavior`, and a smooth one aims at where the target was when it began. The
 * screen's height changes while its scripts start (ADR 237), so the slide ended short or past the target,
 * at times under the sticky header (ADR 257). An instant scroll is kept on the target by the browser
 * (its fragment anchor until the load, scroll anchoring after). Set before the body is parsed; in-page
 * hashes scroll smoothly again from the member's first input (PageScroll). Without JavaScript nothing
 * changes height and the page keeps app.css's smooth scroll.
 */
export function SettlingScroll({ nonce }: { nonce?: string }) {
  return (
    <script
      nonce={nonce}
      dangerouslySetInnerHTML={{ __html: 'document.documentElement.style.scrollBehavior="auto"' }}
    />
  );
}
