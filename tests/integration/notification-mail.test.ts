/**
 * Notification e-mail (ADR 187): made by the cron through the outbox, once per event, by the
 * member's switches; every mail with a one-click unsubscribe that works signed out; the 3-day
 * reminder and the Monday digest.
 */
import { createExecutionContext, createScheduledController, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { addDays, toIsoDate } from "#app/lib/dates";
import { isDigestDay } from "#app/features/notifications/notification-email";
import { worker } from "../support/worker";
import { get, post } from "../support/http";
import { mailedTo } from "../support/mail";
import { createGoal, createUser, dayFromToday, join, signedInUser } from "../support/factories";

const DAY = 86_400_000;

async function cron(at = Date.now()) {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ scheduledTime: at, cron: "*/15 * * * *" }), env, ctx);
  await waitOnExecutionContext(ctx);
}

const notices = async (email: string) => (await mailedTo(email)).filter((m) => m.kind.startsWith("notice-"));

const unsubscribePath = (text: string) => {
  const link = text.match(/https?:\/\/\S+\/unsubscribe\/\S+/)?.[0];
  if (!link) throw new Error(`no unsubscribe link in: ${text}`);
  return new URL(link).pathname;
};

async function cheeredMember() {
  const goal = await createGoal({ cause: `Walk ${crypto.randomUUID().slice(0, 8)}` });
  const cheerer = await signedInUser({ first: "Ada", last: "Byron", join: [goal.id] });
  const member = await signedInUser({ join: [goal.id] });
  expect((await post(`/goals/${goal.id}/cheer`, { memberId: member.id }, cheerer.cookie)).status).toBe(302);
  return { goal, cheerer, member };
}

const allTopics = (overrides: Record<string, string> = {}): Record<string, string> => ({
  cheer: "on",
  message: "on",
  friends: "on",
  "goal-dates": "on",
  pledges: "on",
  reminder: "on",
  badges: "on",
  summary: "on",
  digest: "off",
  ...overrides,
});

