/**
 * The participants CSV's progress columns (ADR 140, 146): each member's total, entries, streak and last
 * entry day, read in the CSV's batch from progress_totals and the members' logged days; and the rows
 * of people whose progress counts but who are no longer members (ADR 146).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, desc, eq, gte, sql } from "drizzle-orm";
import { addDays, type IsoDate } from "#app/lib/dates";
import { quantityInputValue, streak, unitOf } from "#app/features/progress/progress";
import { progressEntries, progressTotals, users } from "#drizzle/schema";
import { PARTICIPANTS_CSV_LIMIT, pledgeValue } from "#app/features/fundraising/fundraising.server";
import { measureQuery } from "./progress.server";
import type { GroupRows } from "#app/platform/db/batch.server";

/** How far back the CSV's streak column looks: two years of days. */
export const STREAK_DAYS = 731;
/** The logged days read for the streaks, at most (a bounded read whatever the goal holds). */
const MAX_STREAK_ROWS = 200_000;

/** Every member's totals and recent logged days in a goal, for the org's participants CSV (bounded). */
export function participantMeasureQueries(context: AppLoadContext, goalId: string, today: IsoDate) {
  return [
    measureQuery(context, goalId),
    context.db
      .select({
        userId: progressTotals.userId,
        total: progressTotals.total,
        entries: progressTotals.entries,
        lastDay: progressTotals.lastDay,
      })
      .from(progressTotals)
      .where(eq(progressTotals.goalId, goalId))
      .limit(PARTICIPANTS_CSV_LIMIT),
    // The days a streak can reach back over: a streak longer than this reads as this long.
    context.db
      .selectDistinct({ userId: progressEntries.userId, day: progressEntries.day })
      .from(progressEntries)
      .where(and(eq(progressEntries.goalId, goalId), gte(progressEntries.day, addDays(today, -STREAK_DAYS))))
      .limit(MAX_STREAK_ROWS),
  ] as const;
}

export interface ParticipantMeasure {
  total: string;
  entries: number;
  streak: number;
  lastDay: string;
}

/** The CSV's progress columns by member (null for a goal without a measure). */
export function toParticipantMeasures(rows: GroupRows<ReturnType<typeof participantMeasureQueries>>, today: IsoDate) {
  const [measureRows, totalRows, dayRows] = rows;
  const unit = measureRows[0]?.unit;
  if (!unit) return null;
  const days = new Map<string, string[]>();
  // Pushed, not copied: the list is built in one pass however many days a member logged.
  for (const r of dayRows) {
    const list = days.get(r.userId);
    if (list) list.push(r.day);
    else days.set(r.userId, [r.day]);
  }
  const byUser = new Map<string, ParticipantMeasure>();
  for (const r of totalRows)
    byUser.set(r.userId, {
      total: quantityInputValue(r.total),
      entries: r.entries,
      streak: streak(days.get(r.userId) ?? [], today),
      lastDay: r.lastDay ?? "",
    });
  return { unitLabel: unitOf(unit).label, byUser };
}

/**
 * Progress without a membership: a member who left the goal (their entries stay and count) or deleted
 * their account (ADR 188: the row's id points at no user, so no name). Listed after the members so the
 * CSV's totals add up to the group total (ADR 146). Highest total first, as the leaderboard.
 */
export function formerParticipantsQuery(context: AppLoadContext, goalId: string) {
  return context.db
    .select({
      userId: progressTotals.userId,
      first: users.first,
      last: users.last,
      // What they pledged themselves (a deleted account's pledges are anonymised: none match).
      pledged: sql<number>`(select coalesce(sum(${pledgeValue}), 0) from "pledges" where "pledges"."goal_id" = ${goalId} and "pledges"."user_id" = "progress_totals"."user_id")`,
    })
    .from(progressTotals)
    .leftJoin(users, eq(users.id, progressTotals.userId))
    .where(
      and(
        eq(progressTotals.goalId, goalId),
        sql`not exists (select 1 from "user_goals" where "user_goals"."goal_id" = "progress_totals"."goal_id" and "user_goals"."user_id" = "progress_totals"."user_id")`,
      ),
    )
    .orderBy(desc(progressTotals.total), progressTotals.reachedAt, progressTotals.userId)
    .limit(PARTICIPANTS_CSV_LIMIT);
}
