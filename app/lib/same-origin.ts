/**
 * The same-origin rule for mutations (ADR 071): a POST, PUT, PATCH or DELETE is accepted only when
 * the browser says it comes from our own pages. SameSite=Lax cookies already keep the session off
 * cross-site POSTs; this also stops cross-site form posts to pages that need no session (sign-up,
 * sign-in, early access) and answers a clean 403 where Remix's own check would throw a 500.
 *
 * - With an Origin header: it must be exactly this request's origin, and the Host Remix compares
 *   it with (X-Forwarded-Host, else Host) must agree. "null" (sandboxed frames, privacy modes) fails.
 * - Without one: allowed only when Sec-Fetch-Site is absent (old browsers, curl, tests) or
 *   "same-origin". Every browser that sends Sec-Fetch-Site also sends Origin on a POST.
 */
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export type OriginVerdict = { ok: true } | { ok: false; reason: string };

export function checkSameOrigin(method: string, url: string, headers: Headers): OriginVerdict {
  if (SAFE_METHODS.has(method.toUpperCase())) return { ok: true };
  const origin = headers.get("Origin");
  if (origin === null) {
    const site = headers.get("Sec-Fetch-Site");
    if (site === null || site === "same-origin") return { ok: true };
    return { ok: false, reason: `no Origin header and Sec-Fetch-Site: ${site}` };
  }
  let originUrl: URL;
  try {
    originUrl = new URL(origin);
  } catch {
    return { ok: false, reason: "the Origin header is not a URL" };
  }
  const target = new URL(url);
  if (originUrl.origin !== target.origin) return { ok: false, reason: `cross-origin request from ${originUrl.origin}` };
  const host = headers.get("X-Forwarded-Host")?.split(",")[0]?.trim() || headers.get("Host");
  if (host !== originUrl.host) return { ok: false, reason: "the Host header does not match the Origin" };
  return { ok: true };
}