describe("notification e-mail", () => {
  it("mails a cheer once, however often the cron runs, even twice at the same time", async () => {
    const { goal, member } = await cheeredMember();
    await Promise.all([cron(), cron()]);
    await cron();
    const mails = await notices(member.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.kind).toBe("notice-cheer");
    expect(mails[0]!.text).toContain(`Ada Byron cheered you on in ${goal.cause}.`);
    expect(mails[0]!.text).toContain(`/active/${goal.id}`);
    // The provider gets the one-click headers; /dev/mail shows them.
    const page = (await (await get(`/dev/mail?to=${encodeURIComponent(member.email)}`)).text()).replace(
      /<!-- -->/g,
      "",
    );
    expect(page).toMatch(/List-Unsubscribe: <code>&lt;http:\/\/localhost\/unsubscribe\/[^<]+&gt;<\/code>/);
    expect(page).toContain("List-Unsubscribe-Post: <code>List-Unsubscribe=One-Click</code>");
    // No working link at rest in the outbox (ADR 103): the stored text holds the placeholder.
    const stored = await env.DB.prepare('SELECT text, link_sealed FROM mail_outbox WHERE "to" = ?')
      .bind(member.email)
      .first<{ text: string; link_sealed: string }>();
    expect(stored!.text).not.toContain("/unsubscribe/");
    expect(stored!.link_sealed).toBeTruthy();
  });

  it("one-click unsubscribe works signed out (RFC 8058 POST) and stops that kind only", async () => {
    const { goal, member } = await cheeredMember();
    await cron();
    const path = unsubscribePath((await notices(member.email))[0]!.text);
    // Opening the link changes nothing (mail scanners follow links); it offers a button.
    const page = await get(path);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Stop these e-mails");
    // A mail client's one-click POST: no cookie, no Origin.
    const oneClick = await SELF.fetch(`http://localhost${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.status).toBe(200);
    // Another cheer and a message: the cheer is not mailed, the message is.
    const other = await signedInUser({ first: "Cy", join: [goal.id] });
    expect((await post(`/goals/${goal.id}/cheer`, { memberId: member.id }, other.cookie)).status).toBe(302);
    expect((await post(`/goals/${goal.id}/discussion`, { intent: "post", body: "Onwards" }, other.cookie)).status).toBe(
      302,
    );
    await cron();
    expect((await notices(member.email)).map((m) => m.kind).sort()).toEqual(["notice-cheer", "notice-message"]);
    // The profile shows the switch off.
    const profile = await (await get("/profile", member.cookie)).text();
    expect(profile).toMatch(/name="cheer" checked="" value="off"/);
    expect(profile).not.toMatch(/name="cheer" checked="" value="on"/);
  });

  it("refuses forged, tampered and malformed unsubscribe links with 404, changing nothing", async () => {
    const { member } = await cheeredMember();
    await cron();
    const path = unsubscribePath((await notices(member.email))[0]!.text);
    const token = decodeURIComponent(path.split("/").pop()!);
    const flip = (i: number) => token.slice(0, i) + (token[i] === "A" ? "B" : "A") + token.slice(i + 1);
    for (const bad of [
      flip(20),
      flip(token.length - 3),
      token.slice(0, -4),
      // The old form, `{topic}:{member}.{HMAC}`, with a signature that is not ours.
      `cheer:${member.id}.${"A".repeat(43)}`,
      "cheer:nobody.AAAA",
      "x".repeat(300),
    ]) {
      const response = await post(`/unsubscribe/${encodeURIComponent(bad)}`, {});
      expect(response.status, bad).toBe(404);
    }
    const rows = await env.DB.prepare("SELECT count(*) AS n FROM email_preferences WHERE user_id = ?")
      .bind(member.id)
      .first<{ n: number }>();
    expect(rows!.n).toBe(0);
  });

  it("the Notifications section of /profile switches kinds off and on; bad values are refused", async () => {
    const { cookie, id, email } = await signedInUser();
    const saved = await post("/profile/notifications", allTopics({ cheer: "off", message: "on" }), cookie);
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/profile#notifications");
    const refused = await post("/profile/notifications", allTopics({ message: "maybe" }), cookie);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Choose On or Off");
    const { results } = await env.DB.prepare(
      "SELECT topic, enabled FROM email_preferences WHERE user_id = ? AND topic IN ('cheer', 'digest', 'message') ORDER BY topic",
    )
      .bind(id)
      .all();
    expect(results).toEqual([
      { topic: "cheer", enabled: 0 },
      { topic: "digest", enabled: 0 },
      { topic: "message", enabled: 1 },
    ]);
    // A cheer for someone who turned cheers off: in the bell, not in the mail.
    const goal = await createGoal();
    await join(id, goal.id);
    const cheerer = await signedInUser({ join: [goal.id] });
    expect((await post(`/goals/${goal.id}/cheer`, { memberId: id }, cheerer.cookie)).status).toBe(302);
    await cron();
    expect(await notices(email)).toEqual([]);
    expect(await (await get("/notifications", cookie)).text()).toContain("cheered you on");
  });

  it("a friend request and its acceptance are mailed once each, by the friends switch", async () => {
    const ana = await signedInUser({ first: "Ana", last: "Request" });
    const ben = await signedInUser({ first: "Ben", last: "Asked" });
    const off = await signedInUser();
    expect((await post("/profile/notifications", allTopics({ friends: "off" }), off.cookie)).status).toBe(302);
    for (const to of [ben.email, off.email])
      expect((await post("/friends", { intent: "invite", email: to }, ana.cookie)).status).toBe(302);
    await cron();
    await cron();
    const asked = await notices(ben.email);
    expect(asked.map((m) => m.kind)).toEqual(["notice-friend-request"]);
    expect(asked[0]!.text).toContain("Ana Request wants to be your friend.");
    expect(asked[0]!.text).toContain("/friends#requests");
    expect(asked[0]!.text).toMatch(/\/unsubscribe\//);
    // Switched off: in the bell only.
    expect(await notices(off.email)).toEqual([]);
    expect(await (await get("/notifications", off.cookie)).text()).toContain("Ana Request wants to be your friend.");

    expect((await post("/friends", { intent: "accept", fromId: ana.id }, ben.cookie)).status).toBe(302);
    await cron();
    await cron();
    const told = await notices(ana.email);
    expect(told.map((m) => m.kind)).toEqual(["notice-friend-accepted"]);
    expect(told[0]!.text).toContain("Ben Asked accepted your invite: you are friends now.");
  });

  it("reminds a member who has not visited a running goal for 3 days, at most once a week", async () => {
    const goal = await createGoal({
      cause: `Swim ${crypto.randomUUID().slice(0, 8)}`,
      start: dayFromToday(-5),
      end: dayFromToday(30),
    });
    const member = await signedInUser({ join: [goal.id] });
    const visitor = await signedInUser({ join: [goal.id] });
    const now = Date.now();
    await cron(now);
    expect(await notices(member.email)).toEqual([]);
    // Three days later; the other member opened the goal that day.
    await env.DB.prepare("UPDATE user_goals SET visited_on = ? WHERE user_id = ?")
      .bind(toIsoDate(new Date(now + 3 * DAY)), visitor.id)
      .run();
    await cron(now + 3 * DAY);
    await cron(now + 3 * DAY + 60_000);
    let mails = await notices(member.email);
    expect(mails.map((m) => m.kind)).toEqual(["notice-reminder"]);
    expect(mails[0]!.text).toContain(`You have not checked in on ${goal.cause} for a few days.`);
    expect(await notices(visitor.email)).toEqual([]);
    // Six days after the reminder: none; seven: the next.
    await cron(now + 9 * DAY);
    expect(await notices(member.email)).toHaveLength(1);
    await cron(now + 10 * DAY);
    mails = await notices(member.email);
    expect(mails.map((m) => m.kind)).toEqual(["notice-reminder", "notice-reminder"]);
  });

  it("counts opening any screen of the goal as a visit, not only /main: those who did are not reminded", async () => {
    const goal = await createGoal({
      cause: `Cycle ${crypto.randomUUID().slice(0, 8)}`,
      start: dayFromToday(-10),
      end: dayFromToday(30),
    });
    const now = Date.now();
    const joinedAt = new Date(now - 5 * DAY);
    // One member per screen of the goal; each opens only that screen, today. Another opens nothing.
    const screens = [
      `/active/${goal.id}`,
      `/goals/${goal.id}/discussion`,
      `/goals/${goal.id}/share`,
      `/give/${goal.id}`,
      "/main", // opens on the current goal, this one
    ];
    const visitors = [];
    for (const path of screens) {
      const member = await signedInUser();
      await join(member.id, goal.id, { joinedAt });
      expect((await get(path, member.cookie)).status, path).toBe(200);
      visitors.push({ path, member });
    }
    const idle = await signedInUser();
    await join(idle.id, goal.id, { joinedAt });
    // Another member's visit, or a visit to another goal, is not theirs.
    const elsewhere = await createGoal({ start: dayFromToday(-10), end: dayFromToday(30) });
    await join(idle.id, elsewhere.id, { joinedAt: new Date(now - 6 * DAY) });
    expect((await get(`/active/${elsewhere.id}`, idle.cookie)).status).toBe(200);

    // A day later the cron runs, twice at once and once more.
    await Promise.all([cron(now + DAY), cron(now + DAY)]);
    await cron(now + DAY + 60_000);
    for (const { path, member } of visitors) expect(await notices(member.email), path).toEqual([]);
    const told = await notices(idle.email);
    expect(told.map((m) => m.kind)).toEqual(["notice-reminder"]);
    expect(told[0]!.text).toContain(`You have not checked in on ${goal.cause} for a few days.`);
    const bell = await env.DB.prepare("SELECT count(*) AS n FROM notifications WHERE user_id = ? AND kind = 'reminder'")
      .bind(idle.id)
      .first<{ n: number }>();
    expect(bell!.n).toBe(1);
  });

  it("reminds every idle member of a big club in one run: more than one insert's worth of rows", async () => {
    const goal = await createGoal({
      cause: `Row ${crypto.randomUUID().slice(0, 8)}`,
      start: dayFromToday(-10),
      end: dayFromToday(30),
    });
    const now = Date.now();
    // 30 reminders are more rows than one statement may bind (D1: 100 parameters a statement).
    const idle = await Promise.all(Array.from({ length: 30 }, () => createUser()));
    for (const member of idle) await join(member.id, goal.id, { joinedAt: new Date(now - 5 * DAY) });
    await cron(now + DAY);
    const bell = await env.DB.prepare("SELECT count(*) AS n FROM notifications WHERE goal_id = ? AND kind = 'reminder'")
      .bind(goal.id)
      .first<{ n: number }>();
    expect(bell!.n).toBe(30);
  });

  it("sends the weekly digest on Mondays to those who turned it on, once", async () => {
    const { goal, member } = await cheeredMember();
    expect(
      (await post("/profile/notifications", allTopics({ cheer: "off", digest: "on" }), member.cookie)).status,
    ).toBe(302);
    const other = await cheeredMember();
    // The coming Monday (today if it is one), less than a week ahead: the week's notifications are in.
    const today = toIsoDate(new Date());
    const monday = [0, 1, 2, 3, 4, 5, 6].map((n) => addDays(today, n)).find((d) => isDigestDay(d))!;
    const at = Math.max(Date.now() + 60_000, Date.parse(`${monday}T00:10:00Z`));
    await cron(at);
    await cron(at + 60_000);
    const digests = (await notices(member.email)).filter((m) => m.kind === "notice-digest");
    expect(digests).toHaveLength(1);
    expect(digests[0]!.text).toContain(`Ada Byron cheered you on in ${goal.cause}.`);
    expect(digests[0]!.text).toMatch(/\/unsubscribe\//);
    // The digest is off by default.
    expect((await notices(other.member.email)).filter((m) => m.kind === "notice-digest")).toEqual([]);
  });
});
