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
  useEffect(() => {
    document.documentElement.style.removeProperty("scroll-behavior");
  }, [page]);
  return null;
}
