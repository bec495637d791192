/**
 * How sports count (docs/product.md "Activity files"): the goal's organisation sets a factor per sport,
 * members see it beside the upload, bad factors are field messages with nothing saved, and only the
 * organisation may change them.
 */
import { describe, expect, it } from "vitest";
import { get, post, setType, signUpUser, userId } from "../support/http";
import { entriesOf, insertMeasuredGoal, logEntry, today, totalsOf } from "../support/progress";

describe("sport factors", () => {
  it("the organiser sets cycling x0.25; members read it beside the upload; strangers cannot change it", async () => {
    const owner = await signUpUser();
    await setType(owner.email, "org");
    const goal = await insertMeasuredGoal({ orgId: await userId(owner.email) });
    const bad = await post(
      `/goals/${goal.id}/sports`,
      { intent: "sport-factors", "factor-cycling": "-1" },
      owner.cookie,
    );
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Enter a number like 0.25 or 4, with at most 2 decimals");
    const saved = await post(
      `/goals/${goal.id}/sports`,
      { intent: "sport-factors", "factor-cycling": "0.25", "factor-swimming": "4", "factor-walking": "1" },
      owner.cookie,
    );
    expect(saved.status).toBe(302);

    const member = await signUpUser();
    expect((await post(`/join/${goal.id}`, {}, member.cookie)).status).toBe(302);
    const page = await (await get(`/goals/${goal.id}/activity`, member.cookie)).text();
    expect(page).toContain("1\u00a0km of cycling counts as 0.25\u00a0km");
    expect(page).toContain("1\u00a0km of swimming counts as 4\u00a0km");
    expect(page).not.toContain("of walking counts");

    const refused = await post(
      `/goals/${goal.id}/sports`,
      { intent: "sport-factors", "factor-cycling": "9" },
      member.cookie,
    );
    expect(refused.status).toBe(403);
    const again = await (await get(`/goals/${goal.id}/activity`, member.cookie)).text();
    expect(again).toContain("1\u00a0km of cycling counts as 0.25\u00a0km");
  });

  it("a typed entry that names its sport counts as the organiser set it, on the goal screen and the quick log", async () => {
    const owner = await signUpUser();
    await setType(owner.email, "org");
    const goal = await insertMeasuredGoal({ orgId: await userId(owner.email) });
    await post(`/goals/${goal.id}/sports`, { intent: "sport-factors", "factor-cycling": "0.25" }, owner.cookie);
    const member = await signUpUser();
    await post(`/join/${goal.id}`, {}, member.cookie);
    const memberId = await userId(member.email);

    // The quick log shows how sports count beside its sport field.
    const home = await (await get("/main", member.cookie)).text();
    expect(home).toContain("How sports count here: 1\u00a0km of cycling counts as 0.25\u00a0km.");
    expect(home).toMatch(/<select[^>]*name="sport"/);
    // So does the goal screen's log form (the same form, ADR 224).
    const screen = await (await get(`/active/${goal.id}`, member.cookie)).text();
    expect(screen).toContain("How sports count here: 1\u00a0km of cycling counts as 0.25\u00a0km.");
    expect(screen.match(/<select[^>]*name="sport"/g)).toHaveLength(1);

    // A 20 km ride logs 5 km; a walk with no factor, and an entry naming no sport, count as typed.
    expect((await logEntry(goal.id, member.cookie, { amount: "20", sport: "cycling" })).status).toBe(302);
    expect((await logEntry(goal.id, member.cookie, { amount: "3", sport: "walking" })).status).toBe(302);
    const quick = await post(
      "/main",
      {
        intent: "log-entry",
        key: crypto.randomUUID().replace(/-/g, ""),
        goal: goal.id,
        amount: "2",
        day: today(),
        sport: "",
      },
      member.cookie,
    );
    expect(quick.status).toBe(200);
    expect(await quick.text()).toContain("Logged 2\u00a0km in");
    const rows = await entriesOf(goal.id, memberId);
    // Rows stamped in the same second: compared in amount order.
    expect(rows.map((r) => [r.amount, r.sport]).sort((a, b) => a[0] - b[0])).toEqual([
      [200, null],
      [300, "walking"],
      [500, "cycling"],
    ]);
    expect((await totalsOf(goal.id, memberId)).total).toBe(1_000);

    // A sport not on the list is a message on the field and a 400; a ride too small to count, too.
    for (const [sport, amount, message] of [
      ["unicycling", "5", "Choose a sport from the list"],
      ["cycling", "0.01", "For this sport that counts as less than 0.01: enter more"],
    ] as const) {
      const bad = await logEntry(goal.id, member.cookie, { amount, sport });
      expect(bad.status).toBe(400);
      expect(await bad.text()).toContain(message);
    }
    expect(await entriesOf(goal.id, memberId)).toHaveLength(3);
  });
});
