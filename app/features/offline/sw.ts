/**
 * The service worker (ADR 226), bundled by scripts/build-sw.mjs into public/sw.js with Workbox.
 * - The app shell (the client code of the home and goal screens, the style sheets) is precached on
 *   install: the first visit has just downloaded it, so install reads it from the HTTP cache.
 * - Other /build/ files (hashed, immutable) are kept as they are used: cache first, 80 files, 30 days.
 * - /main and the goal screens (documents and their client-navigation data) go to the network first;
 *   a 200 that names its account (the X-Account header) is saved in that account's cache, and only
 *   one account's cache exists at a time. A page that comes back signed out drops them all. Offline
 *   (or no answer within 6 s) the saved copy is served, at most 14 days old, and the page is told when
 *   it was saved ("Offline — showing what you saw at 08:14").
 * - Entries logged offline are sent by Background Sync (queue.ts) where the browser has it.
 * - Web Push (ADR 281): a `push` shows the notice; a tap opens the goal it names, or /main.
 */
/// <reference lib="webworker" />
import { clientsClaim } from "workbox-core";
import { ExpirationPlugin } from "workbox-expiration";
import { cleanupOutdatedCaches, precacheAndRoute, type PrecacheEntry } from "workbox-precaching";
import { registerRoute } from "workbox-routing";
import { CacheFirst } from "workbox-strategies";
import { flush, SYNC_TAG } from "./queue";
import { OFFLINE_PAGE, SAVED_AT_HEADER } from "./saved-pages";

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: PrecacheEntry[] };

const PAGES_PREFIX = "pages-";
const MAX_PAGES = 20;
const MAX_AGE_MS = 14 * 24 * 60 * 60 * 1000;
const NETWORK_TIMEOUT_MS = 6000;
/** A data request that failed with no saved copy is tried once more after this (ADR 228). */
const RETRY_AFTER_MS = 1000;
/** The screens a member reads offline, as documents and as single-fetch data (`/main.data`). */
const SAVED = /^\/(?:main|active\/[A-Za-z0-9_-]{1,64})(?:\.data)?$/;

void self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin && request.method === "GET" && url.pathname.startsWith("/build/"),
  new CacheFirst({
    cacheName: "assets",
    plugins: [new ExpirationPlugin({ maxEntries: 80, maxAgeSeconds: 30 * 24 * 60 * 60 })],
  }),
);

/** When the page a client is showing was saved, for the pages served from a saved copy. */
const savedAtOf = new Map<string, number>();

registerRoute(
  ({ url, request }) => url.origin === self.location.origin && request.method === "GET" && SAVED.test(url.pathname),
  async ({ request, event }) => {
    const fetchEvent = event as FetchEvent;
    let response: Response;
    try {
      response = await withTimeout(fetch(request), NETWORK_TIMEOUT_MS);
    } catch {
      const saved = await savedCopy(request);
      if (!saved && request.mode !== "navigate") {
        // A page's data reload with no saved copy to answer it: the error screen if it fails. `online`
        // often comes a moment before the connection carries requests, so one more try first (ADR 228).
        try {
          await new Promise((resolve) => setTimeout(resolve, RETRY_AFTER_MS));
          response = await withTimeout(fetch(request), NETWORK_TIMEOUT_MS);
          fetchEvent.waitUntil(keep(request, response.clone()));
          return response;
        } catch {
          return Response.error();
        }
      }
      if (!saved) return offlinePage();
      const at = Number(saved.headers.get(SAVED_AT_HEADER));
      if (request.mode === "navigate") savedAtOf.set(fetchEvent.resultingClientId, at);
      else void tellClient(fetchEvent.clientId, at);
      return saved;
    }
    fetchEvent.waitUntil(keep(request, response.clone()));
    return response;
  },
);

