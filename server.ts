/**
 * The Worker entry: builds the load context once per request and hands it to Remix.
 * It also exports the live-updates Durable Object class, bound as HUB in wrangler.toml.
 */
import { createRequestHandler } from "@remix-run/cloudflare";
import * as build from "@remix-run/dev/server-build";
import { createDb } from "#app/server/db.server";
import { countingD1, type TripCounter } from "#app/server/d1-counter.server";
import { isDevelopment } from "#app/server/env.server";
import { applyCommonHeaders, createNonce } from "#app/server/headers.server";

export { Hub } from "#app/live/hub.server";

const handleRemixRequest = createRequestHandler(build as any, build.mode);

export default {
  async fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
    // In development, count D1 round trips so tests can hold every screen to its budget.
    const counter: TripCounter | null = isDevelopment(env) ? { trips: 0 } : null;
    const db = createDb(counter ? countingD1(env.DB, counter) : env.DB);
    const response = await handleRemixRequest(request, { cloudflare: { env, ctx }, db, nonce: createNonce() });
    // Re-wrap so the headers are mutable whatever Remix returned (redirects, streams).
    const wrapped = new Response(response.body, response);
    applyCommonHeaders(wrapped.headers, env);
    if (counter) wrapped.headers.set("X-D1-Round-Trips", String(counter.trips));
    return wrapped;
  },
} satisfies ExportedHandler<Env>;
