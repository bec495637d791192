/**
 * Structured logs: one JSON object per line, which Workers Logs ([observability] in wrangler.toml)
 * indexes by field. A request line carries the request id, method, route, status, duration and the
 * signed-in user's id. Never secrets or form values: the route is the path with anything that looks
 * like an id or a token replaced, and no query string (it can carry an e-mail address).
 */

export type LogFields = Record<string, string | number | boolean | null | undefined>;

export function log(level: "info" | "warn" | "error", message: string, fields: LogFields = {}) {
  const line = JSON.stringify({ level, message, ...fields });
  if (level === "error") console.error(line);
  else if (level === "warn") console.warn(line);
  else console.log(line);
}

/** The request id: Cloudflare's ray id where there is one, else a fresh random id. */
export function requestIdOf(request: Request): string {
  return request.headers.get("cf-ray") ?? crypto.randomUUID();
}

/**
 * Routes whose rest is a secret (a friend code, a signed invite, sponsor or supporter link, a reset,
 * e-mail-change or unsubscribe token): everything after the prefix is logged as ":id", whatever it
 * looks like (ADR 218).
 */
const SECRET_ROUTES = [
  "/friends/add/",
  "/invite/",
  "/passwordreset/",
  "/pledge/",
  "/profile/email/",
  "/sponsor/",
  "/unsubscribe/",
];

/**
 * The path as a route pattern: a secret route's rest becomes ":id"; elsewhere, segments that could carry
 * an id (long, with digits, or with a dot) become ":id". `/passwordreset/3fK...x` -> `/passwordreset/:id`.
 */
export function routeOf(url: string): string {
  const { pathname } = new URL(url);
  const secret = SECRET_ROUTES.find((prefix) => pathname.startsWith(prefix) && pathname.length > prefix.length);
  if (secret) return `${secret}:id`;
  return pathname
    .split("/")
    .map((segment) => (segment.length > 24 || /\d/.test(segment) || segment.includes(".") ? ":id" : segment))
    .join("/")
    .slice(0, 200);
}

export function logRequest(fields: {
  requestId: string;
  method: string;
  url: string;
  status: number;
  startedAt: number;
  userId?: string | null;
}) {
  log("info", "request", {
    requestId: fields.requestId,
    method: fields.method,
    route: routeOf(fields.url),
    status: fields.status,
    durationMs: Date.now() - fields.startedAt,
    userId: fields.userId ?? undefined,
  });
}
