/**
 * D1 read replication (ADR 200): each request reads through `env.DB.withSession(...)`, so its
 * reads may go to a replica. After a request the database's bookmark (the point in its history that
 * request saw or wrote) travels in a cookie; the next request starts its session from it, so a member
 * reads their own writes even on a replica that is behind. No cookie: "first-unconstrained" (any replica);
 * mutations: "first-primary".
 */
export const BOOKMARK_COOKIE = "__d1";
/** Bookmarks are short hex-and-dash strings; anything longer or odder is ignored, never an error. */
export const BOOKMARK_MAX = 128;

const isBookmarkChar = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 45; // 0-9 A-Z a-z -

/** The bookmark in a Cookie header, if it holds a plausible one. A linear scan: no pattern, no backtracking. */
export function bookmarkFromCookies(header: string | null): string | null {
  if (!header) return null;
  const prefix = `${BOOKMARK_COOKIE}=`;
  let at = header.startsWith(prefix) ? 0 : header.indexOf(`; ${prefix}`);
  if (at < 0) return null;
  if (at > 0) at += 2;
  const start = at + prefix.length;
  let end = header.indexOf(";", start);
  if (end < 0) end = header.length;
  if (end === start || end - start > BOOKMARK_MAX) return null;
  for (let i = start; i < end; i++) if (!isBookmarkChar(header.charCodeAt(i))) return null;
  return header.slice(start, end);
}

/**
 * Where this request's D1 session starts. A page (GET/HEAD) reads after the bookmark it carries, else
 * on any replica. A mutation starts on the primary: the checks it makes before writing (a membership,
 * a throttle count, a claimed link) must see the latest rows, not a replica's.
 */
export const sessionConstraint = (bookmark: string | null, method = "GET") =>
  method !== "GET" && method !== "HEAD" ? "first-primary" : (bookmark ?? "first-unconstrained");

/**
 * The Set-Cookie for a bookmark, or null when the browser already holds it. Session-long (no Max-Age):
 * it only matters for the next few requests; HttpOnly, SameSite=Lax, Secure outside development.
 */
export function bookmarkSetCookie(bookmark: string | null, sent: string | null, secure: boolean): string | null {
  if (!bookmark || bookmark === sent || bookmark.length > BOOKMARK_MAX) return null;
  for (let i = 0; i < bookmark.length; i++) if (!isBookmarkChar(bookmark.charCodeAt(i))) return null;
  return `${BOOKMARK_COOKIE}=${bookmark}; Path=/; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}
