/**
 * The one-click unsubscribe link (ADR 234): an opaque token that names neither the member's id nor
 * their address, bound to the address the mail went to, so an e-mail change ends every link mailed
 * before it. An ended link (or one of the old form that named the member) is a clear 410 page that
 * changes nothing.
 */
import { createExecutionContext, createScheduledController, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { signedToken } from "#app/features/goals/invites.server";
import { worker } from "../support/worker";
import { get, post, uniqueEmail } from "../support/http";
import { mailedTo } from "../support/mail";
import { createGoal, signedInUser } from "../support/factories";
import { TEST_PASSWORD } from "#drizzle/factories";

const EXPIRED = "This unsubscribe link has expired, so nothing was changed.";

async function cron() {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ scheduledTime: Date.now(), cron: "*/15 * * * *" }), env, ctx);
  await waitOnExecutionContext(ctx);
}

/** The unsubscribe path of the newest cheer mail to an address. */
async function cheerUnsubscribePath(email: string) {
  const mail = (await mailedTo(email)).find((m) => m.kind === "notice-cheer");
  const link = mail?.text.match(/https?:\/\/\S+\/unsubscribe\/\S+/)?.[0];
  if (!link) throw new Error(`no cheer mail with an unsubscribe link to ${email}`);
  return new URL(link).pathname;
}

async function cheeredMember() {
  const goal = await createGoal({ cause: `Row ${crypto.randomUUID().slice(0, 8)}` });
  const cheerer = await signedInUser({ first: "Ada", join: [goal.id] });
  const member = await signedInUser({ join: [goal.id] });
  /** A cheer from `from` (each member's cheer is told once): mailed by the next cron run. */
  const cheer = async (from = cheerer) =>
    expect((await post(`/goals/${goal.id}/cheer`, { memberId: member.id }, from.cookie)).status).toBe(302);
  await cheer();
  await cron();
  return { goal, member, cheer };
}

const cheerChoice = (userId: string) =>
  env.DB.prepare("SELECT enabled FROM email_preferences WHERE user_id = ? AND topic = 'cheer'")
    .bind(userId)
    .first<{ enabled: number }>();

/** A mail client's one-click unsubscribe (RFC 8058): no cookie, no Origin. */
const oneClick = (path: string) =>
  SELF.fetch(`http://localhost${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: "List-Unsubscribe=One-Click",
  });

describe("unsubscribe links", () => {
  it("name neither the member's id nor their address, and still turn that kind of mail off", async () => {
    const { member } = await cheeredMember();
    const path = await cheerUnsubscribePath(member.email);
    for (const secret of [member.id, member.email, encodeURIComponent(member.email), member.email.split("@")[0]!])
      expect(path).not.toContain(secret);
    const page = await get(path);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Stop these e-mails");
    expect((await oneClick(path)).status).toBe(200);
    expect((await cheerChoice(member.id))?.enabled).toBe(0);
  });

  it("stop working when the account's address changes: a clear page, nothing changed; the next mail's link works", async () => {
    const { goal, member, cheer } = await cheeredMember();
    const old = await cheerUnsubscribePath(member.email);
    const next = uniqueEmail("moved");
    expect((await post("/profile/email", { email: next, current: TEST_PASSWORD }, member.cookie)).status).toBe(302);
    const token = (await mailedTo(next))
      .find((m) => m.kind === "email-change")
      ?.text.match(/\/profile\/email\/([A-Za-z0-9_-]+)/)?.[1];
    expect((await post(`/profile/email/${token}`, {}, member.cookie)).status).toBe(302);

    const page = await get(old);
    expect(page.status).toBe(410);
    const html = await page.text();
    expect(html).toContain(EXPIRED);
    expect(html).toContain('href="/profile#notifications"');
    expect(html).not.toContain("Stop these e-mails");
    const posted = await oneClick(old);
    expect(posted.status).toBe(410);
    expect(await posted.text()).toContain(EXPIRED);
    expect(await cheerChoice(member.id)).toBeNull();

    // The next mail goes to the new address, with a link that works.
    await cheer(await signedInUser({ first: "Bo", join: [goal.id] }));
    await cron();
    const fresh = await cheerUnsubscribePath(next);
    expect(fresh).not.toBe(old);
    expect((await oneClick(fresh)).status).toBe(200);
    expect((await cheerChoice(member.id))?.enabled).toBe(0);
  });

  it("of the old form, which named the member, have expired: the same clear page, nothing changed", async () => {
    const member = await signedInUser();
    const legacy = `/unsubscribe/${encodeURIComponent(await signedToken(env, "unsubscribe", `cheer:${member.id}`))}`;
    const page = await get(legacy);
    expect(page.status).toBe(410);
    expect(await page.text()).toContain(EXPIRED);
    expect((await oneClick(legacy)).status).toBe(410);
    expect(await cheerChoice(member.id)).toBeNull();
  });
});
