/** Goal fixtures for integration tests: rows written straight into D1. */
import { env } from "cloudflare:test";
import { createGoal } from "./factories";

export { dayFromToday } from "#drizzle/factories";

/** A public goal from two days ago to ten days ahead (drizzle/factories.ts goalRow), written to D1. */
export const insertGoal = createGoal;

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
