import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { get, post, signUpUser } from "../support/http";
import { activeGoalCounts, dayFromToday, insertGoal, membership, userByEmail } from "../support/goals";

async function member() {
  const { cookie, email } = await signUpUser();
  return { cookie, user: await userByEmail(email) };
}

describe("a member's own changes to a goal (ADR 161)", () => {
  it("refuses to complete an upcoming goal, writing nothing", async () => {
    const { cookie, user } = await member();
    const goal = await insertGoal({ start: dayFromToday(3), end: dayFromToday(20) });
    await post(`/join/${goal.id}`, {}, cookie);
    const response = await post(`/active/${goal.id}`, { intent: "complete" }, cookie);
    expect(response.status).toBe(409);
    expect(await response.text()).toContain("This goal has not started yet, so it cannot be completed.");
    expect(await membership(user.id, goal.id)).toMatchObject({ completed: 0, completed_at: null });
  });

  it("refuses to complete an ended goal, and offers no Complete button on it", async () => {
    const { cookie, user } = await member();
    const goal = await insertGoal({ start: dayFromToday(-2), end: dayFromToday(10) });
    await post(`/join/${goal.id}`, {}, cookie);
    await env.DB.prepare(`UPDATE goals SET "end" = ? WHERE id = ?`).bind(dayFromToday(-1), goal.id).run();
    const html = await (await get(`/active/${goal.id}`, cookie)).text();
    expect(html).not.toContain("Complete goal");
    expect(html).not.toContain("Expired");
    const response = await post(`/active/${goal.id}`, { intent: "complete" }, cookie);
    expect(response.status).toBe(409);
    expect((await membership(user.id, goal.id)).completed).toBe(0);
  });

  it("undoes a completion while the goal runs, recounting activegoals", async () => {
    const { cookie, user } = await member();
    const goal = await insertGoal();
    await post(`/join/${goal.id}`, {}, cookie);
    await post(`/active/${goal.id}`, { intent: "complete" }, cookie);
    expect(await activeGoalCounts(user.id)).toEqual({ stored: 0, actual: 0 });
    const undo = await post(`/active/${goal.id}`, { intent: "undo" }, cookie);
    expect(undo.status).toBe(302);
    expect(undo.headers.get("Location")).toBe(`/active/${goal.id}`);
    expect(await membership(user.id, goal.id)).toMatchObject({ completed: 0, completed_at: null });
    expect(await activeGoalCounts(user.id)).toEqual({ stored: 1, actual: 1 });
    const again = await post(`/active/${goal.id}`, { intent: "undo" }, cookie);
    expect(again.status).toBe(409);
  });

  it("lets a pursuing member leave, and the goal is suggested again", async () => {
    const { cookie, user } = await member();
    const goal = await insertGoal({ cause: "Leave me" });
    await post(`/join/${goal.id}`, {}, cookie);
    const leave = await post(`/active/${goal.id}`, { intent: "leave" }, cookie);
    expect(leave.status).toBe(302);
    expect(leave.headers.get("Location")).toBe("/main");
    expect(await membership(user.id, goal.id)).toBeNull();
    expect(await activeGoalCounts(user.id)).toEqual({ stored: 0, actual: 0 });
    expect(await (await get("/main", cookie)).text()).toContain(`/join/${goal.id}`);
    const twice = await post(`/active/${goal.id}`, { intent: "leave" }, cookie);
    expect(twice.status).toBe(403);
  });

  it("refuses an unknown intent with a 400", async () => {
    const { cookie } = await member();
    const goal = await insertGoal();
    expect((await post(`/active/${goal.id}`, { intent: "explode" }, cookie)).status).toBe(400);
  });
});
