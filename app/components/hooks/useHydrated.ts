import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False in the server's render and in the browser's hydrating render, true from then on (a component
 * mounted later starts true): for controls that need JavaScript to work. The same as remix-utils'
 * useHydrated, without the package (ADR 231).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
