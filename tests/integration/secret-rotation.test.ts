/**
 * Rotating SESSION_SECRET (ADR 110, 111): every signed link made before the rotation (a goal's invite or
 * share link, a mail's unsubscribe link, a mailed reset link) keeps working while the old secret is
 * SESSION_SECRET_PREVIOUS; one signed with any other secret does not. And every entry point of the worker
 * (fetch, cron, queue) refuses to work with unusable secrets outside development.
 */
import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { inviteToken } from "#app/features/goals/invites.server";
import { unsubscribeToken } from "#app/features/notifications/unsubscribe-token.server";
import { OUTBOUND_QUEUE } from "#app/features/mail/outbound-queue.server";
import { UNCONFIGURED_RETRY_DELAY_S } from "#app/platform/session/secret-check.server";
import { createGoal, createUser, signedInUser } from "../support/factories";
import { get, post, postForm } from "../support/http";
import { deliverMessage } from "../support/queue";
import { worker } from "../support/worker";

afterEach(() => vi.restoreAllMocks());

/** The app as it was before the rotation: SESSION_SECRET was what is SESSION_SECRET_PREVIOUS now. */
const beforeRotation = () => ({ ...env, SESSION_SECRET: env.SESSION_SECRET_PREVIOUS! }) as Env;
const otherSecret = () => ({ ...env, SESSION_SECRET: "another-secret-nobody-rotated-from!" }) as Env;

const isMember = async (userId: string, goalId: string) =>
  !!(await env.DB.prepare("SELECT 1 FROM user_goals WHERE user_id = ? AND goal_id = ?").bind(userId, goalId).first());

describe("signed links across a secret rotation (ADR 111)", () => {
  it("an invite link shared before the rotation still lets its holder join; one signed with another secret does not", async () => {
    expect(env.SESSION_SECRET_PREVIOUS).toBeTruthy();
    const owner = await createUser();
    const goal = await createGoal({ cause: "Rotation walk", visibility: "friends", orgId: owner.id });
    const holder = await signedInUser();
    const forger = await signedInUser();

    const forged = `/invite/${await inviteToken(otherSecret(), goal.id, null)}`;
    expect((await get(forged, forger.cookie)).status).toBe(404);
    expect((await post(forged, {}, forger.cookie)).status).toBe(404);
    expect(await isMember(forger.id, goal.id)).toBe(false);

    const old = `/invite/${await inviteToken(beforeRotation(), goal.id, null)}`;
    const page = await get(old, holder.cookie);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Rotation walk");
    expect((await post(old, {}, holder.cookie)).status).toBe(302);
    expect(await isMember(holder.id, goal.id)).toBe(true);
  });

  it("an unsubscribe link mailed before the rotation still turns that kind of mail off; another secret's is a 404", async () => {
    const member = await createUser();
    const choice = () =>
      env.DB.prepare("SELECT enabled FROM email_preferences WHERE user_id = ? AND topic = 'cheer'")
        .bind(member.id)
        .first<{ enabled: number }>();

    const forged = `/unsubscribe/${await unsubscribeToken(otherSecret(), "cheer", member.id, member.email)}`;
    expect((await get(forged)).status).toBe(404);
    expect((await post(forged, {})).status).toBe(404);
    expect(await choice()).toBeNull();

    const old = `/unsubscribe/${await unsubscribeToken(beforeRotation(), "cheer", member.id, member.email)}`;
    const page = await get(old);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Stop these e-mails");
    expect((await post(old, {})).status).toBe(200);
    expect((await choice())?.enabled).toBe(0);
  });

  it("a reset mail recorded before the rotation is delivered with its working link after it", async () => {
    const member = await createUser();
    await postForm("/passwordreset", { email: member.email });
    const row = await env.DB.prepare('SELECT id FROM mail_outbox WHERE "to" = ? AND kind = ?')
      .bind(member.email, "reset")
      .first<{ id: string }>();
    const sent: string[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (_input, init) => {
      sent.push(JSON.parse(String(init?.body)).text);
      return new Response("{}", { status: 202 });
    });
    // Rotated: the secret that sealed the link is now the previous one.
    const rotated = {
      ...env,
      MAIL_API_URL: "https://mail.example/send",
      SESSION_SECRET: "the-new-session-secret-after-rotation",
      SESSION_SECRET_PREVIOUS: env.SESSION_SECRET,
    } as Env;
    expect(await deliverMessage(OUTBOUND_QUEUE, { type: "mail", id: row!.id }, 1, rotated)).toMatchObject({
      acked: true,
    });
    vi.restoreAllMocks();
    expect(sent).toHaveLength(1);
    const link = sent[0]!.match(/https?:\/\/\S+\/passwordreset\/\S+/)?.[0];
    expect(link, sent[0]).toBeTruthy();
    expect(sent[0]).not.toContain("{{link}}");
  });
});

describe("every entry point refuses unusable secrets outside development (ADR 110, 111)", () => {
  // The test secrets are short: fine in development, refused in production.
  const production = () => ({ ...env, ENVIRONMENT: "production", MAIL_API_URL: "https://mail.example/send" }) as Env;

  it("the queue consumer sends nothing and puts the messages back on the queue for later", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const member = await createUser();
    await postForm("/passwordreset", { email: member.email });
    const row = await env.DB.prepare('SELECT id, status, attempts FROM mail_outbox WHERE "to" = ? AND kind = ?')
      .bind(member.email, "reset")
      .first<{ id: string; status: string; attempts: number }>();
    const provider = vi.spyOn(globalThis, "fetch");
    const outcome = await deliverMessage(OUTBOUND_QUEUE, { type: "mail", id: row!.id }, 1, production());
    expect(outcome).toMatchObject({ acked: false, retried: true, delaySeconds: UNCONFIGURED_RETRY_DELAY_S });
    expect(provider).not.toHaveBeenCalled();
    const after = await env.DB.prepare("SELECT status, attempts FROM mail_outbox WHERE id = ?")
      .bind(row!.id)
      .first<{ status: string; attempts: number }>();
    expect(after).toEqual({ status: row!.status, attempts: row!.attempts });
  });

  it("the cron sweeps, mails and writes nothing", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const expired = crypto.randomUUID();
    const user = await createUser();
    await env.DB.prepare("INSERT INTO sessions (id, user_id, expires_at) VALUES (?, ?, ?)")
      .bind(expired, user.id, Date.now() - 86_400_000)
      .run();
    const ctx = createExecutionContext();
    await worker.scheduled(
      createScheduledController({ scheduledTime: Date.now(), cron: "*/15 * * * *" }),
      production(),
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(await env.DB.prepare("SELECT 1 FROM sessions WHERE id = ?").bind(expired).first()).not.toBeNull();
  });
});
