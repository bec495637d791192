/**
 * Outbound mail on the queue (ADR 125): a mail survives a failing provider and is sent once;
 * after the retry budget it is dead; /dev/mail shows each state. The queue's deliveries are replayed one
 * by one through the worker's `queue` handler (tests/support/queue.ts); the provider is a spy on fetch
 * (tests and the worker share one isolate).
 */
import { createExecutionContext, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { afterEach, describe, expect, it, vi } from "vitest";
import wranglerToml from "../../wrangler.toml?raw";
import { FIRST_RETRY_DELAY_S } from "#app/lib/backoff";
import { createDb } from "#app/platform/db/db.server";
import { deliverLater } from "#app/features/mail/mail.server";
import {
  OUTBOUND_DEAD_LETTER_QUEUE,
  OUTBOUND_QUEUE,
  OUTBOUND_MAX_RETRIES,
} from "#app/features/mail/outbound-queue.server";
import { createUser } from "../support/factories";
import { postForm } from "../support/http";
import { mailedTo } from "../support/mail";
import { deliverMessage } from "../support/queue";

const PROVIDER = "https://mail.example/send";
const withProvider = { ...env, MAIL_API_URL: PROVIDER } as Env;

afterEach(() => vi.restoreAllMocks());

/** A member's reset mail (it carries a sealed link), recorded by the real form; its outbox id. */
async function resetMail() {
  const member = await createUser();
  await postForm("/passwordreset", { email: member.email });
  const row = await env.DB.prepare('SELECT id FROM mail_outbox WHERE "to" = ? AND kind = ?')
    .bind(member.email, "reset")
    .first<{ id: string }>();
  return { email: member.email, id: row!.id };
}

/** The provider: answers from `script` in turn (a status, or "offline" for a network error). */
function provider(script: (number | "offline")[]) {
  const accepted: { text: string; idempotencyKey: string | null }[] = [];
  let calls = 0;
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    expect(String(input)).toBe(PROVIDER);
    expect(init?.signal).toBeInstanceOf(AbortSignal);
    const step = script[Math.min(calls++, script.length - 1)]!;
    if (step === "offline") throw new TypeError("Network connection lost.");
    if (step >= 200 && step < 300)
      accepted.push({
        text: JSON.parse(String(init?.body)).text,
        idempotencyKey: new Headers(init?.headers).get("Idempotency-Key"),
      });
    return new Response(step < 300 ? "{}" : "unavailable", { status: step });
  });
  return { accepted, calls: () => calls };
}

