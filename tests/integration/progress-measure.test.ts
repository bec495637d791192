/** A goal's measure (ADR 140): set on /create (custom dates or a month challenge), edited by its org. */
import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { BASE, get, post, setType, signUpUser, userId } from "../support/http";
import { insertMeasuredGoal, logEntry } from "../support/progress";

function multipart(path: string, cookie: string, fields: Record<string, string>) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  return SELF.fetch(BASE + path, {
    method: "POST",
    body,
    headers: { Cookie: cookie, Origin: BASE, Host: "localhost" },
    redirect: "manual",
  });
}

async function org() {
  const user = await signUpUser();
  await setType(user.email, "org");
  return { ...user, id: await userId(user.email) };
}

const goalByCause = (cause: string) => env.DB.prepare("SELECT * FROM goals WHERE cause = ?").bind(cause).first<any>();

describe("the measure on /create", () => {
  it("a month challenge with km, a target per member and a group target", async () => {
    const { cookie } = await org();
    const html = await (await get("/create", cookie)).text();
    expect(html).toContain("Measure progress");
    expect(html).toContain("Target per member");
    const cause = `March km ${Date.now()}`;
    const response = await multipart("/create", cookie, {
      cause,
      template: "month",
      month: "2028-03",
      unit: "km",
      unitTarget: "100",
      groupTarget: "5,000",
    });
    expect(response.status).toBe(302);
    expect(await goalByCause(cause)).toMatchObject({
      start: "2028-03-01",
      end: "2028-03-31",
      unit: "km",
      unit_target: 10_000,
      group_target: 500_000,
    });
  });

  it("a custom unit by name; no measure stays a plain goal", async () => {
    const { cookie } = await org();
    const custom = `Push-ups ${Date.now()}`;
    expect(
      (
        await multipart("/create", cookie, {
          cause: custom,
          unit: "custom",
          customUnit: "push-ups",
          unitTarget: "1000",
        })
      ).status,
    ).toBe(302);
    expect(await goalByCause(custom)).toMatchObject({ unit: "push-ups", unit_target: 100_000, group_target: null });
    const plain = `Plain ${Date.now()}`;
    expect((await multipart("/create", cookie, { cause: plain, unit: "none" })).status).toBe(302);
    expect(await goalByCause(plain)).toMatchObject({ unit: null, unit_target: null, group_target: null });
  });

  it("refuses a unit without a target, a bad custom name, bad targets, targets without a unit", async () => {
    const { cookie } = await org();
    const cases: [Record<string, string>, string][] = [
      [{ unit: "km" }, "Set the target per member, like 100"],
      [{ unit: "custom", customUnit: "<b>x</b>", unitTarget: "5" }, "Use letters, digits, spaces and - &#x27; . only"],
      [{ unit: "custom", unitTarget: "5" }, "Name the unit, like laps or push-ups"],
      [{ unit: "km", unitTarget: "-5" }, "The target per member must be more than zero"],
      [{ unit: "km", unitTarget: "abc" }, "Enter the target per member as a number, like 100"],
      [{ unit: "km", unitTarget: "100000000" }, "The target can be at most 10,000,000"],
      [{ unit: "none", unitTarget: "100" }, "Choose a unit for the target"],
      [{ unit: "furlongs", unitTarget: "100" }, "Choose a unit"],
    ];
    for (const [fields, message] of cases) {
      const cause = `Bad measure ${Date.now()}`;
      const response = await multipart("/create", cookie, { cause, ...fields });
      expect(response.status, JSON.stringify(fields)).toBe(400);
      expect(await response.text(), JSON.stringify(fields)).toContain(message);
      expect(await goalByCause(cause)).toBeNull();
    }
  });
});