async function keep(request: Request, response: Response) {
  const account = response.headers.get("X-Account");
  // Signed out (a redirect to sign-in, or a page with nobody's name on it): nothing is kept any more.
  if (!account) return forgetPages();
  if (response.status !== 200) return;
  const name = PAGES_PREFIX + account;
  for (const other of await caches.keys())
    if (other.startsWith(PAGES_PREFIX) && other !== name) await caches.delete(other);
  const headers = new Headers(response.headers);
  headers.set(SAVED_AT_HEADER, String(Date.now()));
  const cache = await caches.open(name);
  await cache.put(request, new Response(await response.blob(), { status: 200, statusText: "OK", headers }));
  const keys = await cache.keys();
  for (const old of keys.slice(0, Math.max(0, keys.length - MAX_PAGES))) await cache.delete(old);
}

async function forgetPages() {
  for (const name of await caches.keys()) if (name.startsWith(PAGES_PREFIX)) await caches.delete(name);
}

async function savedCopy(request: Request): Promise<Response | undefined> {
  const name = (await caches.keys()).find((n) => n.startsWith(PAGES_PREFIX));
  if (!name) return undefined;
  const cache = await caches.open(name);
  // Client navigations ask for the data of some routes only (`?_routes=`): any saved copy of the screen will do.
  const saved = (await cache.match(request)) ?? (await cache.match(request, { ignoreSearch: true }));
  if (!saved || Date.now() - Number(saved.headers.get(SAVED_AT_HEADER)) > MAX_AGE_MS) return undefined;
  return saved;
}

function offlinePage() {
  return new Response(OFFLINE_PAGE, {
    status: 503,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'",
    },
  });
}

async function tellClient(clientId: string, savedAt: number) {
  const client = clientId ? await self.clients.get(clientId) : undefined;
  client?.postMessage({ type: "saved-copy", savedAt });
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("timeout")), ms);
    promise.then(
      (value) => (clearTimeout(timer), resolve(value)),
      (error) => (clearTimeout(timer), reject(error)),
    );
  });
}

self.addEventListener("message", (event) => {
  const data = event.data as { type?: string } | null;
  if (data?.type === "saved-at") {
    const id = (event.source as Client | null)?.id ?? "";
    event.ports[0]?.postMessage({ savedAt: savedAtOf.get(id) ?? null });
  }
});

// Background Sync: the browser wakes the worker when the connection is back, and retries on a throw.
self.addEventListener("sync", (event) => {
  const sync = event as ExtendableEvent & { tag: string };
  if (sync.tag === SYNC_TAG) sync.waitUntil(sendQueued());
});

async function sendQueued() {
  const result = await flush();
  for (const client of await self.clients.matchAll({ type: "window" })) client.postMessage({ type: "queue-changed" });
  if (result === "offline") throw new Error("Still offline: the browser retries the sync later.");
  if (result === "later") throw new Error("Held back by the write limit (ADR 238): the browser retries later.");
}

/** Only a path of this app opens from a notification: anything else opens /main. */
const appPath = (url: unknown) =>
  typeof url === "string" && url.startsWith("/") && !url.startsWith("//") ? url : "/main";

// Web Push (ADR 281): the server's notice (app/features/push/push.ts PushNotice), shown as a notification.
self.addEventListener("push", (event) => {
  let notice: { title?: string; body?: string; url?: string; tag?: string } = {};
  try {
    notice = event.data?.json() ?? {};
  } catch {
    notice = { body: event.data?.text() };
  }
  event.waitUntil(
    self.registration.showNotification(notice.title || "Goals with Friends", {
      body: notice.body ?? "",
      tag: notice.tag,
      icon: "/icon-192.png",
      badge: "/icon-192.png",
      data: { url: appPath(notice.url) },
    }),
  );
});

// A tap opens the goal (or /main): an open window of the app goes there, else a new one opens.
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL(appPath((event.notification.data as { url?: unknown } | null)?.url), self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin) as WindowClient | undefined;
      if (open) {
        await open.focus();
        await open.navigate(url).catch(() => self.clients.openWindow(url));
        return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});
