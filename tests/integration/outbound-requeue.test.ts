/**
 * Outbound work that never reached the queue (ADR 113): the cron puts a mail still "queued" and an
 * early-access request still pending back on the queue once each, some minutes after they were recorded,
 * and the consumer then sends each once. The queue is a recording stand-in passed to the built worker's
 * `scheduled` handler; the provider and the CRM are spies on fetch (tests and the worker share one isolate).
 */
import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { OUTBOUND_QUEUE, type OutboundMessage } from "#app/features/mail/outbound-queue.server";
import { REQUEUE_AFTER_MS } from "#app/features/mail/requeue.server";
import { createUser } from "../support/factories";
import { postForm, uniqueEmail } from "../support/http";
import { deliverMessage } from "../support/queue";
import { worker } from "../support/worker";

afterEach(() => vi.restoreAllMocks());

const MINUTE = 60_000;

/** A queue that records what is put on it. */
function recordingQueue() {
  const sent: OutboundMessage[] = [];
  const queue = {
    send: async (body: OutboundMessage) => void sent.push(body),
    sendBatch: async (messages: { body: OutboundMessage }[]) => void sent.push(...messages.map((m) => m.body)),
  };
  return { sent, queue };
}

const configured = (queue: unknown) =>
  ({
    ...env,
    MAIL_API_URL: "https://mail.example/send",
    CRM_FORM_URL: "https://crm.example/form",
    OUTBOUND: queue,
  }) as unknown as Env;

async function cron(runEnv: Env, at: number) {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ scheduledTime: at, cron: "*/15 * * * *" }), runEnv, ctx);
  await waitOnExecutionContext(ctx);
}

/** A reset mail recorded while no message reached the queue (the test worker has no provider): its id. */
async function strandedMail() {
  const member = await createUser();
  await postForm("/passwordreset", { email: member.email });
  const row = await env.DB.prepare('SELECT id, created_at FROM mail_outbox WHERE "to" = ? AND kind = ?')
    .bind(member.email, "reset")
    .first<{ id: string; created_at: number }>();
  return { id: row!.id, recordedAt: row!.created_at };
}

async function strandedRequest(recordedAt: number) {
  const id = crypto.randomUUID();
  await env.DB.prepare(
    "INSERT INTO early_access_requests (id, name_first, name_last, location_city, location_state, email, created_at) VALUES (?, 'Ann', 'Lee', 'Bath', 'Somerset', ?, ?)",
  )
    .bind(id, uniqueEmail("stranded"), recordedAt)
    .run();
  return id;
}

const timesQueued = (sent: OutboundMessage[], id: string) => sent.filter((m) => m.id === id).length;

describe("the cron puts back on the queue what never reached it", () => {
  it("a mail left 'queued' goes back on the queue once, after some minutes, and is then sent once", async () => {
    const mail = await strandedMail();
    const { sent, queue } = recordingQueue();
    const runEnv = configured(queue);

    // Too fresh: the queue may still be taking it.
    await cron(runEnv, mail.recordedAt + REQUEUE_AFTER_MS - MINUTE);
    expect(timesQueued(sent, mail.id)).toBe(0);

    // Two cron runs at the same time, then later ones: once in all.
    await Promise.all([cron(runEnv, mail.recordedAt + 15 * MINUTE), cron(runEnv, mail.recordedAt + 15 * MINUTE)]);
    await cron(runEnv, mail.recordedAt + 30 * MINUTE);
    await cron(runEnv, mail.recordedAt + 45 * MINUTE);
    expect(timesQueued(sent, mail.id)).toBe(1);

    // The consumer sends it; delivered twice (a queue may), the provider still gets it once.
    const provider: string[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (_input, init) => {
      provider.push(JSON.parse(String(init?.body)).text);
      return new Response("{}", { status: 202 });
    });
    const message = { type: "mail", id: mail.id } as const;
    expect(await deliverMessage(OUTBOUND_QUEUE, message, 1, runEnv)).toMatchObject({ acked: true });
    expect(await deliverMessage(OUTBOUND_QUEUE, message, 1, runEnv)).toMatchObject({ acked: true });
    expect(provider).toHaveLength(1);
    expect(provider[0]).toMatch(/https?:\/\/\S+\/passwordreset\/\S+/);
    const row = await env.DB.prepare("SELECT status FROM mail_outbox WHERE id = ?")
      .bind(mail.id)
      .first<{ status: string }>();
    expect(row!.status).toBe("sent");
  });

  it("a mail the queue is already retrying, or one without a provider configured, is left alone", async () => {
    const retrying = await strandedMail();
    await env.DB.prepare("UPDATE mail_outbox SET status = 'retrying', attempts = 1 WHERE id = ?")
      .bind(retrying.id)
      .run();
    const idle = await strandedMail();
    const { sent, queue } = recordingQueue();
    await cron({ ...configured(queue), MAIL_API_URL: undefined } as unknown as Env, idle.recordedAt + 15 * MINUTE);
    expect(timesQueued(sent, idle.id)).toBe(0);
    await cron(configured(queue), retrying.recordedAt + 15 * MINUTE);
    expect(timesQueued(sent, retrying.id)).toBe(0);
    // The provider configured now, the idle one goes.
    expect(timesQueued(sent, idle.id)).toBe(1);
  });

  it("an early-access request never forwarded goes back on the queue once, and reaches the CRM once", async () => {
    const recordedAt = Date.now();
    const id = await strandedRequest(recordedAt);
    const { sent, queue } = recordingQueue();
    const runEnv = configured(queue);
    await cron(runEnv, recordedAt + MINUTE);
    expect(timesQueued(sent, id)).toBe(0);
    await Promise.all([cron(runEnv, recordedAt + 15 * MINUTE), cron(runEnv, recordedAt + 15 * MINUTE)]);
    await cron(runEnv, recordedAt + 60 * MINUTE);
    expect(sent.filter((m) => m.id === id)).toEqual([{ type: "crm", id }]);

    const forwarded: string[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (_input, init) => {
      forwarded.push(String(init?.body));
      return new Response("", { status: 200 });
    });
    expect(await deliverMessage(OUTBOUND_QUEUE, { type: "crm", id }, 1, runEnv)).toMatchObject({ acked: true });
    expect(await deliverMessage(OUTBOUND_QUEUE, { type: "crm", id }, 1, runEnv)).toMatchObject({ acked: true });
    expect(forwarded).toHaveLength(1);
  });
});
