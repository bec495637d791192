/**
 * The edge cache for the marketing page, the one page that is the same for every logged-out visitor.
 * It runs in server.ts before Remix:
 * - only GET / and /marketing, only without a session cookie, are cached or served from the cache;
 * - with a session cookie the request goes to Remix (/ redirects to /main, /marketing shows the
 *   signed-in header) and the answer is marked private, no-store;
 * - the key is the path alone (query strings do not split the cache) plus the build version, so a
 *   deploy never serves HTML that points at old assets;
 * - `Vary: Cookie` keeps browsers from showing their copy to someone who has since signed in;
 * - a warm isolate keeps its copy in memory for a minute in front of the Cache API (ADR 056), so a
 *   repeat visit costs no subrequest at all.
 */
export const CACHED_PATHS = new Set(["/", "/marketing"]);
export const PUBLIC_CACHE_CONTROL = "public, max-age=300, s-maxage=3600";
const SESSION_COOKIE = /(?:^|;\s*)__session=/;

/** How long an isolate serves its own copy before asking the Cache API again. */
export const MEMORY_TTL_MS = 60_000;
/** Two paths per build; a deploy brings a new isolate anyway. The bound only guards against surprises. */
const MEMORY_ENTRIES = 8;

interface Remembered {
  status: number;
  headers: [string, string][];
  body: ArrayBuffer;
  expires: number;
}
const memory = new Map<string, Remembered>();

export const hasSessionCookie = (request: Request) => SESSION_COOKIE.test(request.headers.get("Cookie") ?? "");

/** The page's URL when `request` is a GET of a cached path, else null (the URL is parsed once). */
export function marketingUrl(request: Request): URL | null {
  if (request.method !== "GET" || !mayBeCachedPath(request.url)) return null;
  const url = new URL(request.url);
  return CACHED_PATHS.has(url.pathname) ? url : null;
}

/** A cheap first look at an absolute URL's path, so other requests never pay for parsing it here. */
function mayBeCachedPath(href: string) {
  const slash = href.indexOf("/", href.indexOf("//") + 2);
  if (slash < 0) return true;
  const rest = href.slice(slash, slash + 11);
  return rest === "/" || rest[1] === "?" || rest[1] === "#" || rest.startsWith("/marketing");
}

const cacheKey = (url: URL, version: string) => `${url.origin}${url.pathname}?v=${encodeURIComponent(version)}`;

export async function serveMarketing(
  request: Request,
  url: URL,
  ctx: ExecutionContext,
  version: string,
  render: () => Promise<Response>,
): Promise<Response> {
  if (hasSessionCookie(request)) {
    const response = await render();
    response.headers.set("Cache-Control", "private, no-store");
    response.headers.append("Vary", "Cookie");
    return response;
  }
  const key = cacheKey(url, version);
  const remembered = recall(key);
  if (remembered) return replay(remembered);
  const cache = openCache();
  const hit = await cache?.match(key);
  if (hit) return replay(remember(key, hit.status, hit.headers, await hit.arrayBuffer()));
  const response = await render();
  // Only a plain 200 that sets no cookie is the shared page; anything else passes through untouched.
  if (response.status !== 200 || response.headers.has("Set-Cookie")) return response;
  response.headers.set("Cache-Control", PUBLIC_CACHE_CONTROL);
  response.headers.append("Vary", "Cookie");
  response.headers.set("x-cache", "MISS");
  const copy = response.clone();
  ctx.waitUntil(
    copy
      .arrayBuffer()
      .then((body) => {
        remember(key, copy.status, copy.headers, body);
        return cache?.put(key, new Response(body, copy));
      })
      .catch((error) => console.error("page cache put failed", error)),
  );
  return response;
}

function recall(key: string): Remembered | null {
  const entry = memory.get(key);
  if (!entry) return null;
  if (entry.expires > Date.now()) return entry;
  memory.delete(key);
  return null;
}

/**
 * Headers that describe one answer, not the page: not replayed. The request id names the render that
 * stored the copy (server.ts logs it); a copy from memory or the Cache API is no request of its own.
 */
const PER_ANSWER = new Set(["x-cache", "x-request-id"]);

function remember(key: string, status: number, headers: Headers, body: ArrayBuffer): Remembered {
  if (memory.size >= MEMORY_ENTRIES) memory.clear();
  const entry = {
    status,
    headers: [...headers].filter(([name]) => !PER_ANSWER.has(name)),
    body,
    expires: Date.now() + MEMORY_TTL_MS,
  };
  entry.headers.push(["x-cache", "HIT"]);
  memory.set(key, entry);
  return entry;
}

/** A fresh response from a remembered copy (the runtime copies the bytes; the copy stays intact). */
const replay = ({ status, headers, body }: Remembered) => new Response(body, { status, headers });

function openCache(): Cache | null {
  try {
    return (globalThis.caches as unknown as { default: Cache } | undefined)?.default ?? null;
  } catch {
    return null;
  }
}
