/**
 * The organiser's entries page (ADR 145): every entry of a measured goal, a page at a time or
 * one member's, so an abusive entry can be removed however long ago it was logged (the goal screen
 * shows the group's latest 5 only). Removal is audit-logged and lands back on the same page.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { countD1RoundTrips, describeRoundTrips, screenRoundTrips } from "../support/d1";
import { dayFromToday } from "../support/goals";
import { get, post, setType, signUpUser, userId } from "../support/http";
import { entriesOf, insertMeasuredGoal, logEntry, totalsOf } from "../support/progress";

async function org() {
  const user = await signUpUser();
  await setType(user.email, "org");
  return { ...user, id: await userId(user.email) };
}

async function member(goalId: string, first = "Test") {
  const user = await signUpUser({ first });
  expect((await post(`/join/${goalId}`, {}, user.cookie)).status).toBe(302);
  return { ...user, id: await userId(user.email) };
}

/** `n` entries of 1 km for one member, on the days before today, with their totals row. */
async function insertEntries(goalId: string, memberId: string, n: number) {
  const now = Date.now();
  await env.DB.batch([
    ...Array.from({ length: n }, (_, i) =>
      env.DB.prepare(
        "INSERT INTO progress_entries (id, goal_id, user_id, amount, day, note, idempotency_key, created_at, updated_at) VALUES (?, ?, ?, 100, ?, ?, ?, ?, ?)",
      ).bind(
        `${goalId}-e${i}`,
        goalId,
        memberId,
        dayFromToday(-1 - (i % 20)),
        `bulk ${i}`,
        `k${goalId}${i}`,
        now - (n - i) * 1000,
        now - (n - i) * 1000,
      ),
    ),
    env.DB.prepare(
      "INSERT OR REPLACE INTO progress_totals (goal_id, user_id, total, entries, last_day, reached_at) SELECT goal_id, user_id, sum(amount), count(*), max(day), max(updated_at) FROM progress_entries WHERE goal_id = ? AND user_id = ? GROUP BY user_id",
    ).bind(goalId, memberId),
  ]);
}

const text = async (path: string, cookie: string) => (await get(path, cookie)).text();

