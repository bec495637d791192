/**
 * Floods (ADR 217): per-member limits on messages, cheers and entry writes as conditions of the write
 * (a clear message and a 429, nothing written, race-safe); a goal's unread messages as one line with a
 * count; the notification mail job fair per recipient and per goal, and silent for suspended members.
 */
import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { LIMITS } from "#app/platform/session/rate-limit.server";
import { worker } from "../support/worker";
import { get, post } from "../support/http";
import { mailedTo } from "../support/mail";
import { createGoal, signedInUser } from "../support/factories";
import { entriesOf, insertMeasuredGoal, logEntry } from "../support/progress";

/** Sets a member's counter as if they had written `count` times in the current window. */
async function alreadyWrote(limit: { name: string }, userId: string, count: number) {
  await env.DB.prepare(
    "INSERT INTO signin_attempts (key, count, window_start) VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE SET count = excluded.count, window_start = excluded.window_start",
  )
    .bind(`${limit.name}:member:${userId}`, count, Date.now())
    .run();
}

const messageCount = async (goalId: string) =>
  (await env.DB.prepare("SELECT count(*) AS n FROM messages WHERE goal_id = ?").bind(goalId).first<{ n: number }>())!.n;

const unescape = (html: string) => html.replace(/<!-- -->/g, "").replace(/&#x27;/g, "'");

async function cron(at = Date.now()) {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ scheduledTime: at, cron: "*/15 * * * *" }), env, ctx);
  await waitOnExecutionContext(ctx);
}

async function goalOf(n: number) {
  const goal = await createGoal({ cause: `Walk ${crypto.randomUUID().slice(0, 8)}` });
  const members = [];
  for (let i = 0; i < n; i++) members.push(await signedInUser({ first: `M${i}`, join: [goal.id] }));
  return { goal, members };
}

describe("flood limits", () => {
  it("the 21st message in 10 minutes is a 429 with the reason on the form, and writes nothing", async () => {
    const { goal, members } = await goalOf(2);
    const [author, reader] = members;
    await alreadyWrote(LIMITS.messages, author!.id, LIMITS.messages.max - 1);
    const last = await post(`/goals/${goal.id}/discussion`, { intent: "post", body: "The 20th" }, author!.cookie);
    expect(last.status).toBe(302);
    const refused = await post(`/goals/${goal.id}/discussion`, { intent: "post", body: "The 21st" }, author!.cookie);
    expect(refused.status).toBe(429);
    expect(unescape(await refused.text())).toContain(
      "You have posted 20 messages in 10 minutes. Wait a few minutes, then post again.",
    );
    expect(await messageCount(goal.id)).toBe(1);
    // The refused message told nobody either: the reader's one line still counts one message.
    const notes = await env.DB.prepare("SELECT count FROM notifications WHERE user_id = ? AND kind = 'message'")
      .bind(reader!.id)
      .all<{ count: number }>();
    expect(notes.results).toEqual([{ count: 1 }]);
  });

  it("messages posted at once never pass the limit: exactly the 5 left get through", async () => {
    const { goal, members } = await goalOf(1);
    await alreadyWrote(LIMITS.messages, members[0]!.id, LIMITS.messages.max - 5);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        post(`/goals/${goal.id}/discussion`, { intent: "post", body: `At once ${i}` }, members[0]!.cookie),
      ),
    );
    expect(answers.filter((r) => r.status === 302)).toHaveLength(5);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(7);
    expect(await messageCount(goal.id)).toBe(5);
  });

  it("the 61st cheer (or un-cheer) in 10 minutes is a 429 that says why and changes nothing", async () => {
    const { goal, members } = await goalOf(2);
    const [fan, star] = members;
    await alreadyWrote(LIMITS.cheers, fan!.id, LIMITS.cheers.max);
    const refused = await post(`/goals/${goal.id}/cheer`, { memberId: star!.id }, fan!.cookie);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({
      error: "You have cheered 60 times in 10 minutes. Wait a few minutes, then cheer again.",
    });
    const cheers = await env.DB.prepare("SELECT count(*) AS n FROM cheers WHERE goal_id = ?")
      .bind(goal.id)
      .first<{ n: number }>();
    expect(cheers!.n).toBe(0);
    expect(
      (await env.DB.prepare("SELECT count(*) AS n FROM notifications WHERE user_id = ?").bind(star!.id).first<any>()).n,
    ).toBe(0);
  });

  it("the 61st entry write in 10 minutes is a 429 on the amount field; a replay of a logged entry still succeeds", async () => {
    const goal = await insertMeasuredGoal({ cause: `Km ${Date.now()}` });
    const member = await signedInUser({ join: [goal.id] });
    const key = crypto.randomUUID().replace(/-/g, "");
    expect((await logEntry(goal.id, member.cookie, { key, amount: "3" })).status).toBe(302);
    await alreadyWrote(LIMITS.entryWrites, member.id, LIMITS.entryWrites.max);
    const refused = await logEntry(goal.id, member.cookie, { amount: "4" });
    expect(refused.status).toBe(429);
    const html = unescape(await refused.text());
    expect(html).toContain("You have saved 60 entries in 10 minutes. Wait a few minutes, then try again.");
    expect(html).toMatch(/id="[^"]*amount[^"]*-error"/);
    // The phone sending its queued entry again is told it is logged, not throttled.
    expect((await logEntry(goal.id, member.cookie, { key, amount: "3" })).status).toBe(302);
    expect((await entriesOf(goal.id, member.id)).map((e) => e.amount)).toEqual([300]);
  });
});

