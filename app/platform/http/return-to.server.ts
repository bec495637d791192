/**
 * The way back after signing in (ADR 163). SPEC sends a signed-out visitor on a member route to /; the
 * page they asked for rides along in a short-lived signed cookie (so the redirect stays exactly "/"),
 * and sign-in or sign-up lands there instead of /main. Only same-site paths (app/lib/return-to.ts).
 */
import { createCookie, redirect } from "@remix-run/cloudflare";
import { requestedPath, safeReturnPath } from "#app/lib/return-to";
import { isDevelopment, sessionSecrets } from "./env.server";

const cookies = new Map<string, ReturnType<typeof createCookie>>();

function returnCookie(env: Env) {
  const secure = !isDevelopment(env);
  const secrets = sessionSecrets(env).map((secret) => `return:${secret}`);
  const key = `${secure}:${secrets.join("\n")}`;
  let cookie = cookies.get(key);
  if (!cookie) {
    cookie = createCookie("__return", {
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure,
      // Long enough to find a password or create an account; short enough not to surprise later.
      maxAge: 60 * 60,
      secrets,
    });
    cookies.set(key, cookie);
  }
  return cookie;
}

/** The Set-Cookie that remembers where to go after signing in. */
export function rememberReturnTo(env: Env, path: string): Promise<string> {
  return returnCookie(env).serialize(path);
}

/** The remembered same-site path, or null (missing, forged, or not a safe path). */
export async function readReturnTo(request: Request, env: Env): Promise<string | null> {
  const header = request.headers.get("Cookie");
  if (!header || !header.includes("__return=")) return null;
  try {
    return safeReturnPath(await returnCookie(env).parse(header));
  } catch {
    return null;
  }
}

export function forgetReturnTo(env: Env): Promise<string> {
  return returnCookie(env).serialize("", { maxAge: 0, expires: new Date(0) });
}

/**
 * SPEC's redirect to / for a signed-out visitor, remembering the page (a GET's address) they asked for;
 * the sign-in screen then says they will be brought back.
 */
export async function signedOutRedirect(request: Request, env: Env): Promise<Response> {
  const response = redirect("/");
  const path = request.method === "GET" ? requestedPath(new URL(request.url)) : null;
  if (path) response.headers.append("Set-Cookie", await rememberReturnTo(env, path));
  return response;
}

/**
 * Whether a loader threw SPEC's signed-out redirect (the only redirect to exactly "/" a member screen
 * throws): /join/{id} answers a visitor with its preview instead (ADR 262), keeping its cookies.
 */
export const isSignedOutRedirect = (thrown: unknown): thrown is Response =>
  thrown instanceof Response && thrown.status === 302 && thrown.headers.get("Location") === "/";

/** After a successful sign-in or sign-up: the remembered page (cookie cleared), or the default. */
export async function afterSignIn(request: Request, env: Env, fallback = "/main") {
  const to = await readReturnTo(request, env);
  return { to: to ?? fallback, clear: to ? await forgetReturnTo(env) : null };
}
