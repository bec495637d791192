/**
 * A member's entries for one day together stay within the unit's daily cap (docs/product.md "Daily
 * cap"): the cap is a condition of the insert or update itself, so a second entry, an edit or a race
 * cannot take a day past it. A replayed entry (same idempotency key) writes nothing and publishes no
 * live refresh.
 */
import { afterEach, describe, expect, it } from "vitest";
import { dayFromToday } from "../support/goals";
import { get, post, signUpUser, sseReader, userId } from "../support/http";
import { entriesOf, insertMeasuredGoal, logEntry, today, totalsOf } from "../support/progress";

const open: Array<{ cancel: () => unknown }> = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.cancel()));
});

async function member(goalId: string) {
  const user = await signUpUser();
  expect((await post(`/join/${goalId}`, {}, user.cookie)).status).toBe(302);
  return { ...user, id: await userId(user.email) };
}

const edit = (goalId: string, cookie: string, entryId: string, values: Record<string, string>) =>
  post(`/active/${goalId}`, { intent: "edit-entry", entryId, note: "", day: today(), ...values }, cookie);

describe("the daily cap", () => {
  it("refuses an entry that would take the day past the cap, with a message on the amount, writing nothing", async () => {
    const goal = await insertMeasuredGoal({ start: dayFromToday(-10) });
    const rhea = await member(goal.id);
    expect((await logEntry(goal.id, rhea.cookie, { amount: "400" })).status).toBe(302);
    const over = await logEntry(goal.id, rhea.cookie, { amount: "100.01" });
    expect(over.status).toBe(409);
    const page = await over.text();
    expect(page).toContain("That would take today past 500\u00a0km, the most a day can hold");
    expect(page).toMatch(/id="[^"]*amount[^"]*-error"[^>]*>[^<]*That would take today past 500\u00a0km/);
    expect((await entriesOf(goal.id, rhea.id)).length).toBe(1);
    expect((await totalsOf(goal.id, rhea.id)).total).toBe(40_000);
    // Exactly up to the cap is fine; another day has its own cap.
    expect((await logEntry(goal.id, rhea.cookie, { amount: "100" })).status).toBe(302);
    expect((await logEntry(goal.id, rhea.cookie, { amount: "500", day: dayFromToday(-1) })).status).toBe(302);
    expect((await totalsOf(goal.id, rhea.id)).total).toBe(100_000);
    const yesterday = await logEntry(goal.id, rhea.cookie, { amount: "1", day: dayFromToday(-1) });
    expect(yesterday.status).toBe(409);
    expect(await yesterday.text()).toMatch(/That would take \d+\/\d+ past 500\u00a0km/);
  });

  it("holds under a race: twenty entries of 500 km sent at once leave one", async () => {
    const goal = await insertMeasuredGoal({ start: dayFromToday(-10) });
    const ivo = await member(goal.id);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => logEntry(goal.id, ivo.cookie, { amount: "500" })),
    );
    expect(results.filter((r) => r.status === 302).length).toBe(1);
    expect(results.filter((r) => r.status === 409).length).toBe(19);
    expect((await totalsOf(goal.id, ivo.id)).total).toBe(50_000);
  });

  it("counts edits: moving or growing an entry cannot take a day past the cap", async () => {
    const goal = await insertMeasuredGoal({ start: dayFromToday(-10) });
    const ana = await member(goal.id);
    await logEntry(goal.id, ana.cookie, { amount: "400" });
    await logEntry(goal.id, ana.cookie, { amount: "300", day: dayFromToday(-1) });
    const [small, big] = (await entriesOf(goal.id, ana.id)).sort((a, b) => a.amount - b.amount);
    // Growing today's 400 to 500 is fine (its own old amount does not count twice).
    expect((await edit(goal.id, ana.cookie, big.id, { amount: "500" })).status).toBe(302);
    // Moving yesterday's 300 onto today is not.
    const moved = await edit(goal.id, ana.cookie, small.id, { amount: "300" });
    expect(moved.status).toBe(409);
    expect(await moved.text()).toContain("That would take today past 500\u00a0km, the most a day can hold");
    expect((await entriesOf(goal.id, ana.id)).map((e) => [e.day, e.amount]).sort()).toEqual([
      [dayFromToday(-1), 30_000],
      [today(), 50_000],
    ]);
    expect((await totalsOf(goal.id, ana.id)).total).toBe(80_000);
  });

  it("a replayed entry writes nothing and publishes no live refresh; a new one does", async () => {
    const goal = await insertMeasuredGoal({ start: dayFromToday(-10) });
    const lea = await member(goal.id);
    // Her first entry, before listening: it earns the first-entry badge, a refresh of its own (ADR 271).
    expect((await logEntry(goal.id, lea.cookie, { amount: "1" })).status).toBe(302);
    const response = await get(`/events?topics=goal:${goal.id}`, lea.cookie);
    expect(response.status).toBe(200);
    const stream = sseReader(response);
    open.push(stream);
    expect((await stream.next())?.event).toBe("ready");

    const key = crypto.randomUUID().replace(/-/g, "");
    expect((await logEntry(goal.id, lea.cookie, { amount: "5", key })).status).toBe(302);
    expect(await stream.next()).toMatchObject({ event: "change" });
    expect((await logEntry(goal.id, lea.cookie, { amount: "5", key })).status).toBe(302);
    expect((await entriesOf(goal.id, lea.id)).length).toBe(2);
    // An edit to the same values changes nothing either.
    const entry = (await entriesOf(goal.id, lea.id)).find((e) => e.amount === 500)!;
    expect((await edit(goal.id, lea.cookie, entry.id, { amount: "5" })).status).toBe(302);
    await expect(stream.next(700)).rejects.toThrow(/no server-sent event/);
  });
});
