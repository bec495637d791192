/**
 * Faults (docs/security.md, "Reliability under faults and load"): a D1 batch with one failing statement
 * writes nothing, against the real local D1, both for raw statements and for the app's own multi-row
 * writes; and racing double submits of join and complete never leave activegoals out of step with
 * user_goals.
 * (The hub restart is tests/e2e/live.spec.ts; the CRM outage is tests/integration/early-access.test.ts.)
 */
import { env } from "cloudflare:test";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDb } from "#app/platform/db/db.server";
import { userGoals, users } from "#drizzle/schema";
import { activeGoalCounts, insertGoal, membership, userByEmail } from "../support/goals";
import { count, post } from "../support/http";
import { signedInUser } from "../support/factories";

describe("a D1 batch with one failing statement", () => {
  it("writes nothing at all (raw statements: the good ones before and after the bad one roll back)", async () => {
    const before = { users: await count("users"), goals: await count("goals") };
    const id = crypto.randomUUID();
    const failing = env.DB.batch([
      env.DB.prepare("INSERT INTO users (id, first, last, email) VALUES (?, 'Batch', 'One', ?)").bind(
        id,
        `${id}@example.com`,
      ),
      env.DB.prepare(
        `INSERT INTO goals (id, cause, start, "end", visibility) VALUES (?, 'Batch goal', '2030-01-01', '2030-02-01', 'public')`,
      ).bind(`g-${id}`),
      // Violates users_email_unique: the same e-mail again.
      env.DB.prepare("INSERT INTO users (id, first, last, email) VALUES (?, 'Batch', 'Two', ?)").bind(
        `${id}-2`,
        `${id}@example.com`,
      ),
      env.DB.prepare("UPDATE settings SET support_email = 'changed@example.com'"),
    ]);
    await expect(failing).rejects.toThrow(/UNIQUE constraint failed/);
    expect({ users: await count("users"), goals: await count("goals") }).toEqual(before);
    const settings = await env.DB.prepare("SELECT support_email FROM settings").first<{ support_email: string }>();
    expect(settings?.support_email).not.toBe("changed@example.com");
  });

  it("rolls back the app's join write (user_goals insert + activegoals recount) when a statement fails", async () => {
    const { email } = await signedInUser();
    const user = await userByEmail(email);
    const goal = await insertGoal();
    const db = createDb(env.DB);
    const failing = db.batch([
      db.insert(userGoals).values({ userId: user.id, goalId: goal.id }),
      db
        .update(users)
        .set({ activegoals: sql`${users.activegoals} + 1` })
        .where(eq(users.id, user.id)),
      // A goal that does not exist: the foreign key fails, so the two writes above must not land.
      db.insert(userGoals).values({ userId: user.id, goalId: "no-such-goal" }),
    ]);
    await expect(failing).rejects.toThrow(/FOREIGN KEY constraint failed/);
    expect(await membership(user.id, goal.id)).toBeNull();
    expect(await activeGoalCounts(user.id)).toEqual({ stored: 0, actual: 0 });
  });
});

describe("racing double submits", () => {
  it("join clicked 5 times at once: one user_goals row, activegoals 1", async () => {
    const { email, cookie } = await signedInUser();
    const user = await userByEmail(email);
    const goal = await insertGoal();
    const responses = await Promise.all(Array.from({ length: 5 }, () => post(`/join/${goal.id}`, {}, cookie)));
    for (const response of responses) expect(response.status).toBeLessThan(500);
    expect(responses.some((r) => r.status === 302)).toBe(true);
    const rows = await env.DB.prepare("SELECT count(*) AS n FROM user_goals WHERE user_id = ? AND goal_id = ?")
      .bind(user.id, goal.id)
      .first<{ n: number }>();
    expect(rows!.n).toBe(1);
    expect(await activeGoalCounts(user.id)).toEqual({ stored: 1, actual: 1 });
  });

  it("complete clicked 5 times at once while joining another goal: the counts still agree", async () => {
    const { email, cookie } = await signedInUser();
    const user = await userByEmail(email);
    const [a, b] = [await insertGoal(), await insertGoal()];
    expect((await post(`/join/${a.id}`, {}, cookie)).status).toBe(302);
    const responses = await Promise.all([
      ...Array.from({ length: 5 }, () => post(`/active/${a.id}`, { intent: "complete" }, cookie)),
      post(`/join/${b.id}`, {}, cookie),
      post(`/join/${b.id}`, {}, cookie),
    ]);
    for (const response of responses) expect(response.status).toBeLessThan(500);
    expect((await membership(user.id, a.id))?.completed).toBe(1);
    expect(await activeGoalCounts(user.id)).toEqual({ stored: 1, actual: 1 });
  });
});
