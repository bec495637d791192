/**
 * The consumer of the outbound queue and of its dead-letter queue (server.ts `queue`, ADR 125).
 * - goals-outbound: each message is one send (mail to the provider, a request to the CRM, a push to one
 *   device). Sent, or
 *   nothing left to send: ack. Failed: retry after a growing delay (app/lib/backoff.ts). The queue counts
 *   the attempts and, past wrangler.toml's max_retries, moves the message to the dead-letter queue.
 * - goals-outbound-dead: the row is marked as given up on (a mail "dead" at /dev/mail).
 * An unexpected error (D1 unreachable) goes to the one reporter and the message is retried like a failed
 * send.
 */
import { retryDelaySeconds } from "#app/lib/backoff";
import { forwardRequest, markForwardDead } from "./crm.server";
import { createDb, type Database } from "#app/platform/db/db.server";
import { deliverOutboxMail, markMailDead } from "./mail.server";
import { OUTBOUND_DEAD_LETTER_QUEUE, type OutboundMessage } from "./outbound-queue.server";
import { reportError } from "#app/platform/http/report.server";
import { sendPush } from "#app/features/push/push-send.server";

export async function consumeOutbound(
  batch: MessageBatch<OutboundMessage>,
  env: Env,
  ctx?: ExecutionContext,
): Promise<void> {
  const db = createDb(env.DB);
  const dead = batch.queue === OUTBOUND_DEAD_LETTER_QUEUE;
  await Promise.all(
    batch.messages.map(async (message) => {
      try {
        if (dead) {
          await giveUp(db, message.body);
          message.ack();
          return;
        }
        const outcome = await send(db, env, message.body, message.attempts);
        if (outcome === "failed") message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
        else message.ack();
      } catch (error) {
        reportError(error, { where: "queue", route: `${batch.queue}/${message.body?.type}` }, { env, ctx });
        message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
      }
    }),
  );
}

async function send(db: Database, env: Env, body: OutboundMessage, attempt: number) {
  switch (body?.type) {
    case "mail":
      return deliverOutboxMail(db, env, body.id, attempt);
    case "crm":
      return env.CRM_FORM_URL ? forwardRequest(db, env.CRM_FORM_URL, body.id) : "skipped";
    // A push to one device (ADR 283); a 404/410 deleted the subscription and is not retried.
    case "push":
      return sendPush(db, env, body);
    default:
      // Not a message this app sends: nothing to retry.
      reportError(new Error("outbound queue: unknown message"), { where: "queue" }, { env });
      return "skipped";
  }
}

/** The dead-letter queue's attempts restart at 1: the row keeps the count of the real tries. */
async function giveUp(db: Database, body: OutboundMessage) {
  if (body?.type === "mail") await markMailDead(db, body.id);
  else if (body?.type === "crm") await markForwardDead(db, body.id);
}
