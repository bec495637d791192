/** Milestones and badges (ADR 271): computed from entries, told once, taken back with the entry that earned them. */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { signedInUser } from "../support/factories";
import { dayFromToday } from "../support/goals";
import { flashCookieFrom, get, post } from "../support/http";
import { insertMeasuredGoal, logEntry } from "../support/progress";
import { countD1RoundTrips } from "../support/d1";

const badgeKeys = async (userId: string, goalId: string) =>
  (
    await env.DB.prepare(
      "SELECT event_key FROM notifications WHERE user_id = ? AND goal_id = ? AND kind = 'badge' ORDER BY event_key",
    )
      .bind(userId, goalId)
      .all<{ event_key: string }>()
  ).results.map((r) => r.event_key.split(":")[2]);

const myBadges = async (goalId: string, cookie: string) => {
  const html = await (await get(`/active/${goalId}`, cookie)).text();
  const list = html.match(/data-testid="my-badges">(.*?)<\/ul>/)?.[1] ?? "";
  return [...list.matchAll(/<li[^>]*>([^<]+)<\/li>/g)].map((m) => m[1]!.replace(/&#x27;/g, "'"));
};

describe("badges", () => {
  it("the entry that earns a badge says so once, in the flash and the bell; later entries do not repeat it", async () => {
    const org = await signedInUser({ type: "org" });
    const goal = await insertMeasuredGoal({ orgId: org.id }); // 100 km each
    const priya = await signedInUser({ first: "Priya", join: [goal.id] });
    const logged = await logEntry(goal.id, priya.cookie, { amount: "50" });
    expect(logged.status).toBe(302);
    const page = await get(logged.headers.get("Location")!, `${priya.cookie}; ${flashCookieFrom(logged)}`);
    expect(await page.text()).toContain(
      "Logged 50\u00a0km. New badges: First entry, 25% of my target: 25\u00a0km, 50% of my target: 50\u00a0km!",
    );
    expect(await badgeKeys(priya.id, goal.id)).toEqual(["first-entry", "target-25", "target-50"]);
    expect(await myBadges(goal.id, priya.cookie)).toEqual([
      "First entry",
      "25% of my target: 25\u00a0km",
      "50% of my target: 50\u00a0km",
    ]);
    // The bell says it, and the group's feed names her.
    expect(await (await get("/notifications", priya.cookie)).text()).toContain("You earned a new badge in");
    const other = await signedInUser({ join: [goal.id] });
    expect(await (await get(`/active/${goal.id}`, other.cookie)).text()).toContain("Priya reached 50\u00a0km");
    // A second entry earns nothing new: no new notification, no badge words in the flash.
    const again = await logEntry(goal.id, priya.cookie, { amount: "1" });
    const againPage = await get(again.headers.get("Location")!, `${priya.cookie}; ${flashCookieFrom(again)}`);
    expect(await againPage.text()).not.toContain("New badge");
    expect(await badgeKeys(priya.id, goal.id)).toEqual(["first-entry", "target-25", "target-50"]);
  });

  it("a member past the 5,000 entries a screen reads keeps every badge their older entries earned (ADR 288)", async () => {
    // A long goal: 30 days of 4 km at its start (120 km: the 100 km target, a 30-day streak, the best
    // day), then 5,000 entries of 10 m every other day, newer: the newest 5,000 hold none of the first month.
    const goal = await insertMeasuredGoal({ start: dayFromToday(-400), end: dayFromToday(10) });
    const mia = await signedInUser({ first: "Mia", join: [goal.id] });
    await env.DB.batch([
      env.DB.prepare(
        `WITH RECURSIVE c(x) AS (SELECT 0 UNION ALL SELECT x + 1 FROM c WHERE x < 29)
         INSERT INTO progress_entries (id, goal_id, user_id, amount, day, idempotency_key, created_at, updated_at)
         SELECT 'old' || x, ?1, ?2, 400, date(?3, '+' || x || ' days'), 'old' || x, 1000 + x, 1000 + x FROM c`,
      ).bind(goal.id, mia.id, dayFromToday(-400)),
      env.DB.prepare(
        `WITH RECURSIVE c(x) AS (SELECT 0 UNION ALL SELECT x + 1 FROM c WHERE x < 4999)
         INSERT INTO progress_entries (id, goal_id, user_id, amount, day, idempotency_key, created_at, updated_at)
         SELECT 'new' || x, ?1, ?2, 1, date(?3, '+' || (40 + 2 * (x % 150)) || ' days'), 'new' || x, 100000 + x, 100000 + x FROM c`,
      ).bind(goal.id, mia.id, dayFromToday(-400)),
      env.DB.prepare(
        `INSERT INTO progress_totals (goal_id, user_id, total, entries, last_day, reached_at)
         SELECT goal_id, user_id, sum(amount), count(*), max(day), max(updated_at) FROM progress_entries WHERE goal_id = ?1 GROUP BY user_id`,
      ).bind(goal.id),
    ]);
    // Today's entry settles her badges (the same read as the screen's, newest 5,000 first).
    expect((await logEntry(goal.id, mia.cookie, { amount: "1" })).status).toBe(302);
    const keys = await badgeKeys(mia.id, goal.id);
    for (const key of ["target-100", "streak-30"]) expect(keys).toContain(key);
    const { result: shown, roundTrips } = await countD1RoundTrips(() => myBadges(goal.id, mia.cookie));
    expect(shown).toContain("Target reached: 100\u00a0km");
    expect(shown).toContain("30-day streak");
    expect(shown).toContain(`Best day: 4\u00a0km on ${dayFromToday(-400)}`);
    // The day rows' statement walks the member's index in order: no table scan, no sort.
    const statement = roundTrips.flatMap((t) => t.sql.map((sql, i) => ({ sql, params: t.params[i] ?? [] })));
    const days = statement.find((s) => /day_amount/.test(s.sql))!;
    const plan = (
      await env.DB.prepare(`EXPLAIN QUERY PLAN ${days.sql}`)
        .bind(...(days.params as unknown[]))
        .all<{ detail: string }>()
    ).results.map((r) => r.detail);
    expect(plan.join("\n")).toMatch(/USING (COVERING )?INDEX progress_entries_member_day_idx/);
    expect(plan.join("\n")).not.toMatch(/TEMP B-TREE/);
  });

  it("an entry the organiser removes takes back what it earned, and only that", async () => {
    const org = await signedInUser({ type: "org" });
    const goal = await insertMeasuredGoal({ orgId: org.id, start: dayFromToday(-5) });
    const ann = await signedInUser({ first: "Ann", join: [goal.id] });
    await logEntry(goal.id, ann.cookie, { amount: "5", day: dayFromToday(-2) });
    await logEntry(goal.id, ann.cookie, { amount: "5", day: dayFromToday(-1) });
    await logEntry(goal.id, ann.cookie, { amount: "20", day: dayFromToday(0) });
    expect(await badgeKeys(ann.id, goal.id)).toEqual(["first-entry", "streak-3", "target-25"]);
    const big = await env.DB.prepare("SELECT id FROM progress_entries WHERE user_id = ? AND amount = 2000")
      .bind(ann.id)
      .first<{ id: string }>();
    const removed = await post(`/active/${goal.id}`, { intent: "remove-entry", entryId: big!.id }, org.cookie);
    expect(removed.status).toBe(302);
    // 10 km over two days: first entry stays; 25% and the 3-day streak are taken back.
    expect(await badgeKeys(ann.id, goal.id)).toEqual(["first-entry"]);
    expect(await myBadges(goal.id, ann.cookie)).toEqual(["First entry", "Best day: 5\u00a0km on " + dayFromToday(-2)]);
    expect(await (await get(`/active/${goal.id}`, ann.cookie)).text()).not.toContain("Ann reached");
  });

  it("the team's top this week is earned by the member with the most in their team this week", async () => {
    const org = await signedInUser({ type: "org" });
    const goal = await insertMeasuredGoal({ orgId: org.id });
    await post(`/goals/${goal.id}/teams`, { intent: "settings", teams: "on", teamRanking: "total" }, org.cookie);
    const created = await post(`/goals/${goal.id}/teams`, { intent: "create", name: "Red" }, org.cookie);
    const team = created.headers.get("Location")!.split("/").pop()!;
    const a = await signedInUser({ join: [goal.id] });
    const b = await signedInUser({ join: [goal.id] });
    for (const m of [a, b]) await post(`/goals/${goal.id}/teams`, { intent: "join", teamId: team }, m.cookie);
    await logEntry(goal.id, a.cookie, { amount: "3" });
    expect(await badgeKeys(a.id, goal.id)).toContain("team-top-week");
    await logEntry(goal.id, b.cookie, { amount: "4" });
    expect(await badgeKeys(b.id, goal.id)).toContain("team-top-week");
    // a is no longer the top: listed no more (the bell keeps what was true when told).
    expect(await myBadges(goal.id, a.cookie)).not.toContain("Team's top this week");
    expect(await myBadges(goal.id, b.cookie)).toContain("Team's top this week");
  });

  it("an entry sent later from the phone's offline queue earns its badge as one typed in the page does", async () => {
    const org = await signedInUser({ type: "org" });
    const goal = await insertMeasuredGoal({ orgId: org.id }); // 100 km each
    const sam = await signedInUser({ first: "Sam", join: [goal.id] });
    const sent = await post(
      "/sync/entry",
      {
        account: sam.id,
        goalId: goal.id,
        intent: "log-entry",
        key: "b".repeat(32),
        amount: "30",
        day: dayFromToday(0),
      },
      sam.cookie,
    );
    const answer = await sent.json();
    expect(answer).toEqual({ outcome: "logged" });
    expect(await badgeKeys(sam.id, goal.id)).toEqual(["first-entry", "target-25"]);
    expect(await myBadges(goal.id, sam.cookie)).toEqual(["First entry", "25% of my target: 25\u00a0km"]);
  });
});
