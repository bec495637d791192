/**
 * "Today" for every rule and screen. In development the /dev/date tool can pin it with a cookie, so
 * expiry and day counts can be tried by hand and in tests; anywhere else the cookie is ignored.
 */
import { createCookie } from "@remix-run/cloudflare";
import { isIsoDate, toIsoDate, type IsoDate } from "#app/lib/dates";
import { isDevelopment } from "./env.server";

export const devDateCookie = createCookie("gwf_dev_date", { path: "/", httpOnly: true, sameSite: "lax", maxAge: 30 * 86_400 });

/** The pinned development date, if any (null outside development). */
export async function devDateOverride(request: Request, env: Env): Promise<IsoDate | null> {
  if (!isDevelopment(env)) return null;
  const value: unknown = await devDateCookie.parse(request.headers.get("Cookie"));
  return isIsoDate(value) ? value : null;
}

export async function today(request: Request, env: Env, now: Date = new Date()): Promise<IsoDate> {
  return (await devDateOverride(request, env)) ?? toIsoDate(now);
}