/** The state /dev/mail shows for the newest mail to the address. */
async function stateShown(email: string) {
  const response = await fetchDevMail(email);
  return response.match(/dev-mail__state">([^<]*)</)?.[1];
}
async function fetchDevMail(email: string) {
  const response = await SELF.fetch(`http://localhost/dev/mail?to=${encodeURIComponent(email)}`);
  return (await response.text()).replace(/<!-- -->/g, "");
}

describe("outbound mail on the queue", () => {
  it("survives a failing provider: the endpoint fails twice, then succeeds, and the mail is sent once", async () => {
    const mail = await resetMail();
    expect(await stateShown(mail.email)).toBe("queued");
    const link = (await mailedTo(mail.email))[0]!.text.match(/https?:\/\/\S+/)![0];
    const endpoint = provider([503, "offline", 202]);
    const message = { type: "mail", id: mail.id } as const;

    const first = await deliverMessage(OUTBOUND_QUEUE, message, 1, withProvider);
    expect(first).toMatchObject({ acked: false, retried: true, delaySeconds: FIRST_RETRY_DELAY_S });
    expect(await stateShown(mail.email)).toBe("retrying (attempt 1 failed)");

    const second = await deliverMessage(OUTBOUND_QUEUE, message, 2, withProvider);
    expect(second).toMatchObject({ acked: false, retried: true, delaySeconds: 2 * FIRST_RETRY_DELAY_S });
    expect(await stateShown(mail.email)).toBe("retrying (attempt 2 failed)");

    const third = await deliverMessage(OUTBOUND_QUEUE, message, 3, withProvider);
    expect(third).toMatchObject({ acked: true, retried: false });
    expect(await stateShown(mail.email)).toBe("sent");

    // A queue may deliver a message again: a sent mail is not sent twice.
    const again = await deliverMessage(OUTBOUND_QUEUE, message, 4, withProvider);
    expect(again).toMatchObject({ acked: true, retried: false });

    expect(endpoint.calls()).toBe(3);
    expect(endpoint.accepted).toHaveLength(1);
    expect(endpoint.accepted[0]!.text).toContain(link);
    expect(endpoint.accepted[0]!.idempotencyKey).toBe(mail.id);
  });

  it("lands in the dead state after the retry budget, its link dropped", async () => {
    const mail = await resetMail();
    const endpoint = provider([500]);
    const message = { type: "mail", id: mail.id } as const;
    // The first attempt and max_retries retries, all failing: each one asks the queue to try again.
    for (let attempt = 1; attempt <= OUTBOUND_MAX_RETRIES + 1; attempt++) {
      const outcome = await deliverMessage(OUTBOUND_QUEUE, message, attempt, withProvider);
      expect(outcome).toMatchObject({ acked: false, retried: true });
    }
    expect(await stateShown(mail.email)).toBe(`retrying (attempt ${OUTBOUND_MAX_RETRIES + 1} failed)`);
    // Then the queue moves it to the dead-letter queue, whose consumer marks it dead.
    const dead = await deliverMessage(OUTBOUND_DEAD_LETTER_QUEUE, message, 1, withProvider);
    expect(dead).toMatchObject({ acked: true, retried: false });
    expect(await stateShown(mail.email)).toBe(`dead (after ${OUTBOUND_MAX_RETRIES + 1} attempts)`);
    expect(await fetchDevMail(mail.email)).toContain("Last error: provider answered 500");
    expect((await mailedTo(mail.email))[0]!.text).toContain("[link removed]");
    expect(endpoint.accepted).toHaveLength(0);
    expect(endpoint.calls()).toBe(OUTBOUND_MAX_RETRIES + 1);
  });

  it("wrangler.toml's queues match: the retry budget, the dead-letter queue, the first delay", () => {
    const consumer = wranglerToml.split("[[queues.consumers]]")[1]!;
    expect(consumer).toContain(`queue = "${OUTBOUND_QUEUE}"`);
    expect(consumer).toContain(`max_retries = ${OUTBOUND_MAX_RETRIES}`);
    expect(consumer).toContain(`dead_letter_queue = "${OUTBOUND_DEAD_LETTER_QUEUE}"`);
    expect(consumer).toContain(`retry_delay = ${FIRST_RETRY_DELAY_S}`);
    expect(wranglerToml).toMatch(
      new RegExp(`\\[\\[queues\\.consumers\\]\\]\\nqueue = "${OUTBOUND_DEAD_LETTER_QUEUE}"`),
    );
  });

  it("a recorded mail goes on the queue only when a provider is configured", async () => {
    const sendBatch = vi.fn(async () => {});
    const contextWith = (mailApiUrl?: string) => {
      const ctx = createExecutionContext();
      const context = {
        db: createDb(env.DB),
        cloudflare: { env: { ...env, MAIL_API_URL: mailApiUrl, OUTBOUND: { sendBatch } }, ctx },
      } as unknown as AppLoadContext;
      return { context, ctx };
    };
    const without = contextWith(undefined);
    deliverLater(without.context, [{ id: "m1" }]);
    await waitOnExecutionContext(without.ctx);
    expect(sendBatch).not.toHaveBeenCalled();

    const configured = contextWith(PROVIDER);
    deliverLater(configured.context, [{ id: "m1" }, { id: "m2" }]);
    await waitOnExecutionContext(configured.ctx);
    expect(sendBatch).toHaveBeenCalledExactlyOnceWith([
      { body: { type: "mail", id: "m1" } },
      { body: { type: "mail", id: "m2" } },
    ]);
  });
});
