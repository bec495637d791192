/**
 * The load context, built once per request (server.ts) and handed to every loader, action and the
 * renderer; its type is AppLoadContext, as in Cloudflare's Remix template (ADR 123).
 */
import type { Database } from "#app/platform/db/db.server";
import { createNonce } from "./headers.server";
import { requestIdOf } from "./log.server";
import type { ReadBody } from "./request-guard.server";
import { newViewer } from "#app/platform/session/viewer.server";

/** `db` is this request's D1 session (d1-session.server.ts, ADR 200). */
export function getLoadContext(
  request: Request,
  env: Env,
  ctx: ExecutionContext,
  db: Database,
  body: ReadBody | null = null,
) {
  return {
    cloudflare: { env, ctx },
    db,
    /** Per-request CSP nonce for inline and bundled scripts. */
    nonce: createNonce(),
    /** Names this request in logs and error reports (log.server.ts); also the X-Request-Id header. */
    requestId: requestIdOf(request),
    /** A mutation's body as the request guard read it (size; the form if multipart), else null (ADR 105). */
    body,
    /**
     * The method the client sent. Loaders cannot tell: after a post, Remix calls them with a GET of the
     * same URL to render the answer. A page visit is recorded only for a real GET (ADR 190).
     */
    method: request.method,
    /**
     * Who is asking, read at most once and shared by every loader of the request (viewer.server.ts):
     * the guards fill it, a screen's batch may carry the read (ADR 057, 290).
     */
    viewer: newViewer(),
  };
}

/** The same shape for work without a request (the cron): helpers written for routes run there too. */
export function cronLoadContext(env: Env, ctx: ExecutionContext, db: Database) {
  return {
    cloudflare: { env, ctx },
    db,
    nonce: "",
    requestId: "scheduled",
    body: null,
    method: "",
    viewer: newViewer(),
  } satisfies ReturnType<typeof getLoadContext>;
}

declare module "@remix-run/cloudflare" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends ReturnType<typeof getLoadContext> {}
}
