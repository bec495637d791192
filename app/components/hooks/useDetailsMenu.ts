import { useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";

/**
 * A <details> menu (usable without JavaScript) that, with JavaScript, also behaves like a menu: Escape
 * closes it and returns focus to its <summary>, a click or focus outside closes it, and choosing an item
 * (a link or a button inside) closes it, as does any navigation.
 */
export function useDetailsMenu<T extends HTMLDetailsElement>() {
  const ref = useRef<T>(null);
  const location = useLocation();
  const shownAt = useRef(location.key);
  useEffect(() => {
    // Only a navigation folds it away: a menu opened before the page's scripts ran stays open.
    if (shownAt.current === location.key) return;
    shownAt.current = location.key;
    if (ref.current) ref.current.open = false;
  }, [location.key]);
  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    const close = (restoreFocus: boolean) => {
      if (!details.open) return;
      details.open = false;
      if (restoreFocus) details.querySelector("summary")?.focus();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape" && details.open) {
        event.preventDefault();
        close(true);
      }
    };
    const onOutside = (event: Event) => {
      if (details.open && event.target instanceof Node && !details.contains(event.target)) close(false);
    };
    const onChoose = (event: MouseEvent) => {
      const item = event.target instanceof Element ? event.target.closest("a, button") : null;
      // Let the click do its work first (a sign-out form still submits), then fold the menu away.
      if (item && details.querySelector("ul")?.contains(item)) setTimeout(() => close(false), 0);
    };
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("pointerdown", onOutside);
    document.addEventListener("focusin", onOutside);
    details.addEventListener("click", onChoose);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("pointerdown", onOutside);
      document.removeEventListener("focusin", onOutside);
      details.removeEventListener("click", onChoose);
    };
  }, []);
  return ref;
}
