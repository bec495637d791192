/** Goal fixtures for integration tests: rows written straight into D1. */
import { env } from "cloudflare:test";

let n = 0;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
export const dayFromToday = day;

export async function insertGoal(
  overrides: Partial<{
    id: string;
    cause: string;
    start: string | null;
    end: string | null;
    demo: boolean;
    visibility: "public" | "private";
    orgId: string | null;
  }> = {},
) {
  const goal = {
    id: `g-${Date.now()}-${++n}`,
    cause: `Test goal ${n}`,
    start: day(-2),
    end: day(10),
    demo: false,
    visibility: "public" as const,
    orgId: null,
    ...overrides,
  };
  await env.DB.prepare(
    `INSERT INTO goals (id, cause, start, "end", demo, visibility, org_id) VALUES (?, ?, ?, ?, ?, ?, ?)`,
  )
    .bind(goal.id, goal.cause, goal.start, goal.end, goal.demo ? 1 : 0, goal.visibility, goal.orgId)
    .run();
  return goal;
}

export async function userByEmail(email: string) {
  return (await env.DB.prepare("SELECT * FROM users WHERE email = ?").bind(email).first<any>())!;
}

export async function membership(userId: string, goalId: string) {
  return env.DB.prepare("SELECT * FROM user_goals WHERE user_id = ? AND goal_id = ?").bind(userId, goalId).first<any>();
}

/** SPEC invariant: activegoals equals the user's not-completed user-goals. */
export async function activeGoalCounts(userId: string) {
  const user = await env.DB.prepare("SELECT activegoals FROM users WHERE id = ?")
    .bind(userId)
    .first<{ activegoals: number }>();
  const rows = await env.DB.prepare("SELECT count(*) AS n FROM user_goals WHERE user_id = ? AND completed = 0")
    .bind(userId)
    .first<{ n: number }>();
  return { stored: user!.activegoals, actual: rows!.n };
}
