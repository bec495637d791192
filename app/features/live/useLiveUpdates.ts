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
import { useFetcher, useMatches, useNavigation, useRevalidator, type Params } from "@remix-run/react";
import { useContext, useEffect, useRef } from "react";
// The router state, for one fact @remix-run/react does not expose: does the page show action data?
import { UNSAFE_DataRouterStateContext as RouterStateContext } from "react-router";
import { topicKey, type Topic } from "#app/features/live/topics";

export interface LiveHandle<Loader = unknown> {
  live?: (data: LoaderData<Loader> | undefined, params: Params) => Array<Topic | false | null | undefined>;
}
type LoaderData<L> = L extends (...args: never[]) => infer R ? Awaited<R> : unknown;

/** Changes arriving within this window cause one revalidation... */
const DEBOUNCE_MS = 50;
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
  const revalidator = useRevalidator();
  // useRevalidator().revalidate() clears the page's action data (a success notice, server field
  // errors), so while a page shows some, revalidate through a no-op fetcher action (POST /events)
  // instead: Remix re-runs every loader after it and leaves action data alone. Not always: a fetcher
  // action that completes during a navigation takes that navigation over, and if Remix has not yet
  // discovered the target route (a redirect after a submission) the new screen comes up empty.
  const hasActionData = Boolean(useContext(RouterStateContext)?.actionData);
  const fetcher = useFetcher({ key: "live-updates" });
  const idle = navigation.state === "idle" && fetcher.state === "idle" && revalidator.state === "idle";

  // A change waits for the page to be idle: revalidating mid-navigation interrupts it (Remix aborts
  // the navigation's route discovery and the new screen can come up empty), and one revalidation
  // in flight at a time is enough. The navigation itself loads fresh data; the pending revalidation
  // runs after it anyway, so a write racing it is not lost.
  const pending = useRef(false);
  const idleNow = useRef(idle);
  idleNow.current = idle;
  const revalidate = useRef(() => {});
  revalidate.current = hasActionData
    ? () => fetcher.submit(null, { method: "post", action: "/events" })
    : () => revalidator.revalidate();
  const flush = useRef(() => {
    // Offline, a reload of the data can only fail (the error screen): it waits for `online` (ADR 226).
    if (!pending.current || !idleNow.current || !navigator.onLine) return;
    pending.current = false;
    revalidate.current();
  });
  useEffect(() => {
    if (idle) flush.current();
  }, [idle]);
  useEffect(() => {
    const online = () => flush.current();
    window.addEventListener("online", online);
    return () => window.removeEventListener("online", online);
  }, []);

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
