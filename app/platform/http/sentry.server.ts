/**
 * Sends what the one reporter (report.server.ts) sees to Sentry, when the SENTRY_DSN secret is set
 * (ADR 124), without Sentry's SDK (ADR 305): one event, built here, posted as an envelope to the DSN's
 * project with fetch. Only those errors: no request data, user, breadcrumbs or tracing, so a worker
 * without the secret does exactly what it did before and one with it reports each error once.
 * Sentry's answer is honoured as the SDK's transport did: a 429 or X-Sentry-Rate-Limits stops this
 * isolate sending to that DSN for the time Sentry asks.
 */
import type { ErrorScope } from "./report.server";

/** A report never holds the worker for long: Sentry's answer is not waited for past this. */
const SEND_TIMEOUT_MS = 5_000;
/** As the SDK: the deepest 50 frames of a stack, and 60 s of silence when Sentry says 429 without a time. */
const MAX_FRAMES = 50;
const DEFAULT_RETRY_MS = 60_000;
const SDK = { name: "goals-with-friends.envelope", version: "1.0.0" };

/** Until when (ms since the epoch) Sentry asked this isolate not to send, per DSN. */
const quietUntil = new Map<string, number>();

interface Target {
  dsn: string;
  environment: string;
}

/** `https://KEY@HOST/PATH/PROJECT` -> the envelope endpoint with the key as Sentry's query auth. Throws on a bad DSN. */
export function envelopeUrl(dsn: string): string {
  const url = new URL(dsn);
  const segments = url.pathname.split("/").filter(Boolean);
  const project = segments.pop();
  if (!url.username || !project || !/^\d+$/.test(project) || !/^https?:$/.test(url.protocol))
    throw new Error("SENTRY_DSN is not a Sentry DSN (https://key@host/project)");
  const path = segments.length ? `/${segments.join("/")}` : "";
  const auth = new URLSearchParams({ sentry_version: "7", sentry_key: decodeURIComponent(url.username) });
  auth.set("sentry_client", `${SDK.name}/${SDK.version}`);
  return `${url.protocol}//${url.host}${path}/api/${project}/envelope/?${auth}`;
}

interface Frame {
  function?: string;
  filename: string;
  lineno?: number;
  colno?: number;
  in_app: boolean;
}

/** V8's `at fn (file:line:col)` / `at file:line:col` lines, oldest call first (Sentry's order). */
export function stackFrames(stack: string | undefined): Frame[] {
  const frames: Frame[] = [];
  for (const line of (stack ?? "").split("\n")) {
    const m = /^\s*at (?:(.+?) \((.+?)(?::(\d+))?(?::(\d+))?\)|(.+?)(?::(\d+))?(?::(\d+))?)\s*$/.exec(line);
    if (!m) continue;
    const filename = m[2] ?? m[5] ?? "<anonymous>";
    const lineno = m[3] ?? m[6];
    const colno = m[4] ?? m[7];
    frames.push({
      ...(m[1] ? { function: m[1] } : {}),
      filename,
      ...(lineno ? { lineno: Number(lineno) } : {}),
      ...(colno ? { colno: Number(colno) } : {}),
      in_app: !filename.includes("node_modules"),
    });
    if (frames.length === MAX_FRAMES) break;
  }
  return frames.reverse();
}

/** The envelope: its header, the item header, and the event, one JSON per line. */
export function eventEnvelope(error: Error, scope: ErrorScope, target: Target, now = Date.now()): string {
  const eventId = crypto.randomUUID().replace(/-/g, "");
  const frames = stackFrames(error.stack);
  const tags: Record<string, string> = { where: scope.where };
  if (scope.route) tags.route = scope.route;
  if (scope.requestId) tags.request_id = scope.requestId;
  const event = {
    event_id: eventId,
    timestamp: now / 1000,
    platform: "javascript",
    level: "error",
    environment: target.environment,
    exception: {
      values: [
        {
          type: error.name,
          value: error.message,
          ...(frames.length ? { stacktrace: { frames } } : {}),
          mechanism: { type: "generic", handled: true },
        },
      ],
    },
    contexts: { runtime: { name: "cloudflare" } },
    tags,
    sdk: SDK,
  };
  const header = { event_id: eventId, sent_at: new Date(now).toISOString(), sdk: SDK };
  return [JSON.stringify(header), JSON.stringify({ type: "event" }), JSON.stringify(event)].join("\n") + "\n";
}

/** How long Sentry asks us to wait (ms), from a 429's Retry-After or an X-Sentry-Rate-Limits header; 0 for none. */
function waitAsked(response: Response): number {
  const limits = response.headers.get("X-Sentry-Rate-Limits");
  if (limits) {
    // "60:error;transaction:key, 2700::organization": the longest that covers errors (no category: all).
    let wait = 0;
    for (const limit of limits.split(",")) {
      const [seconds, categories = ""] = limit.trim().split(":");
      if (categories === "" || categories.split(";").includes("error"))
        wait = Math.max(wait, (Number(seconds) || 60) * 1000);
    }
    return wait;
  }
  if (response.status !== 429) return 0;
  const after = response.headers.get("Retry-After");
  const seconds = Number(after);
  if (after && Number.isFinite(seconds)) return seconds * 1000;
  const date = after ? Date.parse(after) - Date.now() : NaN;
  return Number.isFinite(date) && date > 0 ? date : DEFAULT_RETRY_MS;
}

/**
 * Posts `error` with where it happened and the request id; resolves once it is sent (or given up) and
 * never rejects. Throws at once (for the reporter to log) only for a DSN that is not one.
 */
export function sendToSentry(error: Error, scope: ErrorScope, target: Target): Promise<boolean> {
  const url = envelopeUrl(target.dsn);
  if ((quietUntil.get(target.dsn) ?? 0) > Date.now()) return Promise.resolve(false);
  const body = eventEnvelope(error, scope, target);
  return fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/x-sentry-envelope" },
    body,
    signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
  }).then(
    async (response) => {
      await response.body?.cancel().catch(() => {});
      const wait = waitAsked(response);
      if (wait > 0) quietUntil.set(target.dsn, Date.now() + wait);
      return response.ok;
    },
    () => false,
  );
}
