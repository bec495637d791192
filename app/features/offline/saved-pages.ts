/** What the service worker (sw.ts) and the page (OfflineStatus.tsx) agree on about saved pages (ADR 226). */

/** The header a saved copy carries: when it was saved (ms since the epoch). */
export const SAVED_AT_HEADER = "X-Saved-At";

/** "08:14" today, "26 Nov, 08:14" before: when the page on screen was saved, in the member's time zone. */
export function savedAtText(savedAt: number, now = Date.now()): string {
  const saved = new Date(savedAt);
  const time = saved.toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit" });
  return saved.toDateString() === new Date(now).toDateString()
    ? time
    : `${saved.toLocaleDateString("en-GB", { day: "numeric", month: "short" })}, ${time}`;
}

/** A screen never opened on this device, asked for offline: said plainly, with the way back home. */
export const OFFLINE_PAGE = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Offline | Goals with Friends</title><style>body{font-family:system-ui,sans-serif;margin:0;padding:32px 16px;color:#111827;max-width:36rem}h1{font-size:1.5rem}a{color:#0f766e}</style></head><body><main><h1>You are offline</h1><p>This page has not been opened on this phone yet, so there is no copy of it to show.</p><p><a href="/main">Your goals</a> are kept as you last saw them, and entries you log are sent when the connection returns.</p></main></body></html>`;
