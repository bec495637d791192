/** Measured-goal fixtures for integration tests (ADR 140): rows written straight into D1. */
import { env } from "cloudflare:test";
import { insertGoal } from "./goals";
import { post } from "./http";

/** A goal with a measure (default: km, 100 km per member, 500 km for the group). */
export async function insertMeasuredGoal(
  overrides: Parameters<typeof insertGoal>[0] & {
    unit?: string;
    unitTarget?: number | null;
    groupTarget?: number | null;
  } = {},
) {
  const { unit = "km", unitTarget = 10_000, groupTarget = 50_000, ...rest } = overrides;
  const goal = await insertGoal(rest);
  await env.DB.prepare("UPDATE goals SET unit = ?, unit_target = ?, group_target = ? WHERE id = ?")
    .bind(unit, unitTarget, groupTarget, goal.id)
    .run();
  return { ...goal, unit, unitTarget, groupTarget };
}

/** Logs an entry through the real form (as a browser without JavaScript). */
export function logEntry(
  goalId: string,
  cookie: string,
  values: Partial<Record<"amount" | "day" | "note" | "key" | "sport" | "answer", string>> = {},
) {
  return post(
    `/active/${goalId}`,
    { intent: "log-entry", key: crypto.randomUUID().replace(/-/g, ""), amount: "5", day: today(), note: "", ...values },
    cookie,
  );
}

export const today = () => new Date().toISOString().slice(0, 10);

export async function entriesOf(goalId: string, userId?: string) {
  const { results } = await env.DB.prepare(
    `SELECT * FROM progress_entries WHERE goal_id = ? ${userId ? "AND user_id = ?" : ""} ORDER BY created_at, id`,
  )
    .bind(...(userId ? [goalId, userId] : [goalId]))
    .all<any>();
  return results;
}

export async function totalsOf(goalId: string, userId: string) {
  return env.DB.prepare("SELECT * FROM progress_totals WHERE goal_id = ? AND user_id = ?")
    .bind(goalId, userId)
    .first<any>();
}
