/**
 * Where to go after signing in (ADR 163): only a path on this site. Anything that could leave it
 * (`//evil.example`, `/\evil.example`, `https://...`, control characters) or loop back into the auth
 * screens is refused, so a return path can never become an open redirect.
 */
export const RETURN_TO_MAX = 500;

const AUTH_SCREENS = /^\/(?:signin|signup|signout|tester|passwordreset)(?:[/?#]|$)/;

export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== "string" || value.length === 0 || value.length > RETURN_TO_MAX) return null;
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return null;
  // No control characters, spaces or backslashes: browsers rewrite some of them into "//".
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code <= 0x20 || code === 0x5c || code === 0x7f) return null;
  }
  if (AUTH_SCREENS.test(value)) return null;
  // The URL parser is the final word: the path must stay on the origin it is resolved against.
  try {
    const url = new URL(value, "https://same.invalid");
    if (url.origin !== "https://same.invalid") return null;
    return url.pathname + url.search + url.hash;
  } catch {
    return null;
  }
}

/** The page a signed-out visitor asked for, from a GET request's URL (single-fetch data URLs included). */
export function requestedPath(url: URL): string | null {
  const path = url.pathname.endsWith(".data") ? url.pathname.slice(0, -".data".length) || "/" : url.pathname;
  const search = new URLSearchParams(url.search);
  search.delete("_routes");
  const query = search.toString();
  if (path === "/" || path === "/_root") return null;
  return safeReturnPath(query ? `${path}?${query}` : path);
}
