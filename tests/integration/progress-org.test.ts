/** Measured progress for organisers and the Progress Bar (ADR 140): the participants CSV columns, /bar. */
import { describe, expect, it } from "vitest";
import { dayFromToday } from "../support/goals";
import { get, post, setType, signUpUser, userId } from "../support/http";
import { insertMeasuredGoal, logEntry } from "../support/progress";

describe("organisers and the Progress Bar", () => {
  it("the participants CSV gains each member's total, entries, streak and last entry day", async () => {
    const owner = await signUpUser();
    await setType(owner.email, "org");
    const goal = await insertMeasuredGoal({ orgId: await userId(owner.email), start: dayFromToday(-5) });
    const runner = await signUpUser({ first: "Rhea", last: "Runner" });
    const idle = await signUpUser({ first: "Ivo", last: "Idle" });
    for (const m of [runner, idle]) expect((await post(`/join/${goal.id}`, {}, m.cookie)).status).toBe(302);
    await logEntry(goal.id, runner.cookie, { amount: "2.5", day: dayFromToday(-1) });
    await logEntry(goal.id, runner.cookie, { amount: "3", day: dayFromToday(0) });
    await logEntry(goal.id, runner.cookie, { amount: "1", day: dayFromToday(-3) });
    const response = await get(`/goals/${goal.id}/participants.csv`, owner.cookie);
    expect(response.status).toBe(200);
    const csv = await response.text();
    expect(csv).toContain('"Total (km)","Entries","Streak (days)","Last entry day"');
    expect(csv).toContain(`"Rhea","Runner"`);
    const rhea = csv.split("\r\n").find((l) => l.startsWith('"Rhea"'))!;
    expect(rhea).toContain(`"6.50","3","2","${dayFromToday(0)}"`);
    const ivo = csv.split("\r\n").find((l) => l.startsWith('"Ivo"'))!;
    expect(ivo).toContain('"0","0","0",""');
    // Members cannot download it.
    expect((await get(`/goals/${goal.id}/participants.csv`, runner.cookie)).status).toBe(403);
  });

  it("/bar shows the measured bar beside the time bar for a measured current goal", async () => {
    const goal = await insertMeasuredGoal({ unit: "pages", unitTarget: 30_000 });
    const me = await signUpUser();
    await post(`/join/${goal.id}`, {}, me.cookie);
    await logEntry(goal.id, me.cookie, { amount: "75" });
    const html = await (await get("/bar", me.cookie)).text();
    expect(html).toContain("Day 3 of 13");
    expect(html).toContain("My progress: <!-- -->75\u00a0pages of 300\u00a0pages");
    expect(html).toContain('aria-valuenow="25"');
  });
});
