/**
 * "Today" for every rule and screen. In development the /dev/date tool can pin it with a cookie, so
 * expiry and day counts can be tried by hand and in tests; anywhere else the cookie is ignored.
 * The cookie holds only a date, validated on every read, so it needs no signature.
 */
import { isIsoDate, toIsoDate, type IsoDate } from "#app/lib/dates";
import { isDevelopment } from "#app/platform/http/env.server";

const COOKIE = "gwf_dev_date";

/** Set-Cookie value pinning today (or, with null, going back to the real date). */
export function devDateCookie(date: IsoDate | null): string {
  const attributes = "Path=/; HttpOnly; SameSite=Lax";
  return date ? `${COOKIE}=${date}; Max-Age=${30 * 86_400}; ${attributes}` : `${COOKIE}=; Max-Age=0; ${attributes}`;
}

/** The pinned development date, if any (null outside development). */
export function devDateOverride(request: Request, env: Env): IsoDate | null {
  if (!isDevelopment(env)) return null;
  const cookies = request.headers.get("Cookie") ?? "";
  const value = cookies
    .split(";")
    .map((part) => part.trim().split("="))
    .find(([name]) => name === COOKIE)?.[1];
  return isIsoDate(value) ? value : null;
}

export function today(request: Request, env: Env, now: Date = new Date()): IsoDate {
  return devDateOverride(request, env) ?? toIsoDate(now);
}
