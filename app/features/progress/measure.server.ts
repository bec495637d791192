/**
 * A goal's measure (ADR 140): the owning org or an admin sets the unit while nothing is logged, and
 * the targets at any time. The unit change is conditional on "no entries" in the same statement, so a
 * member logging at the same moment cannot end up with entries in the old unit.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, isNull, notExists, sql } from "drizzle-orm";
import { canManageGoal } from "#app/features/fundraising/fundraising";
import type { Viewer } from "#app/features/goals/goals";
import { goals, progressEntries } from "#drizzle/schema";
import { today } from "#app/platform/session/clock.server";
import { goalVisit, recordGoalVisit } from "#app/features/home/visits.server";
import { publish } from "#app/features/live/live.server";

/** The goal's measure as its organisers edit it; the request is also a visit of the goal (ADR 190). */
export async function loadMeasure(context: AppLoadContext, goalId: string, viewer: Viewer, request: Request) {
  const day = today(request, context.cloudflare.env);
  const [rows, visit] = await context.db.batch([
    context.db
      .select({
        id: goals.id,
        cause: goals.cause,
        orgId: goals.orgId,
        unit: goals.unit,
        unitTarget: goals.unitTarget,
        groupTarget: goals.groupTarget,
        hasEntries:
          sql<number>`(exists(select 1 from ${progressEntries} where ${progressEntries.goalId} = ${goalId}) or ${goals.archivedAt} is not null)`.as(
            "has_entries",
          ),
      })
      .from(goals)
      .where(eq(goals.id, goalId))
      .limit(1),
    ...(goalVisit(context, viewer.id, goalId, day) ?? []),
  ]);
  const row = rows[0];
  if (!row) return null;
  recordGoalVisit(context, visit, viewer.id, goalId, day);
  return { ...row, hasEntries: !!Number(row.hasEntries), manager: canManageGoal(row, viewer) };
}

/** Saves the measure; false when the unit would change but entries exist (nothing written). */
export async function saveMeasure(
  context: AppLoadContext,
  goal: { id: string; unit: string | null },
  value: { unit: string | null; unitTarget: number | null; groupTarget: number | null },
): Promise<boolean> {
  const unitChanges = value.unit !== goal.unit;
  const entries = context.db
    .select({ one: sql`1` })
    .from(progressEntries)
    .where(eq(progressEntries.goalId, goal.id));
  const result = await context.db
    .update(goals)
    .set(value)
    // An archived goal's entries are in its file (ADR 303): its unit stays too.
    .where(
      unitChanges ? and(eq(goals.id, goal.id), notExists(entries), isNull(goals.archivedAt)) : eq(goals.id, goal.id),
    );
  if (!result.meta.changes) return false;
  publish(context, [`goal:${goal.id}`]);
  return true;
}
