import type { AppLoadContext } from "@remix-run/cloudflare";

export const isDevelopment = (env: Env) => env.ENVIRONMENT === "development";

/** Throws a 404 unless the app runs in development: dev-only screens do not exist in production. */
export function requireDevelopment(context: AppLoadContext) {
  if (!isDevelopment(context.cloudflare.env)) throw new Response("Not Found", { status: 404 });
}

/** The app's own origin, for links in e-mails. */
export function appUrl(request: Request, env: Env) {
  return env.APP_URL || new URL(request.url).origin;
}
