import { useLocation } from "@remix-run/react";
import { useEffect } from "react";

/**
 * A "show more" link that leads to `#id` (ADR 191, 315): after it (or on opening its address), focus the
 * first link inside that element, the first item past the cut. Without JavaScript the fragment scrolls
 * there and the next Tab goes to it.
 */
export function useFocusOnArrival(id: string) {
  const { hash, key } = useLocation();
  useEffect(() => {
    if (hash === `#${id}`) document.querySelector<HTMLElement>(`#${id} a`)?.focus();
  }, [hash, key, id]);
}
