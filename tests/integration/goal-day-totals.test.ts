/**
 * goal_day_totals (ADR 294): each goal's amount per day, kept by triggers on progress_entries, so the
 * goal screen's chart reads its days instead of summing every entry of the goal. Whatever path writes
 * an entry (the log form, an edit that moves an entry to another day, a removal, a raw insert as an
 * import or a sync makes), the table equals the entries summed, and a day left empty is gone. The chart's
 * read walks the table's key, not progress_entries.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { dayFromToday } from "../support/goals";
import { post, setType, signUpUser, userId } from "../support/http";
import { screenRoundTrips } from "../support/d1";
import { entriesOf, insertMeasuredGoal, logEntry } from "../support/progress";

/** The goal's days as the entries say (summed now) and as the kept table says. */
async function days(goalId: string) {
  const summed = await env.DB.prepare(
    "SELECT day, sum(amount) AS amount, count(*) AS entries FROM progress_entries WHERE goal_id = ? GROUP BY day ORDER BY day",
  )
    .bind(goalId)
    .all();
  const kept = await env.DB.prepare("SELECT day, amount, entries FROM goal_day_totals WHERE goal_id = ? ORDER BY day")
    .bind(goalId)
    .all();
  return { summed: summed.results, kept: kept.results };
}

async function member(goalId: string) {
  const user = await signUpUser();
  expect((await post(`/join/${goalId}`, {}, user.cookie)).status).toBe(302);
  return { ...user, id: await userId(user.email) };
}

describe("a goal's amount per day", () => {
  it("follows every entry write: logs, an edit to another day, a removal, a raw insert and a goal's deletion", async () => {
    const org = await signUpUser();
    await setType(org.email, "org");
    const goal = await insertMeasuredGoal({ start: dayFromToday(-10), orgId: await userId(org.email) });
    const ada = await member(goal.id);
    const bo = await member(goal.id);
    expect((await logEntry(goal.id, ada.cookie, { amount: "4" })).status).toBe(302);
    expect((await logEntry(goal.id, bo.cookie, { amount: "2.5" })).status).toBe(302);
    expect((await logEntry(goal.id, ada.cookie, { amount: "3", day: dayFromToday(-1) })).status).toBe(302);
    let now = await days(goal.id);
    expect(now.kept).toEqual(now.summed);
    expect(now.kept).toEqual([
      { day: dayFromToday(-1), amount: 300, entries: 1 },
      { day: dayFromToday(0), amount: 650, entries: 2 },
    ]);

    // An edit that moves Bo's entry to two days ago and changes its amount.
    const [boEntry] = await entriesOf(goal.id, bo.id);
    const edited = await post(
      `/active/${goal.id}`,
      { intent: "edit-entry", entryId: boEntry.id, note: "", day: dayFromToday(-2), amount: "1" },
      bo.cookie,
    );
    expect(edited.status).toBe(302);
    now = await days(goal.id);
    expect(now.kept).toEqual(now.summed);
    expect(now.kept).toEqual([
      { day: dayFromToday(-2), amount: 100, entries: 1 },
      { day: dayFromToday(-1), amount: 300, entries: 1 },
      { day: dayFromToday(0), amount: 400, entries: 1 },
    ]);

    // The organiser removing yesterday's only entry leaves no row for yesterday.
    const yesterday = (await entriesOf(goal.id, ada.id)).find((e: { day: string }) => e.day === dayFromToday(-1));
    expect(
      (await post(`/active/${goal.id}`, { intent: "remove-entry", entryId: yesterday.id }, org.cookie)).status,
    ).toBe(302);
    now = await days(goal.id);
    expect(now.kept).toEqual(now.summed);
    expect(now.kept.map((d) => d.day)).toEqual([dayFromToday(-2), dayFromToday(0)]);

    // A write that is not the log form (an import, a sync) is kept all the same: the triggers see it.
    await env.DB.prepare(
      "INSERT INTO progress_entries (id, goal_id, user_id, amount, day, idempotency_key, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
    )
      .bind(crypto.randomUUID(), goal.id, bo.id, 1234, dayFromToday(-2), crypto.randomUUID(), Date.now())
      .run();
    now = await days(goal.id);
    expect(now.kept).toEqual(now.summed);

    // The goal's deletion takes its days with it.
    await env.DB.prepare("DELETE FROM goals WHERE id = ?").bind(goal.id).run();
    expect((await days(goal.id)).kept).toEqual([]);
  });

  it("the goal screen's chart reads the kept days, not the goal's entries", async () => {
    const goal = await insertMeasuredGoal({ start: dayFromToday(-10) });
    const ada = await member(goal.id);
    expect((await logEntry(goal.id, ada.cookie, { amount: "4" })).status).toBe(302);
    const { status, roundTrips } = await screenRoundTrips(`/active/${goal.id}`, ada.cookie);
    expect(status).toBe(200);
    const sql = roundTrips.flatMap((t) => t.sql);
    expect(sql.some((s) => /from "goal_day_totals"/.test(s))).toBe(true);
    // No statement sums the whole goal's entries by day any more (only mine, by my member index).
    const groupDays = sql.filter((s) => /from "progress_entries" where .*group by "progress_entries"\."day"/.test(s));
    for (const s of groupDays) expect(s).toMatch(/"progress_entries"\."user_id" = /);
  });
});
