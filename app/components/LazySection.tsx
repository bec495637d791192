/**
 * A section of a screen whose code the browser loads after the page's first scripts (ADR 237), with its
 * HTML whole from the server, with or without JavaScript.
 *
 * - Server: the section's module is in the worker's one bundle; its import is started when this module
 *   is evaluated, so it has resolved before any request and every render draws the section at once. No
 *   boundary ever suspends on the server: the document holds the section in place, not a hidden segment
 *   revealed by an inline script (which a page without JavaScript would never show).
 * - Browser: the section's chunk is requested when the screen's module is evaluated, beside hydration.
 *   React keeps the server's HTML of the section until the chunk is there and hydrates it then; a form in
 *   it used before that posts as the plain form it is without JavaScript.
 * - A chunk that cannot load (offline before the service worker has it) never reaches the error screen:
 *   the load waits for the connection (or a pause) and tries again, the server's HTML staying in place.
 */
import { lazy, Suspense, use, useEffect, useState, type ComponentType } from "react";

type Load<P> = () => Promise<ComponentType<P>>;

export interface LazySection<P> {
  (props: P): React.ReactNode;
  /** Starts loading the section's code (once); resolves when it is there. */
  preload(): Promise<unknown>;
}

export function lazySection<P extends object>(load: Load<P>): LazySection<P> {
  let Loaded: ComponentType<P> | null = null;
  let loading: Promise<{ default: ComponentType<P> }> | null = null;
  const preload = () =>
    (loading ??= untilLoaded(load).then((component) => {
      Loaded = component;
      return { default: component };
    }));
  const Lazy = lazy(preload);
  if (typeof document === "undefined") void preload();

  function Section(props: P) {
    // Which of the two draws this section is chosen once, for its whole life: the loaded component when its
    // code is already here (no suspending on a screen reached later), else the lazy one, which renders
    // straight away once resolved. Switching from one to the other when the code arrives would make React
    // mount the section afresh on its next render: its state and effects restarted (the live updates'
    // stream closed and opened again, and the page reloaded twice), its typed text gone.
    const [Component] = useState<ComponentType<P>>(() => Loaded ?? Lazy);
    useEffect(markHydrated, []);
    return (
      <Suspense fallback={null}>
        <Component {...props} />
      </Suspense>
    );
  }
  Section.preload = preload;
  return Section;
}

/** Whether the page has hydrated: set by the first effects to run (the root's live updates are a section). */
let hydrated = false;
const markHydrated = () => {
  hydrated = true;
};

/**
 * The sections of a screen, loaded together: `useWithScreen()` in the screen's component makes a screen
 * reached after the page has loaded (a client-side navigation) wait for their code inside the
 * navigation's transition, so the old screen stays until the new one can be drawn whole. Drawn without
 * them, the new screen came in short, the scroll to its #target stopped at the page's end, and the
 * sections' arrival then carried the page away from the target (the browser's scroll anchoring, ADR 237).
 * A screen drawn by the server hydrates at once as before: its sections' HTML is already there.
 */
export function screenSections(sections: LazySection<never>[]) {
  let loaded = false;
  const all =
    typeof document === "undefined"
      ? null
      : Promise.all(sections.map((section) => section.preload())).then(() => {
          loaded = true;
        });
  return {
    useWithScreen() {
      const [wait] = useState(() => hydrated && !loaded);
      useEffect(markHydrated, []);
      if (wait && all && !loaded) use(all);
    },
  };
}

/**
 * `load()`, tried again (when the connection is back, or after a pause) until it resolves, in a browser.
 * Tried first even offline: the service worker has the chunks of a saved screen (ADR 226).
 */
async function untilLoaded<T>(load: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await load();
    } catch (error) {
      if (typeof document === "undefined") throw error;
      await Promise.race([online(), pause(Math.min(60_000, 2_000 * 2 ** attempt))]);
    }
  }
}

const online = () => new Promise<void>((resolve) => addEventListener("online", () => resolve(), { once: true }));
const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