describe("flood limits: activity files", () => {
  it("saving activity files past the entry limit is a 429 with the reason, and writes none of them", async () => {
    const goal = await insertMeasuredGoal({ cause: `Files ${Date.now()}` });
    const member = await signedInUser({ join: [goal.id] });
    await alreadyWrote(LIMITS.entryWrites, member.id, LIMITS.entryWrites.max);
    const day = new Date().toISOString().slice(0, 10);
    const saved = await post(
      `/goals/${goal.id}/activity`,
      {
        intent: "save",
        rows: "1",
        "include-0": "on",
        "name-0": "a.gpx",
        "hash-0": "a".repeat(64),
        "day-0": day,
        "amount-0": "3",
        "sport-0": "walking",
        "seconds-0": "1800",
      },
      member.cookie,
    );
    expect(saved.status).toBe(429);
    expect(unescape(await saved.text())).toContain("You have saved 60 entries in 10 minutes.");
    expect(await entriesOf(goal.id, member.id)).toHaveLength(0);
  });
});

describe("message notifications", () => {
  it("collapse into one unread line per member and goal with a count; once read, the next starts a new line", async () => {
    const { goal, members } = await goalOf(2);
    const [author, reader] = members;
    for (const body of ["One", "Two", "Three"])
      expect((await post(`/goals/${goal.id}/discussion`, { intent: "post", body }, author!.cookie)).status).toBe(302);
    const html = unescape(await (await get("/notifications", reader!.cookie)).text());
    expect(html).toContain(`3 new messages in ${goal.cause}, the latest from M0 User.`);
    expect(html).toMatch(/aria-label="Notifications, 1 unread"/);
    expect((await post("/notifications", {}, reader!.cookie)).status).toBe(302);
    expect((await post(`/goals/${goal.id}/discussion`, { intent: "post", body: "Four" }, author!.cookie)).status).toBe(
      302,
    );
    const after = unescape(await (await get("/notifications", reader!.cookie)).text());
    expect(after).toContain(`M0 User wrote in the discussion of ${goal.cause}.`);
    expect(after).toMatch(/aria-label="Notifications, 1 unread"/);
    const rows = await env.DB.prepare("SELECT count FROM notifications WHERE user_id = ? ORDER BY created_at, count")
      .bind(reader!.id)
      .all<{ count: number }>();
    expect(rows.results.map((r) => r.count).sort()).toEqual([1, 3]);
  });
});

describe("notification mail is fair", () => {
  const insertNotice = (userId: string, goalId: string | null, kind: string, createdAt: number) =>
    env.DB.prepare(
      "INSERT INTO notifications (id, user_id, kind, goal_id, event_key, created_at) VALUES (lower(hex(randomblob(16))), ?, ?, ?, ?, ?)",
    ).bind(userId, kind, goalId, `test:${crypto.randomUUID()}`, createdAt);

  it("a busy goal's 250 older notifications do not hold back another goal's one, and no member gets more than 5 a run", async () => {
    const busy = await createGoal({ cause: `Busy ${Date.now()}` });
    const quiet = await createGoal({ cause: `Quiet ${Date.now()}` });
    const flooded = await signedInUser();
    const stamp = Date.now();
    const { results } = await env.DB.prepare(
      `WITH RECURSIVE n(v) AS (SELECT 1 UNION ALL SELECT v + 1 FROM n WHERE v < 250)
       INSERT INTO users (id, first, last, email) SELECT lower(hex(randomblob(16))), 'Bulk', 'Member', 'bulk' || v || '-' || ? || '@example.com' FROM n RETURNING id`,
    )
      .bind(stamp)
      .all<{ id: string }>();
    const ids = results.map((r) => r.id);
    expect(ids).toHaveLength(250);
    const now = Date.now();
    await env.DB.batch(ids.map((id, i) => insertNotice(id, busy.id, "goal-starts", now - 60_000 + i)));
    // Twelve older notifications for one member: 5 go this run, the rest wait.
    await env.DB.batch(
      Array.from({ length: 12 }, (_, i) => insertNotice(flooded.id, busy.id, "goal-ends", now - 120_000 + i)),
    );
    const late = await signedInUser();
    await insertNotice(late.id, quiet.id, "goal-starts", now - 1_000).run();

    await cron(now);
    const lateMail = (await mailedTo(late.email)).filter((m) => m.kind.startsWith("notice-"));
    expect(lateMail).toHaveLength(1);
    expect(lateMail[0]!.text).toContain(`${quiet.cause} starts in 3 days.`);
    expect((await mailedTo(flooded.email)).filter((m) => m.kind.startsWith("notice-"))).toHaveLength(5);
  });

  it("a suspended member gets no notification mail", async () => {
    const goal = await createGoal({ cause: `Walk ${Date.now()}` });
    const member = await signedInUser({ join: [goal.id] });
    await env.DB.prepare("UPDATE users SET status = 'suspended' WHERE id = ?").bind(member.id).run();
    await insertNotice(member.id, goal.id, "goal-starts", Date.now() - 1_000).run();
    await cron();
    expect(await mailedTo(member.email)).toEqual([]);
  });
});
