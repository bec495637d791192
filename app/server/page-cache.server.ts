/**
 * The edge cache for the marketing page, the one page that is the same for every logged-out visitor.
 * It runs in server.ts before Remix:
 * - only GET / and /marketing, only without a session cookie, are cached or served from the cache;
 * - with a session cookie the request goes to Remix (/ redirects to /main, /marketing shows the
 *   signed-in header) and the answer is marked private, no-store;
 * - the key is the path alone (query strings do not split the cache) plus the build version, so a
 *   deploy never serves HTML that points at old assets;
 * - `Vary: Cookie` keeps browsers from showing their copy to someone who has since signed in.
 */
export const CACHED_PATHS = new Set(["/", "/marketing"]);
export const PUBLIC_CACHE_CONTROL = "public, max-age=300, s-maxage=3600";
const SESSION_COOKIE = /(?:^|;\s*)__session=/;

export const hasSessionCookie = (request: Request) => SESSION_COOKIE.test(request.headers.get("Cookie") ?? "");

export function isMarketingRequest(request: Request) {
  return request.method === "GET" && CACHED_PATHS.has(new URL(request.url).pathname);
}

function cacheKey(request: Request, version: string) {
  const url = new URL(request.url);
  return new Request(`${url.origin}${url.pathname}?v=${encodeURIComponent(version)}`, { method: "GET" });
}

export async function serveMarketing(
  request: Request,
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
  const cache = await openCache();
  const key = cacheKey(request, version);
  const hit = await cache?.match(key);
  if (hit) {
    const response = new Response(hit.body, hit);
    response.headers.set("x-cache", "HIT");
    return response;
  }
  const response = await render();
  // Only a plain 200 that sets no cookie is the shared page; anything else passes through untouched.
  if (response.status !== 200 || response.headers.has("Set-Cookie")) return response;
  response.headers.set("Cache-Control", PUBLIC_CACHE_CONTROL);
  response.headers.append("Vary", "Cookie");
  response.headers.set("x-cache", "MISS");
  if (cache) ctx.waitUntil(cache.put(key, response.clone()).catch((error) => console.error("page cache put failed", error)));
  return response;
}

async function openCache(): Promise<Cache | null> {
  try {
    return (globalThis.caches as unknown as { default: Cache } | undefined)?.default ?? null;
  } catch {
    return null;
  }
}
