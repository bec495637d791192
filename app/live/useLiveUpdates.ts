/**
 * The browser's side of live updates (ADR 043). Routes declare the topics their screen shows:
 *
 *   export const handle: LiveHandle<typeof loader> = {
 *     live: (data, params) => ["goals", `goal:${params.id}`],
 *   };
 *
 * `useLiveUpdates()` (mounted once, in root.tsx) gathers the topics of every matched route, keeps one
 * EventSource on /events for them, and revalidates the page's loaders (debounced) when a change
 * arrives: no reload, so focus and typed input stay. It reconnects with backoff and revalidates after
 * every reconnect, and on first connect if a write landed between the page's data load and the
 * connection, so nothing missed while away stays missing.
 */
import { useFetcher, useMatches, useNavigation, type Params } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { topicKey, type Topic } from "#app/lib/live/topics";

export interface LiveHandle<Loader = unknown> {
  live?: (data: LoaderData<Loader> | undefined, params: Params) => Array<Topic | false | null | undefined>;
}
type LoaderData<L> = L extends (...args: never[]) => infer R ? Awaited<R> : unknown;

/** Changes arriving within this window cause one revalidation... */
const DEBOUNCE_MS = 100;
/** ...but a steady stream of changes still revalidates at least this often. */
const MAX_WAIT_MS = 500;
const BACKOFF_START_MS = 500;
const BACKOFF_MAX_MS = 30_000;
/** Margin for the gap between a loader running on the server and the browser noting its request. */
const FRESHNESS_SLACK_MS = 1_000;

/** The sorted topics the current page's routes declare. */
export function usePageTopics(): string {
  const matches = useMatches();
  return topicKey(
    matches.flatMap((match) => {
      const live = (match.handle as LiveHandle | undefined)?.live;
      return live ? live(match.data as never, match.params).filter((t): t is Topic => Boolean(t)) : [];
    }),
  );
}

/** Listens on the topics in `key` (a `topicKey`) and revalidates the page when they change. */
export function useLiveUpdates(key: string) {
  const navigation = useNavigation();
  // Revalidates through a no-op fetcher action (POST /events) rather than useRevalidator(): Remix
  // revalidates every loader after it the same way, but a fetcher action leaves the page's action
  // data alone, while revalidate() clears it (a success notice or field errors would vanish
  // whenever anyone, often this very user, changed something).
  const fetcher = useFetcher({ key: "live-updates" });
  const idle = navigation.state === "idle" && fetcher.state === "idle";

  // A change waits for the page to be idle: revalidating mid-navigation interrupts it (Remix aborts
  // the navigation's route discovery and the new screen can come up empty), and one revalidation
  // in flight at a time is enough. The navigation itself loads fresh data; the pending revalidation
  // runs after it anyway, so a write racing it is not lost.
  const pending = useRef(false);
  const idleNow = useRef(idle);
  idleNow.current = idle;
  const submit = useRef(fetcher.submit);
  submit.current = fetcher.submit;
  const flush = useRef(() => {
    if (!pending.current || !idleNow.current) return;
    pending.current = false;
    submit.current(null, { method: "post", action: "/events" });
  });
  useEffect(() => {
    if (idle) flush.current();
  }, [idle]);

  // When the data on screen was last requested: a write after that may not be on screen.
  const requestedAt = useRef(typeof performance === "undefined" ? 0 : performance.timeOrigin);
  useEffect(() => {
    if (!idle) requestedAt.current = Date.now();
  }, [idle]);

  useEffect(() => {
    if (!key || typeof EventSource === "undefined") return;
    let source: EventSource | null = null;
    let attempt = 0;
    let connectedOnce = false;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let debounceTimer: ReturnType<typeof setTimeout> | undefined;
    let firstPendingAt: number | null = null;
    const root = document.documentElement;

    const scheduleRevalidate = () => {
      const now = Date.now();
      firstPendingAt ??= now;
      clearTimeout(debounceTimer);
      debounceTimer = setTimeout(
        () => {
          firstPendingAt = null;
          pending.current = true;
          flush.current();
        },
        Math.min(DEBOUNCE_MS, Math.max(0, firstPendingAt + MAX_WAIT_MS - now)),
      );
    };

    const connect = () => {
      root.dataset.live = "connecting";
      source = new EventSource(`/events?topics=${encodeURIComponent(key)}`);
      source.addEventListener("ready", (event) => {
        const { since, now } = JSON.parse((event as MessageEvent<string>).data) as { since: number; now: number };
        const sinceHere = since - (now - Date.now()); // the hub's clock, read in ours
        if (connectedOnce || sinceHere > requestedAt.current - FRESHNESS_SLACK_MS) scheduleRevalidate();
        connectedOnce = true;
        attempt = 0;
        root.dataset.live = "connected";
      });
      source.addEventListener("change", scheduleRevalidate);
      source.addEventListener("error", () => {
        // Our own backoff instead of EventSource's fixed retry, which also gives up on HTTP errors.
        source?.close();
        root.dataset.live = "reconnecting";
        const delay = Math.min(BACKOFF_MAX_MS, BACKOFF_START_MS * 2 ** attempt++);
        retryTimer = setTimeout(connect, delay / 2 + Math.random() * (delay / 2));
      });
    };

    connect();
    return () => {
      clearTimeout(retryTimer);
      clearTimeout(debounceTimer);
      source?.close();
      delete root.dataset.live;
    };
  }, [key]);
}

/** Mount once (root.tsx): listens for whatever the current page declares. */
export function LiveUpdates() {
  useLiveUpdates(usePageTopics());
  return null;
}
