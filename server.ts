/**
 * The Worker entry: builds the load context once per request and hands it to Remix.
 * It also exports the live-updates Durable Object class, bound as HUB in wrangler.toml.
 */
import { createRequestHandler } from "@remix-run/cloudflare";
import * as build from "@remix-run/dev/server-build";
import { createDb } from "#app/server/db.server";
import { applyCommonHeaders, createNonce } from "#app/server/headers.server";

export { Hub } from "#app/live/hub.server";

const handleRemixRequest = createRequestHandler(build as any, build.mode);

export default {
  async fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
    const db = createDb(env.DB);
    const response = await handleRemixRequest(request, { cloudflare: { env, ctx }, db, nonce: createNonce() });
    // Re-wrap so the headers are mutable whatever Remix returned (redirects, streams).
    const wrapped = new Response(response.body, response);
    applyCommonHeaders(wrapped.headers, env);
    return wrapped;
  },
} satisfies ExportedHandler<Env>;
