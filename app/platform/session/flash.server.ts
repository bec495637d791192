/**
 * Flash messages (ADR 160): the one-line outcome of an action that redirects ("Your profile is saved."),
 * carried to the next page in a short-lived signed cookie, shown once by the root layout, with or
 * without JavaScript. Replaces the ?saved / ?thanks / ?notice query flags.
 */
import { createCookie, redirect } from "@remix-run/cloudflare";
import { FLASH_MAX_LENGTH, type Flash, type FlashKind } from "#app/lib/flash";
import { isDevelopment, sessionSecrets } from "#app/platform/http/env.server";

const cookies = new Map<string, ReturnType<typeof createCookie>>();

function flashCookie(env: Env) {
  if (!env.SESSION_SECRET) throw new Error("SESSION_SECRET is not set (see .dev.vars.example)");
  const secure = !isDevelopment(env);
  const secrets = sessionSecrets(env).map((secret) => `flash:${secret}`);
  const key = `${secure}:${secrets.join("\n")}`;
  let cookie = cookies.get(key);
  if (!cookie) {
    cookie = createCookie("__flash", {
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure,
      // The message is for the very next page: a browser that never gets there forgets it soon.
      maxAge: 120,
      // A different purpose than the session: a flash value can never pass for a session (and back).
      // The previous secret is still accepted while a rotation settles (docs/deploy.md).
      secrets,
    });
    cookies.set(key, cookie);
  }
  return cookie;
}

/** The Set-Cookie value carrying a message to the next page. */
export function flashCookieHeader(env: Env, message: string, kind?: FlashKind, at?: string): Promise<string> {
  const flash: Flash = { id: crypto.randomUUID(), message: message.slice(0, FLASH_MAX_LENGTH), kind, at };
  return flashCookie(env).serialize(flash);
}

/** Adds a flash message to a response (usually a redirect), keeping its other cookies. */
export async function withFlash(response: Response, env: Env, message: string, kind?: FlashKind): Promise<Response> {
  response.headers.append("Set-Cookie", await flashCookieHeader(env, message, kind));
  return response;
}

/** Redirect with a message for the page it lands on (post/redirect/get). */
export async function redirectWithFlash(
  env: Env,
  to: string,
  message: string,
  kind?: FlashKind,
  init?: ResponseInit,
): Promise<Response> {
  return withFlash(redirect(to, init), env, message, kind);
}

/**
 * Redirect to `to#at` with a message shown beside the element `at` (ADR 252): without JavaScript the
 * page returns to the changed item, with the message there instead of at the top.
 */
export async function redirectWithFlashAt(env: Env, to: string, message: string, at: string): Promise<Response> {
  const response = redirect(`${to}#${at}`);
  response.headers.append("Set-Cookie", await flashCookieHeader(env, message, undefined, at));
  return response;
}

/**
 * The message waiting for this request, if any, and the Set-Cookie that forgets it (shown once).
 * A forged or mangled cookie reads as no message.
 */
export async function readFlash(request: Request, env: Env): Promise<{ flash: Flash | null; clear: string | null }> {
  const header = request.headers.get("Cookie");
  if (!header || !header.includes("__flash=")) return { flash: null, clear: null };
  const cookie = flashCookie(env);
  const clear = await cookie.serialize("", { maxAge: 0, expires: new Date(0) });
  try {
    const value: unknown = await cookie.parse(header);
    return { flash: isFlash(value) ? value : null, clear };
  } catch {
    return { flash: null, clear };
  }
}

function isFlash(value: unknown): value is Flash {
  if (!value || typeof value !== "object") return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.id === "string" &&
    typeof v.message === "string" &&
    v.message.length <= FLASH_MAX_LENGTH &&
    (v.at === undefined || (typeof v.at === "string" && v.at.length <= 100))
  );
}