describe("the organiser's entries page", () => {
  it("lists every entry newest first, a page at a time, or one member's; the goal screen links to it", async () => {
    const owner = await org();
    const goal = await insertMeasuredGoal({ orgId: owner.id, start: dayFromToday(-30) });
    const rhea = await member(goal.id, "Rhea");
    const ivo = await member(goal.id, "Ivo");
    await insertEntries(goal.id, rhea.id, 55);
    await logEntry(goal.id, ivo.cookie, { amount: "400", note: "Totally real" });

    expect(await text(`/active/${goal.id}`, owner.cookie)).toContain(`href="/goals/${goal.id}/entries"`);
    const first = await text(`/goals/${goal.id}/entries`, owner.cookie);
    expect(first).toContain("<h1>Entries</h1>");
    // Newest first: Ivo's entry, then Rhea's latest; 56 entries make two pages of 50.
    expect(first.indexOf("Totally real")).toBeGreaterThan(0);
    expect(first.indexOf("Totally real")).toBeLessThan(first.indexOf("bulk 54"));
    expect(first).not.toContain("bulk 4<");
    expect(first).toContain('aria-label="Page 2"');
    const second = await text(`/goals/${goal.id}/entries?page=2`, owner.cookie);
    expect(second).toContain("bulk 0<");
    expect(second).not.toContain("Totally real");
    // The top of the leaderboard links to each member's entries.
    expect(first).toContain(`href="/goals/${goal.id}/entries?member=${ivo.id}"`);
    const ivos = await text(`/goals/${goal.id}/entries?member=${ivo.id}`, owner.cookie);
    expect(ivos).toMatch(/Entries by <strong>Ivo User<\/strong>: <!-- -->400\u00a0km<!-- --> in <!-- -->1/);
    expect(ivos).toContain("Totally real");
    expect(ivos).not.toContain("bulk ");
    // A bad page number is the first page; a huge one is past the end (nothing listed, no error).
    expect(await text(`/goals/${goal.id}/entries?page=abc`, owner.cookie)).toContain("Totally real");
    const far = await get(`/goals/${goal.id}/entries?page=99999999`, owner.cookie);
    expect(far.status).toBe(200);
    expect(await far.text()).toContain("No entries here.");
  });

  it("removes an entry older than the goal screen's latest, audit-logged, and lands on the same page", async () => {
    const owner = await org();
    const goal = await insertMeasuredGoal({ orgId: owner.id, start: dayFromToday(-30) });
    const cheat = await member(goal.id, "Cheat");
    const honest = await member(goal.id, "Honest");
    await logEntry(goal.id, cheat.cookie, { amount: "450", day: dayFromToday(-2), note: "Drove it" });
    for (let i = 0; i < 6; i++) await logEntry(goal.id, honest.cookie, { amount: "3" });
    const [abusive] = await entriesOf(goal.id, cheat.id);
    // Six newer entries push it off the goal screen's "Latest from the group".
    expect(await text(`/active/${goal.id}`, owner.cookie)).not.toContain("Drove it");

    const back = `/goals/${goal.id}/entries?member=${cheat.id}`;
    const page = await text(back, owner.cookie);
    expect(page).toContain("Drove it");
    expect(page).toContain(`value="${abusive.id}"`);
    const removed = await post(back, { intent: "remove-entry", entryId: abusive.id }, owner.cookie);
    expect(removed.status).toBe(302);
    expect(removed.headers.get("Location")).toBe(back);
    expect(await entriesOf(goal.id, cheat.id)).toHaveLength(0);
    expect(await totalsOf(goal.id, cheat.id)).toBeNull();
    expect((await totalsOf(goal.id, honest.id)).total).toBe(1800);
    const audit = await env.DB.prepare("SELECT * FROM audit_log WHERE action = 'progress.remove' AND target = ?")
      .bind(goal.cause)
      .first<any>();
    expect(audit.detail).toContain(abusive.id);
    expect(await text(back, owner.cookie)).toContain("That member has no entries in this goal.");
  });

  it("is the goal's organisers' only; a wrong entry or action writes nothing", async () => {
    const owner = await org();
    const goal = await insertMeasuredGoal({ orgId: owner.id });
    const runner = await member(goal.id);
    await logEntry(goal.id, runner.cookie, { amount: "5" });
    const [entry] = await entriesOf(goal.id);
    const otherOrg = await org();
    for (const cookie of [runner.cookie, otherOrg.cookie]) {
      expect((await get(`/goals/${goal.id}/entries`, cookie)).status).toBe(403);
      const response = await post(`/goals/${goal.id}/entries`, { intent: "remove-entry", entryId: entry.id }, cookie);
      expect(response.status).toBe(403);
    }
    const signedOut = await get(`/goals/${goal.id}/entries`, "");
    expect(signedOut.status).toBe(302);
    expect((await get("/goals/no-such-goal/entries", owner.cookie)).status).toBe(404);
    const admin = await signUpUser();
    await setType(admin.email, "admin");
    expect((await get(`/goals/${goal.id}/entries`, admin.cookie)).status).toBe(200);

    // Another goal's entry, an unknown id, a wrong intent: a message, a 4xx, nothing removed.
    const other = await insertMeasuredGoal({ orgId: owner.id });
    const otherRunner = await member(other.id);
    await logEntry(other.id, otherRunner.cookie, { amount: "2" });
    const [foreign] = await entriesOf(other.id);
    for (const entryId of [foreign.id, "no-such-entry"]) {
      const response = await post(`/goals/${goal.id}/entries`, { intent: "remove-entry", entryId }, owner.cookie);
      expect(response.status).toBe(404);
      expect(await response.text()).toContain("That entry is not in this goal.");
    }
    const wrong = await post(`/goals/${goal.id}/entries`, { intent: "delete-entry", entryId: entry.id }, owner.cookie);
    expect(wrong.status).toBe(400);
    expect(await entriesOf(goal.id)).toHaveLength(1);
    expect(await entriesOf(other.id)).toHaveLength(1);
    const audits = await env.DB.prepare("SELECT count(*) AS n FROM audit_log WHERE target IN (?, ?)")
      .bind(goal.cause, other.cause)
      .first<any>();
    expect(audits.n).toBe(0);
  });

  it("authorises first: the session and the goal's one row, then the page for a manager only (ADR 215)", async () => {
    const owner = await org();
    const goal = await insertMeasuredGoal({ orgId: owner.id });
    const runner = await member(goal.id);
    await logEntry(goal.id, runner.cookie, { amount: "5" });
    for (const path of [`/goals/${goal.id}/entries`, `/goals/${goal.id}/entries?member=${runner.id}&page=1`]) {
      const { status, count, roundTrips } = await screenRoundTrips(path, owner.cookie);
      expect(status).toBe(200);
      expect(count, describeRoundTrips(roundTrips)).toBe(2);
      expect(roundTrips[0]!.sql.join(" "), describeRoundTrips(roundTrips)).not.toMatch(/progress_entries/);
    }
    // A member who does not manage the goal: one round trip, and no entry, total or name is read.
    const { status, roundTrips } = await screenRoundTrips(`/goals/${goal.id}/entries`, runner.cookie);
    expect(status).toBe(403);
    const read = roundTrips.flatMap((t) => t.sql).join("\n");
    expect(read, describeRoundTrips(roundTrips)).not.toMatch(/from "progress_(entries|totals)"/i);
  });

  it("flags entries well above a typical day and sorts them largest first", async () => {
    const owner = await org();
    const goal = await insertMeasuredGoal({ orgId: owner.id, start: dayFromToday(-5) });
    const rhea = await member(goal.id, "Rhea");
    const ivo = await member(goal.id, "Ivo");
    await logEntry(goal.id, rhea.cookie, { amount: "70", note: "One big day" });
    // Two entries that together take one day past 60 km: both are flagged.
    await logEntry(goal.id, ivo.cookie, { amount: "35", note: "Morning", day: dayFromToday(-1) });
    await logEntry(goal.id, ivo.cookie, { amount: "30", note: "Evening", day: dayFromToday(-1) });
    await logEntry(goal.id, ivo.cookie, { amount: "12", note: "Ordinary" });
    const rowOf = (html: string, note: string) => html.split("<tr").find((r) => r.includes(note)) ?? "";
    const page = (await text(`/goals/${goal.id}/entries`, owner.cookie)).replaceAll("<!-- -->", "");
    expect(page).toContain("takes one member&#x27;s day past 60\u00a0km, well above a typical day");
    for (const note of ["One big day", "Morning", "Evening"]) expect(rowOf(page, note)).toContain("Implausible");
    expect(rowOf(page, "Evening")).toContain(": 65\u00a0km that day");
    expect(rowOf(page, "Ordinary")).not.toContain("Implausible");
    // Newest first by default; largest first on asking, and the pages keep the order.
    expect(page.indexOf("Ordinary")).toBeLessThan(page.indexOf("One big day"));
    expect(page).toContain(`href="/goals/${goal.id}/entries?sort=amount"`);
    const sorted = (await text(`/goals/${goal.id}/entries?sort=amount`, owner.cookie)).replaceAll("<!-- -->", "");
    const order = ["One big day", "Morning", "Evening", "Ordinary"].map((n) => sorted.indexOf(n));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(sorted).toContain("<strong>largest first</strong>");
  });

  it("a removal reads the goal once: the organiser check and the removal's checks share one read", async () => {
    const owner = await org();
    const goal = await insertMeasuredGoal({ orgId: owner.id });
    const runner = await member(goal.id);
    await logEntry(goal.id, runner.cookie, { amount: "5" });
    const [entry] = await entriesOf(goal.id);
    const { result, roundTrips } = await countD1RoundTrips(() =>
      post(`/goals/${goal.id}/entries`, { intent: "remove-entry", entryId: entry.id }, owner.cookie),
    );
    expect(result.status).toBe(302);
    expect(await entriesOf(goal.id)).toHaveLength(0);
    const goalReads = roundTrips.filter((t) => t.sql.length === 1 && /^select .* from "goals"/i.test(t.sql[0]!));
    expect(goalReads, describeRoundTrips(roundTrips)).toHaveLength(1);
  });
});
