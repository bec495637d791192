import { PrefetchPageLinks, useLocation, useNavigate } from "@remix-run/react";
import { useState, useSyncExternalStore, type FocusEvent, type MouseEvent } from "react";

/**
 * Client-side navigation for a long list of plain links (ADR 211). A Remix `<Link>` costs a dozen hooks
 * on the server for every card (href resolution twice, the click handler, the prefetch state): ~0.45 ms
 * of CPU for the ~40 goal cards of /main (docs/benchmarks.md). The lists render plain `<a href>` (what
 * works without JavaScript anyway) and their container takes the clicks: a plain left click on a link
 * of this site navigates in the app, as `<Link>` would, and hovering or focusing a link for 100 ms
 * prefetches its page, as `prefetch="intent"` would. Modified clicks, other targets and downloads are
 * left to the browser.
 */
export function useClientLinks() {
  const navigate = useNavigate();
  const location = useLocation();
  const [intent] = useState(createIntent);
  const onClick = (event: MouseEvent<HTMLElement>) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    const url = linkOf(event.target, event.currentTarget);
    if (!url) return;
    event.preventDefault();
    const to = url.pathname + url.search + url.hash;
    // As <Link>: the link to the page already shown replaces it in the history.
    navigate(to, { replace: to === location.pathname + location.search + location.hash });
  };
  const onIntent = (event: MouseEvent<HTMLElement> | FocusEvent<HTMLElement>) => {
    const url = linkOf(event.target, event.currentTarget);
    if (url) intent.soon(url.pathname + url.search);
  };
  const onLeave = (event: MouseEvent<HTMLElement> | FocusEvent<HTMLElement>) => {
    // Moving between the parts of one link is not leaving it.
    const next = event.relatedTarget instanceof Element ? event.relatedTarget.closest("a[href]") : null;
    const current = event.target instanceof Element ? event.target.closest("a[href]") : null;
    if (!next || next !== current) intent.cancel();
  };
  return {
    /** Spread on the element holding the links. */
    handlers: { onClick, onMouseOver: onIntent, onFocus: onIntent, onMouseOut: onLeave, onBlur: onLeave },
    /** Render once, anywhere inside the router: the prefetch of the link being hovered. */
    prefetch: <IntentPrefetch intent={intent} />,
  };
}

/** The address of a same-site link the event happened on, inside `container`; null for anything else. */
function linkOf(target: EventTarget | null, container: Element): URL | null {
  const link = target instanceof Element ? target.closest("a[href]") : null;
  if (!(link instanceof HTMLAnchorElement) || !container.contains(link)) return null;
  if ((link.target && link.target !== "_self") || link.hasAttribute("download")) return null;
  const url = new URL(link.href);
  return url.origin === window.location.origin ? url : null;
}

type Intent = ReturnType<typeof createIntent>;

/** Which page to prefetch, kept outside React state so hovering does not re-render the whole list. */
function createIntent() {
  let page: string | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const listeners = new Set<() => void>();
  const set = (next: string | null) => {
    if (next === page) return;
    page = next;
    for (const listener of listeners) listener();
  };
  return {
    soon(next: string) {
      clearTimeout(timer);
      timer = setTimeout(() => set(next), 100);
    },
    cancel() {
      clearTimeout(timer);
      set(null);
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    page: () => page,
  };
}

function IntentPrefetch({ intent }: { intent: Intent }) {
  const page = useSyncExternalStore(intent.subscribe, intent.page, () => null);
  return page ? <PrefetchPageLinks page={page} /> : null;
}