describe("editing the measure", () => {
  it("the owning org changes the unit while nothing is logged, and the targets always", async () => {
    const owner = await org();
    const goal = await insertMeasuredGoal({ orgId: owner.id });
    expect((await get(`/goals/${goal.id}/measure`, owner.cookie)).status).toBe(200);
    const saved = await post(
      `/goals/${goal.id}/measure`,
      { intent: "measure", unit: "miles", unitTarget: "60", groupTarget: "" },
      owner.cookie,
    );
    expect(saved.status).toBe(302);
    expect(await goalByCause(goal.cause)).toMatchObject({ unit: "miles", unit_target: 6000, group_target: null });

    const runner = await signUpUser();
    await post(`/join/${goal.id}`, {}, runner.cookie);
    expect((await logEntry(goal.id, runner.cookie)).status).toBe(302);
    const page = await (await get(`/goals/${goal.id}/measure`, owner.cookie)).text();
    expect(page).toContain("It cannot change once members have logged progress.");

    const unitChange = await post(
      `/goals/${goal.id}/measure`,
      { intent: "measure", unit: "km", unitTarget: "60" },
      owner.cookie,
    );
    expect(unitChange.status).toBe(409);
    expect(await unitChange.text()).toContain("The unit cannot change once members have logged progress");
    expect((await goalByCause(goal.cause)).unit).toBe("miles");

    const targets = await post(
      `/goals/${goal.id}/measure`,
      { intent: "measure", unit: "miles", unitTarget: "80", groupTarget: "1000" },
      owner.cookie,
    );
    expect(targets.status).toBe(302);
    expect(await goalByCause(goal.cause)).toMatchObject({ unit: "miles", unit_target: 8000, group_target: 100_000 });
  });

  it("nobody else may edit it", async () => {
    const owner = await org();
    const goal = await insertMeasuredGoal({ orgId: owner.id });
    const otherOrg = await org();
    const member = await signUpUser();
    for (const cookie of [otherOrg.cookie, member.cookie]) {
      expect((await get(`/goals/${goal.id}/measure`, cookie)).status).toBe(403);
      const response = await post(
        `/goals/${goal.id}/measure`,
        { intent: "measure", unit: "km", unitTarget: "1" },
        cookie,
      );
      expect(response.status).toBe(403);
    }
    expect((await goalByCause(goal.cause)).unit_target).toBe(10_000);
    const admin = await signUpUser();
    await setType(admin.email, "admin");
    expect((await get(`/goals/${goal.id}/measure`, admin.cookie)).status).toBe(200);
  });

  it("an admin saves another org's measure, and is refused a unit change once entries exist", async () => {
    const owner = await org();
    const goal = await insertMeasuredGoal({ orgId: owner.id });
    const admin = await signUpUser();
    await setType(admin.email, "admin");
    const saved = await post(
      `/goals/${goal.id}/measure`,
      { intent: "measure", unit: "steps", unitTarget: "300000", groupTarget: "" },
      admin.cookie,
    );
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe(`/goals/${goal.id}/measure`);
    expect(await goalByCause(goal.cause)).toMatchObject({ unit: "steps", unit_target: 30_000_000, group_target: null });

    const runner = await signUpUser();
    await post(`/join/${goal.id}`, {}, runner.cookie);
    expect((await logEntry(goal.id, runner.cookie, { amount: "4000" })).status).toBe(302);
    const unitChange = await post(
      `/goals/${goal.id}/measure`,
      { intent: "measure", unit: "km", unitTarget: "100" },
      admin.cookie,
    );
    expect(unitChange.status).toBe(409);
    expect(await unitChange.text()).toContain("The unit cannot change once members have logged progress");
    expect(await goalByCause(goal.cause)).toMatchObject({ unit: "steps", unit_target: 30_000_000 });
    // The targets still change.
    const targets = await post(
      `/goals/${goal.id}/measure`,
      { intent: "measure", unit: "steps", unitTarget: "250000", groupTarget: "2000000" },
      admin.cookie,
    );
    expect(targets.status).toBe(302);
    expect(await goalByCause(goal.cause)).toMatchObject({
      unit: "steps",
      unit_target: 25_000_000,
      group_target: 200_000_000,
    });
  });
});
