import type { AppLoadContext } from "@remix-run/cloudflare";
import { notFound } from "./http-errors.server";

export const isDevelopment = (env: Env) => env.ENVIRONMENT === "development";

/** Throws a 404 unless the app runs in development: dev-only screens do not exist in production. */
export function requireDevelopment(context: AppLoadContext) {
  if (!isDevelopment(context.cloudflare.env)) throw notFound();
}

/**
 * The session secrets, newest first: SESSION_SECRET signs and seals; SESSION_SECRET_PREVIOUS (while a
 * rotation settles) is still accepted when reading.
 */
export const sessionSecrets = (env: Env): string[] =>
  [env.SESSION_SECRET, env.SESSION_SECRET_PREVIOUS].filter((s): s is string => !!s);

/** The app's own origin, for links in e-mails. */
export function appUrl(request: Request, env: Env) {
  return env.APP_URL || new URL(request.url).origin;
}
