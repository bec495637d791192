/**
 * The preview a signed-out visitor sees on /join/{id} (ADR 262): what anyone signed in could see of a
 * public goal before joining it, and nothing of any other goal. A private, friends or demo goal and an id
 * that does not exist answer alike, so the preview never tells that a goal exists.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq, sql } from "drizzle-orm";
import { goals, userGoals } from "#drizzle/schema";
import { formatDateRange, type IsoDate } from "#app/lib/dates";
import { goalColumns } from "#app/features/goals/goal-columns.server";
import { goalPhase, type GoalPhase } from "#app/features/goals/goal-state";
import { isVisibleToVisitor } from "#app/features/goals/goals";
import { unitOf } from "#app/features/progress/progress";

export interface JoinPreview {
  id: string;
  cause: string;
  icon: string | null;
  dates: string | null;
  phase: GoalPhase;
  memberCount: number;
  charityName: string | null;
  unit: string | null;
}

export async function joinPreview(context: AppLoadContext, id: string, day: IsoDate): Promise<JoinPreview | null> {
  // Ids are short; anything longer is not one, and needs no query.
  if (id.length > 64) return null;
  const [row] = await context.db
    .select({
      ...goalColumns,
      charityName: goals.charityName,
      unit: goals.unit,
      memberCount: sql<number>`(select count(*) from ${userGoals} where ${userGoals.goalId} = ${goals.id})`,
    })
    .from(goals)
    .where(eq(goals.id, id))
    .limit(1);
  if (!row || !isVisibleToVisitor(row)) return null;
  return {
    id: row.id,
    cause: row.cause,
    icon: row.icon,
    dates: formatDateRange(row.start, row.end, day),
    phase: goalPhase(row, day),
    memberCount: Number(row.memberCount),
    charityName: row.charityName,
    unit: row.unit ? unitOf(row.unit).label : null,
  };
}
