/**
 * Admin goals: every goal with its current and completed counts, one goal's participants, and edits.
 * SPEC: admins' active lists exclude demo goals, so the default 'active' filter hides them.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, asc, desc, eq, gte, isNull, lt, or, sql } from "drizzle-orm";
import type { GoalFilter } from "#app/features/admin/admin";
import { goals, userGoals, users } from "#drizzle/schema";
import { auditEntry } from "./audit.server";
import type { SessionUser } from "#app/platform/session/session.server";
import { goalColumns } from "#app/features/goals/goal-columns.server";

const current = sql<number>`(SELECT count(*) FROM user_goals WHERE user_goals.goal_id = ${goals.id} AND user_goals.completed = 0)`;
const completed = sql<number>`(SELECT count(*) FROM user_goals WHERE user_goals.goal_id = ${goals.id} AND user_goals.completed = 1)`;

function filterWhere(filter: GoalFilter, today: string) {
  switch (filter) {
    case "active":
      return and(eq(goals.demo, false), or(isNull(goals.end), gte(goals.end, today)));
    case "ended":
      return lt(goals.end, today);
    case "demo":
      return eq(goals.demo, true);
    default:
      return undefined;
  }
}

/** The list (and, with `goalId`, that goal and its participants), in one round trip. */
export async function goalsScreen(context: AppLoadContext, filter: GoalFilter, today: string, goalId?: string) {
  const db = context.db;
  // The list reads only what its table shows (up to 200 rows), not the full goalColumns.
  const list = db
    .select({
      id: goals.id,
      cause: goals.cause,
      start: goals.start,
      end: goals.end,
      demo: goals.demo,
      visibility: goals.visibility,
      current,
      completed,
    })
    .from(goals)
    .where(filterWhere(filter, today))
    .orderBy(desc(goals.createdAt), asc(goals.cause))
    .limit(200);
  const goal = db
    .select({
      ...goalColumns,
      ownerFirst: users.first,
      ownerLast: users.last,
    })
    .from(goals)
    .leftJoin(users, eq(users.id, goals.orgId))
    .where(eq(goals.id, goalId ?? ""))
    .limit(1);
  const participants = db
    .select({
      id: users.id,
      first: users.first,
      last: users.last,
      email: users.email,
      completed: userGoals.completed,
      joinedAt: userGoals.joinedAt,
    })
    .from(userGoals)
    .innerJoin(users, eq(users.id, userGoals.userId))
    .where(eq(userGoals.goalId, goalId ?? ""))
    .orderBy(asc(userGoals.joinedAt))
    .limit(500);
  if (!goalId) {
    const [rows] = await db.batch([list]);
    return { goals: rows, goal: null, participants: [] };
  }
  const [rows, [detail], people] = await db.batch([list, goal, participants]);
  return { goals: rows, goal: detail ?? null, participants: people };
}

export interface GoalEdit {
  cause: string;
  start: string | null;
  end: string | null;
  visibility: "public" | "private" | "friends";
  demo: boolean;
  icon?: string | null; // a new R2 key; undefined keeps the current icon
}

/** Saves an admin's edit and audits it; returns the previous icon key (to delete) or false if gone. */
export async function editGoal(context: AppLoadContext, actor: SessionUser, goalId: string, edit: GoalEdit) {
  const db = context.db;
  const [before] = await db.select().from(goals).where(eq(goals.id, goalId)).limit(1);
  if (!before) return false;
  // A member's personal goal stays "friends": the edit form cannot make it public (ADR 183).
  if (before.visibility === "friends") edit = { ...edit, visibility: "friends" };
  const changes = (["cause", "start", "end", "visibility", "demo"] as const)
    .filter((k) => before[k] !== edit[k])
    .map((k) => `${k}: ${String(before[k] ?? "none")} → ${String(edit[k] ?? "none")}`);
  if (edit.icon) changes.push("new icon");
  const { icon, ...fields } = edit;
  await db.batch([
    db
      .update(goals)
      .set(icon ? { ...fields, icon } : fields)
      .where(eq(goals.id, goalId)),
    auditEntry(context, actor.id, {
      action: "goal.edit",
      target: edit.cause,
      detail: changes.join("; ") || "no changes",
    }),
  ]);
  return { previousIcon: icon ? before.icon : null, changes, visibilityChanged: before.visibility !== edit.visibility };
}
