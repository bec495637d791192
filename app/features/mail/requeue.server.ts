/**
 * Outbound work that never reached the queue (ADR 113). `enqueueOutbound` runs after the response and
 * only reports a failure, so a mail can stay "queued" (no attempt made) and an early-access request
 * pending (no forward tried) with nothing left to deliver them. The cron puts such rows back on the
 * queue, once each:
 * - a row qualifies REQUEUE_AFTER_MS after it was recorded (the queue normally takes it within
 *   seconds), mail only up to REQUEUE_MAX_AGE_MS old (an older notice is no longer news), at most
 *   REQUEUE_BATCH rows of each kind per run;
 * - one conditional UPDATE claims the rows (requeued_at) and returns them, so cron runs, even two at the
 *   same time, enqueue each row once;
 * - a row that did reach the queue after all is not sent twice: the consumer skips a mail already sent
 *   and a request already forwarded, and the provider gets the mail's id as idempotency key.
 * Nothing is enqueued without a provider (MAIL_API_URL) or a CRM (CRM_FORM_URL): rows then stay as
 * they are, as when they were recorded.
 */
import { and, asc, eq, gte, inArray, isNull, lte } from "drizzle-orm";
import { earlyAccessRequests, mailOutbox } from "#drizzle/schema";
import { runGroups } from "#app/platform/db/batch.server";
import type { Database } from "#app/platform/db/db.server";
import { enqueueOutbound, type OutboundMessage } from "./outbound-queue.server";

export const REQUEUE_AFTER_MS = 10 * 60 * 1000;
export const REQUEUE_MAX_AGE_MS = 24 * 60 * 60 * 1000;
export const REQUEUE_BATCH = 100;

export async function requeueStranded(env: Env, db: Database, now: number) {
  const recordedBefore = new Date(now - REQUEUE_AFTER_MS);
  const claimedAt = new Date(now);
  const strandedMail = and(
    eq(mailOutbox.status, "queued"),
    eq(mailOutbox.attempts, 0),
    isNull(mailOutbox.requeuedAt),
    lte(mailOutbox.createdAt, recordedBefore),
    gte(mailOutbox.createdAt, new Date(now - REQUEUE_MAX_AGE_MS)),
  );
  const strandedRequests = and(
    isNull(earlyAccessRequests.forwardedAt),
    eq(earlyAccessRequests.forwardAttempts, 0),
    isNull(earlyAccessRequests.requeuedAt),
    lte(earlyAccessRequests.createdAt, recordedBefore),
  );
  // Both claims in one round trip; a kind with no destination configured is not claimed at all.
  const claimed = await runGroups(db, {
    mail: env.MAIL_API_URL
      ? [
          db
            .update(mailOutbox)
            .set({ requeuedAt: claimedAt })
            .where(
              and(
                strandedMail,
                inArray(
                  mailOutbox.id,
                  db
                    .select({ id: mailOutbox.id })
                    .from(mailOutbox)
                    .where(strandedMail)
                    .orderBy(asc(mailOutbox.createdAt))
                    .limit(REQUEUE_BATCH),
                ),
              ),
            )
            .returning({ id: mailOutbox.id }),
        ]
      : null,
    crm: env.CRM_FORM_URL
      ? [
          db
            .update(earlyAccessRequests)
            .set({ requeuedAt: claimedAt })
            .where(
              and(
                strandedRequests,
                inArray(
                  earlyAccessRequests.id,
                  db
                    .select({ id: earlyAccessRequests.id })
                    .from(earlyAccessRequests)
                    .where(strandedRequests)
                    .orderBy(asc(earlyAccessRequests.createdAt))
                    .limit(REQUEUE_BATCH),
                ),
              ),
            )
            .returning({ id: earlyAccessRequests.id }),
        ]
      : null,
  });
  const messages: OutboundMessage[] = [
    ...(claimed.mail?.[0] ?? []).map(({ id }) => ({ type: "mail" as const, id })),
    ...(claimed.crm?.[0] ?? []).map(({ id }) => ({ type: "crm" as const, id })),
  ];
  await enqueueOutbound(env, messages);
  return {
    mail: messages.filter((m) => m.type === "mail").length,
    crm: messages.filter((m) => m.type === "crm").length,
  };
}
