/**
 * The Worker entry: builds the load context once per request and hands it to Remix.
 * It also exports the live-updates Durable Object class, bound as HUB in wrangler.toml.
 */
import { createRequestHandler } from "@remix-run/cloudflare";
import * as build from "@remix-run/dev/server-build";
import { retryForwards } from "#app/server/crm.server";
import { createDb } from "#app/server/db.server";
import { createNonce, secureResponse } from "#app/server/headers.server";
import { isMarketingRequest, serveMarketing } from "#app/server/page-cache.server";
import { guardRequest } from "#app/server/request-guard.server";

export { Hub } from "#app/live/hub.server";

const handleRemixRequest = createRequestHandler(build as any, build.mode);

export default {
  async fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
    // Cross-site mutations and bodies no form sends stop here with a clean 4xx (ADR 071).
    const refused = await guardRequest(request);
    if (refused) {
      // Nobody will read the body: release it (and a clone's buffered copy) now.
      request.body?.cancel().catch(() => {});
      return secureResponse(refused, env);
    }
    const db = createDb(env.DB);
    const render = async () => {
      const response = await handleRemixRequest(request, { cloudflare: { env, ctx }, db, nonce: createNonce() });
      // Every response (documents, data, resources, redirects, errors) leaves with the security headers.
      return secureResponse(response, env);
    };
    // The marketing page is served from the edge cache to logged-out visitors (page-cache.server.ts).
    if (isMarketingRequest(request)) return serveMarketing(request, ctx, build.assets.version, render);
    return render();
  },

  // Cron (wrangler.toml [triggers]): retry early-access requests the CRM did not take yet.
  async scheduled(_event: ScheduledController, env: Env, ctx: ExecutionContext) {
    retryForwards(env, createDb(env.DB), ctx);
  },
} satisfies ExportedHandler<Env>;
