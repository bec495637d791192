/**
 * The producer side of the outbound queue (wrangler.toml [[queues.producers]], binding OUTBOUND, ADR 125):
 * what leaves the app for another service goes through it by id, the row itself staying in D1 (the mail
 * outbox, the early-access request; a push names its device and carries its few words, ADR 283). The
 * consumer is outbound.server.ts.
 */
import { reportError } from "#app/platform/http/report.server";
import type { PushNotice } from "#app/features/push/push";

export const OUTBOUND_QUEUE = "goals-outbound";
export const OUTBOUND_DEAD_LETTER_QUEUE = "goals-outbound-dead";
/** wrangler.toml's max_retries for the outbound queue (a test checks they agree): 9 attempts in all. */
export const OUTBOUND_MAX_RETRIES = 8;

export type OutboundMessage =
  /** A `mail_outbox` row, to the e-mail provider. */
  | { type: "mail"; id: string }
  /** An `early_access_requests` row, to the marketing CRM's form. */
  | { type: "crm"; id: string }
  /** A notice to one device: a `push_subscriptions` row's id and what to show (ADR 283). */
  | { type: "push"; id: string; notice: PushNotice };

/** A queue takes at most 100 messages per sendBatch. */
const SEND_BATCH_LIMIT = 100;

/**
 * Puts messages on the outbound queue. Never throws (it runs after the response): a failure is reported,
 * and the rows stay as they were (a message not enqueued stays "queued" in the outbox).
 */
export async function enqueueOutbound(env: Env, messages: OutboundMessage[]): Promise<void> {
  try {
    for (let i = 0; i < messages.length; i += SEND_BATCH_LIMIT) {
      await env.OUTBOUND.sendBatch(messages.slice(i, i + SEND_BATCH_LIMIT).map((body) => ({ body })));
    }
  } catch (error) {
    reportError(error, { where: "queue" }, { env });
  }
}
