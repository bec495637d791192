/**
 * Delivering one outbound-queue message to the built worker's `queue` handler as the queue would
 * (tests only, ADR 125): with the attempt number the queue counts, and what the handler made of it
 * (acked, or retried and after how long). The real queue's redeliveries are these calls, one by one.
 */
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { vi } from "vitest";
import type { OutboundMessage } from "#app/features/mail/outbound-queue.server";
import { worker } from "./worker";

export async function deliverMessage(queue: string, body: OutboundMessage, attempts: number, env: Env) {
  const batch = createMessageBatch<OutboundMessage>(queue, [
    { id: `msg-${body.id}-${attempts}`, timestamp: new Date(), attempts, body },
  ]);
  const retry = vi.spyOn(batch.messages[0]!, "retry");
  const ctx = createExecutionContext();
  await worker.queue(batch, env, ctx);
  const result = await getQueueResult(batch, ctx);
  return {
    acked: result.explicitAcks.length === 1,
    retried: result.retryMessages.length === 1,
    delaySeconds: retry.mock.calls[0]?.[0]?.delaySeconds,
  };
}
