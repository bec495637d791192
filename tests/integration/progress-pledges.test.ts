/** Per-unit sponsorship (ADR 140): pledges per unit logged by the group or one member, capped, milestones. */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { get, post, postForm, signUpUser, userId } from "../support/http";
import { insertMeasuredGoal, logEntry } from "../support/progress";

async function fundraisingGoal(target = 10_000) {
  const goal = await insertMeasuredGoal();
  await env.DB.prepare(
    "UPDATE goals SET charity_name = 'Shelter', charity_url = 'https://shelter.example.org/donate', target_amount = ?, currency = 'GBP' WHERE id = ?",
  )
    .bind(target, goal.id)
    .run();
  return goal;
}

async function member(goalId: string, first = "Test") {
  const user = await signUpUser({ first });
  expect((await post(`/join/${goalId}`, {}, user.cookie)).status).toBe(302);
  return { ...user, id: await userId(user.email) };
}

const page = async (path: string, cookie?: string) =>
  (await (await get(path, cookie)).text()).replaceAll("<!-- -->", "");

const raised = async (goalId: string, cookie: string) =>
  (await (await get(`/give/${goalId}`, cookie)).text()).match(/data-testid="pledged">([^<]+)</)?.[1];

describe("per-unit pledges", () => {
  it("a pledge per km for the group grows with what members log, up to its maximum", async () => {
    const goal = await fundraisingGoal(100_000);
    const alex = await member(goal.id, "Alex");
    const bea = await member(goal.id, "Bea");
    const form = await page(`/give/${goal.id}`, alex.cookie);
    expect(form).toContain("An amount per km logged");
    const pledge = await postForm(`/give/${goal.id}`, {
      name: "Gran",
      kind: "per-unit",
      perUnit: "1",
      max: "10",
    });
    expect(pledge.status).toBe(302);
    const row = await env.DB.prepare("SELECT * FROM pledges WHERE goal_id = ?").bind(goal.id).first<any>();
    expect(row).toMatchObject({ amount: 0, per_unit: 100, max_amount: 1000, member_id: null });
    expect(await raised(goal.id, alex.cookie)).toBe("£0");
    await logEntry(goal.id, alex.cookie, { amount: "2.5" });
    await logEntry(goal.id, bea.cookie, { amount: "1.25" });
    expect(await raised(goal.id, alex.cookie)).toBe("£3.75");
    // A fixed pledge adds to it; the per-unit part stops at its maximum.
    expect((await postForm(`/give/${goal.id}`, { name: "Uncle", amount: "20" })).status).toBe(302);
    await logEntry(goal.id, bea.cookie, { amount: "30" });
    expect(await raised(goal.id, alex.cookie)).toBe("£30");
    expect(await page(`/give/${goal.id}`, alex.cookie)).toContain("£1\u00a0per\u00a0km (up to £10): £10 so far");
  });

  it("a sponsor link names one member: only their progress counts", async () => {
    const goal = await fundraisingGoal(100_000);
    const alex = await member(goal.id, "Alex");
    const bea = await member(goal.id, "Bea");
    expect(await page(`/give/${goal.id}?member=${alex.id}`)).toContain("by Alex User");
    expect(
      (
        await postForm(`/give/${goal.id}`, {
          name: "Mum",
          kind: "per-unit",
          perUnit: "0.50",
          memberId: alex.id,
          max: "1000",
        })
      ).status,
    ).toBe(302);
    await logEntry(goal.id, alex.cookie, { amount: "4" });
    await logEntry(goal.id, bea.cookie, { amount: "100" });
    expect(await raised(goal.id, alex.cookie)).toBe("£2");
    expect(await page(`/give/${goal.id}`, alex.cookie)).toContain(
      "£0.50\u00a0per\u00a0km for Alex User (up to £1,000): £2 so far",
    );
  });

  it("refuses a per-unit pledge without its amount, on a goal with no measure, or for a non-member", async () => {
    const goal = await fundraisingGoal();
    const outsider = await signUpUser();
    const cases: [Record<string, string>, string][] = [
      [{ kind: "per-unit" }, "Must have a value"],
      // A per-unit pledge without a maximum could grow without end (docs/product.md "Pledges per unit").
      [{ kind: "per-unit", perUnit: "1" }, "Set a maximum for a pledge per unit: the most it can grow to"],
      [{ kind: "per-unit", perUnit: "-1" }, "The amount per unit must be more than zero"],
      [{ kind: "per-unit", perUnit: "1001" }, "The amount per unit can be at most 1,000"],
      [
        { kind: "per-unit", perUnit: "1", max: "10", memberId: await userId(outsider.email) },
        "Choose the group or one of its members",
      ],
      [{ kind: "weekly", amount: "5" }, "Choose a fixed amount or an amount per unit"],
      [{ kind: "fixed" }, "Must have a value"],
    ];
    for (const [fields, message] of cases) {
      const response = await postForm(`/give/${goal.id}`, { name: "Eve", ...fields });
      expect(response.status, JSON.stringify(fields)).toBe(400);
      expect(await response.text(), JSON.stringify(fields)).toContain(message);
    }
    await env.DB.prepare("UPDATE goals SET unit = NULL WHERE id = ?").bind(goal.id).run();
    const unmeasured = await postForm(`/give/${goal.id}`, { name: "Eve", kind: "per-unit", perUnit: "1", max: "10" });
    expect(unmeasured.status).toBe(400);
    expect(await unmeasured.text()).toContain("This goal does not track progress: pledge an amount");
    const count = await env.DB.prepare("SELECT count(*) AS n FROM pledges WHERE goal_id = ?")
      .bind(goal.id)
      .first<any>();
    expect(count.n).toBe(0);
  });

  it("logging progress that lifts per-unit pledges past 50% of the target mails the org once", async () => {
    const owner = await signUpUser();
    await env.DB.prepare("UPDATE users SET type = 'org' WHERE email = ?").bind(owner.email).run();
    const goal = await fundraisingGoal(1_000);
    await env.DB.prepare("UPDATE goals SET org_id = ? WHERE id = ?")
      .bind(await userId(owner.email), goal.id)
      .run();
    const alex = await member(goal.id, "Alex");
    expect(
      (await postForm(`/give/${goal.id}`, { name: "Gran", kind: "per-unit", perUnit: "1", max: "1000" })).status,
    ).toBe(302);
    await logEntry(goal.id, alex.cookie, { amount: "6" });
    const milestone = await env.DB.prepare("SELECT milestone_notified AS m FROM goals WHERE id = ?")
      .bind(goal.id)
      .first<any>();
    expect(milestone.m).toBe(50);
    const mails = await env.DB.prepare("SELECT count(*) AS n FROM mail_outbox WHERE kind = 'milestone' AND \"to\" = ?")
      .bind(owner.email.toLowerCase())
      .first<any>();
    expect(mails.n).toBe(1);
  });

  it("90% and 100% count per-unit pledges too: reached by a fixed pledge on top, then by logging", async () => {
    const owner = await signUpUser();
    await env.DB.prepare("UPDATE users SET type = 'org' WHERE email = ?").bind(owner.email).run();
    const goal = await fundraisingGoal(1_000); // a £10 target
    await env.DB.prepare("UPDATE goals SET org_id = ? WHERE id = ?")
      .bind(await userId(owner.email), goal.id)
      .run();
    const alex = await member(goal.id, "Alex");
    const bea = await member(goal.id, "Bea");
    // £1 per km for the group, and 50p per km of Bea's.
    expect(
      (await postForm(`/give/${goal.id}`, { name: "Gran", kind: "per-unit", perUnit: "1", max: "1000" })).status,
    ).toBe(302);
    expect(
      (
        await postForm(`/give/${goal.id}`, {
          name: "Mum",
          kind: "per-unit",
          perUnit: "0.50",
          memberId: bea.id,
          max: "1000",
        })
      ).status,
    ).toBe(302);
    const milestone = async () =>
      (await env.DB.prepare("SELECT milestone_notified AS m FROM goals WHERE id = ?").bind(goal.id).first<any>()).m;
    const subjects = async () =>
      (
        await env.DB.prepare(
          "SELECT subject FROM mail_outbox WHERE kind = 'milestone' AND \"to\" = ? ORDER BY created_at, rowid",
        )
          .bind(owner.email.toLowerCase())
          .all<{ subject: string }>()
      ).results.map((r) => r.subject);

    // 4 km by Alex, 2 by Bea: £6 + £1 = £7, past 50%.
    await logEntry(goal.id, alex.cookie, { amount: "4" });
    await logEntry(goal.id, bea.cookie, { amount: "2" });
    expect(await milestone()).toBe(50);
    // A £2 fixed pledge makes £9: 90%, only because the per-unit pledges count at their value.
    expect((await postForm(`/give/${goal.id}`, { name: "Uncle", amount: "2" })).status).toBe(302);
    expect(await milestone()).toBe(90);
    // Bea logs 1 km more: £1 + 50p = £10.50, the target.
    await logEntry(goal.id, bea.cookie, { amount: "1" });
    expect(await milestone()).toBe(100);
    expect(await subjects()).toEqual([
      `${goal.cause}: 50% of the target pledged`,
      `${goal.cause}: 90% of the target pledged`,
      `${goal.cause}: 100% of the target pledged`,
    ]);
    expect(await page(`/give/${goal.id}`, alex.cookie)).toContain("Target reached!");
  });
});
