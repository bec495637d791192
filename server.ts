/**
 * The Worker entry: builds the load context once per request and hands it to Remix.
 * It also exports the live-updates Durable Object class, bound as HUB in wrangler.toml.
 */
import { createRequestHandler } from "@remix-run/cloudflare";
import * as build from "@remix-run/dev/server-build";
import { createDb } from "#app/platform/db/db.server";
import { openD1Session } from "#app/platform/db/d1-session.server";
import { secureResponse } from "#app/platform/http/headers.server";
import { getLoadContext } from "#app/platform/http/load-context.server";
import { sweepExpiredRows } from "#app/jobs/housekeeping.server";
import { requeueStranded } from "#app/features/mail/requeue.server";
import { moveOldAvatarKeys } from "#app/features/account/avatar-keys.server";
import { notificationJobs } from "#app/jobs/cron.server";
import { logRequest } from "#app/platform/http/log.server";
import { consumeOutbound } from "#app/features/mail/outbound.server";
import type { OutboundMessage } from "#app/features/mail/outbound-queue.server";
import { reportError } from "#app/platform/http/report.server";
import { archiveEndedGoals } from "#app/features/archive/archive.server";
import { signedInUserId } from "#app/platform/session/session.server";
import { marketingUrl, serveMarketing } from "#app/platform/http/page-cache.server";
import { guardRequest, type ReadBody } from "#app/platform/http/request-guard.server";
import { refuseUnconfigured, UNCONFIGURED_RETRY_DELAY_S } from "#app/platform/session/secret-check.server";

export { Hub } from "#app/features/live/hub.server";

const handleRemixRequest = createRequestHandler(build as any, build.mode); // eslint-disable-line @typescript-eslint/no-explicit-any -- the virtual build module's type is not ServerBuild;

async function render(request: Request, env: Env, ctx: ExecutionContext, body: ReadBody | null = null) {
  const startedAt = Date.now();
  // Reads may go to a D1 replica; a write's bookmark returns in a cookie (ADR 200).
  const d1 = openD1Session(request, env);
  const context = getLoadContext(request, env, ctx, d1.db, body);
  const response = await handleRemixRequest(request, context);
  ctx.waitUntil(
    signedInUserId(context).then((userId) =>
      logRequest({
        requestId: context.requestId,
        method: request.method,
        url: request.url,
        status: response.status,
        startedAt,
        userId,
      }),
    ),
  );
  // Every response (documents, data, resources, redirects, errors) leaves with the security headers.
  const secured = d1.carryBookmark(secureResponse(response, env));
  secured.headers.set("X-Request-Id", context.requestId);
  // Whose page this is, for the service worker: it keeps each account's pages apart and drops them all
  // when a page comes back signed out (ADR 226). The user was read by the loaders already: no D1 read.
  if (request.method === "GET") {
    const account = await signedInUserId(context);
    if (account) secured.headers.set("X-Account", account);
  }
  return secured;
}

export default {
  async fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
    // Outside development, missing, short or example secrets stop every request here (ADR 110).
    const unconfigured = refuseUnconfigured(env);
    if (unconfigured) return secureResponse(unconfigured, env);
    // The marketing page is served from memory or the edge cache to logged-out visitors
    // (page-cache.server.ts). It is a GET, which the request guard always lets through.
    const marketing = marketingUrl(request);
    if (marketing)
      return serveMarketing(request, marketing, ctx, build.assets.version, () => render(request, env, ctx));
    // Cross-site mutations and bodies no form sends stop here with a clean 4xx (ADR 071).
    // The body is read once, there, and never past its cap (ADR 105).
    const guarded = await guardRequest(request);
    if (guarded.refused) {
      // Nobody will read the rest of the body: release it now.
      if (!request.bodyUsed) request.body?.cancel().catch(() => {});
      return secureResponse(guarded.refused, env);
    }
    return render(guarded.request, env, ctx, guarded.body);
  },

  // Cron (wrangler.toml [triggers]): sweep expired sessions, old throttle counters, spent links, old
  // mail and notifications read long ago, a bounded batch of each (housekeeping.server.ts, ADR 295);
  // notifications: heads-ups, reminders, digest, their e-mail (cron.server.ts, ADR 181, 187). Retries of
  // outbound sends are the queue's (ADR 125); the cron only puts back what never reached it (ADR 113).
  async scheduled(event: ScheduledController, env: Env, ctx: ExecutionContext) {
    // No mail sealed or sent with an unusable secret (ADR 110); the refusal logs once.
    if (refuseUnconfigured(env)) return;
    const db = createDb(env.DB);
    const reportFailure = (error: unknown) => reportError(error, { where: "scheduled" }, { env, ctx });
    try {
      ctx.waitUntil(sweepExpiredRows(db, event.scheduledTime).catch(reportFailure));
      // Mail and early-access requests that never reached the queue go back on it, once (ADR 113).
      ctx.waitUntil(requeueStranded(env, db, event.scheduledTime).catch(reportFailure));
      // Avatars stored before ADR 109 move to keys without the owner's id, metadata stripped (ADR 114).
      ctx.waitUntil(moveOldAvatarKeys(env, db).catch(reportFailure));
      // Heads-ups (ADR 181), reminders, the Monday digest and notification e-mail (ADR 187), each once.
      ctx.waitUntil(notificationJobs(env, ctx, db, event.scheduledTime).catch(reportFailure));
      // Ended challenges' entries to R2, a bounded step at a time (ADR 303).
      ctx.waitUntil(archiveEndedGoals(env, db, event.scheduledTime).catch(reportFailure));
    } catch (error) {
      reportFailure(error);
      throw error;
    }
  },

  // The outbound queue and its dead-letter queue (wrangler.toml [[queues.consumers]], ADR 125): mail to
  // the provider, early-access requests to the CRM (outbound.server.ts).
  async queue(batch: MessageBatch<OutboundMessage>, env: Env, ctx: ExecutionContext) {
    // No link unsealed, no mail or CRM request sent with an unusable secret (ADR 110, 111): the messages go
    // back on the queue, after a while, untouched; the refusal logs once.
    if (refuseUnconfigured(env)) {
      for (const message of batch.messages) message.retry({ delaySeconds: UNCONFIGURED_RETRY_DELAY_S });
      return;
    }
    await consumeOutbound(batch, env, ctx);
  },
} satisfies ExportedHandler<Env, OutboundMessage>;
