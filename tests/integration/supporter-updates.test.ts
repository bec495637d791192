/**
 * Milestone updates to supporters (ADR 244), through the built worker: a supporter who ticks "E-mail me
 * when the challenge reaches 50%, 90% and 100%" gets one mail per milestone crossed, by a pledge or by
 * progress logged (per-unit pledges grow with it), with their own link; one who did not tick gets none;
 * asking for updates without an address is refused on the field and writes nothing.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { post, postForm, signUpUser, uniqueEmail } from "../support/http";
import { mailedTo } from "../support/mail";
import { insertMeasuredGoal, logEntry } from "../support/progress";

let ip = 120;
const nextIp = () => `198.51.100.${ip++}`;

const count = async (goalId: string) =>
  (await env.DB.prepare("SELECT count(*) AS n FROM pledges WHERE goal_id = ?").bind(goalId).first<{ n: number }>())!.n;

describe("milestone updates to supporters", () => {
  it("go once per milestone to supporters who asked, by pledge or by progress; none without asking", async () => {
    const goal = await insertMeasuredGoal();
    await env.DB.prepare(
      "UPDATE goals SET charity_name = 'Shelter', charity_url = 'https://shelter.example.org/donate', target_amount = 10000, currency = 'GBP' WHERE id = ?",
    )
      .bind(goal.id)
      .run();
    const keen = uniqueEmail("keen");
    const quiet = uniqueEmail("quiet");
    const give = (values: Record<string, string>) => postForm(`/give/${goal.id}`, values, { ip: nextIp() });

    // Updates without an address: refused on the e-mail field, nothing written.
    const refused = await give({ name: "No Address", amount: "5", updates: "on" });
    expect(refused.status).toBe(400);
    expect((await refused.text()).replaceAll("<!-- -->", "")).toContain("Enter your e-mail address to get the updates");
    expect(await count(goal.id)).toBe(0);

    expect((await give({ name: "Keen", amount: "20", email: keen, updates: "on" })).status).toBe(302);
    expect((await give({ name: "Quiet", amount: "10", email: quiet })).status).toBe(302);
    expect(await env.DB.prepare("SELECT updates FROM pledges WHERE email = ?").bind(keen).first()).toEqual({
      updates: 1,
    });
    // £55 of £100: the 50% milestone, by a pledge.
    expect((await give({ name: "Big", amount: "25" })).status).toBe(302);
    const [fifty] = await mailedTo(keen);
    expect(fifty!.kind).toBe("pledge-milestone");
    expect(fifty!.text).toContain("is 50% of the way to its target: £55 pledged of £100 for Shelter.");
    expect(fifty!.text).toMatch(/\/pledge\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}/);
    expect(fifty!.text).toContain("stop these e-mails");
    expect((await mailedTo(quiet)).map((m) => m.kind)).toEqual(["pledge-receipt"]);

    // A per-km pledge grows with progress: 40 km logged makes £95, the 90% milestone.
    expect((await give({ name: "Per km", kind: "per-unit", perUnit: "1", max: "100" })).status).toBe(302);
    const alex = await signUpUser({ first: "Alex" });
    expect((await post(`/join/${goal.id}`, {}, alex.cookie)).status).toBe(302);
    await logEntry(goal.id, alex.cookie, { amount: "40" });
    expect((await mailedTo(keen)).map((m) => m.kind)).toEqual([
      "pledge-milestone",
      "pledge-milestone",
      "pledge-receipt",
    ]);
    expect((await mailedTo(keen))[0]!.text).toContain("is 90% of the way to its target: £95 pledged of £100");
    // The same milestone again (more km, still under 100%) tells nobody twice.
    await logEntry(goal.id, alex.cookie, { amount: "2" });
    expect((await mailedTo(keen)).filter((m) => m.kind === "pledge-milestone")).toHaveLength(2);
    expect((await mailedTo(quiet)).map((m) => m.kind)).toEqual(["pledge-receipt"]);
  });
});
