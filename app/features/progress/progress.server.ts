/**
 * Measured progress, the reading side (ADR 140): the goal screen's statements (measure and
 * group total, leaderboard, my standing, my entries and days, the group's latest) for its one batch
 * (ADR 057/063), and my total for /bar. Entries are the one source of every figure; progress_totals,
 * recounted with every write (progress-writes.server.ts), lets the board and the group total walk an
 * index instead of summing every entry per view. Rules live in app/features/progress/progress.ts.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, desc, eq, gte, sql, type SQL } from "drizzle-orm";
import { formatQuantity, percentOfTarget } from "#app/features/progress/progress";
import { CHART_DAYS } from "./standing";
import { entryArchives, goalDayTotals, goals, progressEntries, progressTotals, users } from "#drizzle/schema";

export const LEADERBOARD_SIZE = 10;
export const MY_ENTRIES_SHOWN = 10;
/** "Show all my entries" (?entries=all): every entry of a member in any goal, a year and more of days. */
export const MY_ENTRIES_ALL = 500;
export const LATEST_SHOWN = 5;
/** A streak longer than this is shown as this (a year of daily entries). */
export const STREAK_DAYS_READ = 400;

/** The goal's measure with the group's totals: one row. */
export function measureQuery(context: AppLoadContext, goalId: string | SQL) {
  return context.db
    .select({
      unit: goals.unit,
      unitTarget: goals.unitTarget,
      groupTarget: goals.groupTarget,
      groupTotal:
        sql<number>`(select coalesce(sum(${progressTotals.total}), 0) from ${progressTotals} where ${progressTotals.goalId} = ${goalId})`.as(
          "group_total",
        ),
      loggers: sql<number>`(select count(*) from ${progressTotals} where ${progressTotals.goalId} = ${goalId})`.as(
        "loggers",
      ),
      // Null while the goal's entries live in D1; how many its archive file holds once archived (ADR 303).
      archived: sql<
        number | null
      >`(select ${entryArchives.entries} from ${entryArchives} where ${entryArchives.goalId} = ${goalId})`.as(
        "archived",
      ),
    })
    .from(goals)
    .where(eq(goals.id, goalId))
    .limit(1);
}

/** Top of the leaderboard: highest total first, ties by who got there first (progress_totals_rank_idx). */
export function leaderboardQuery(context: AppLoadContext, goalId: string | SQL, limit = LEADERBOARD_SIZE) {
  return (
    context.db
      .select({
        userId: progressTotals.userId,
        total: progressTotals.total,
        reachedAt: progressTotals.reachedAt,
        first: users.first,
        last: users.last,
        color: users.color,
      })
      .from(progressTotals)
      // A deleted account's row stays, without a name (ADR 188, 146): the board agrees with "my rank".
      .leftJoin(users, eq(users.id, progressTotals.userId))
      .where(eq(progressTotals.goalId, goalId))
      .orderBy(desc(progressTotals.total), progressTotals.reachedAt, progressTotals.userId)
      .limit(limit)
  );
}

/**
 * How many rank above the `progress_totals` row of the outer query (the leaderboard's order). Names the
 * outer row explicitly: drizzle leaves column names unqualified in a one-table select.
 */
export const rankedAhead =
  sql.raw(`(select count(*) from "progress_totals" as t2 where t2.goal_id = "progress_totals"."goal_id"
  and (t2.total > "progress_totals"."total" or (t2.total = "progress_totals"."total"
  and (t2.reached_at < "progress_totals"."reached_at" or (t2.reached_at = "progress_totals"."reached_at"
  and t2.user_id < "progress_totals"."user_id")))))`);

/** The viewer's own totals and how many members rank above them. */
export function myStandingQuery(context: AppLoadContext, goalId: string | SQL, viewerId: string | SQL) {
  return context.db
    .select({
      total: progressTotals.total,
      entries: progressTotals.entries,
      lastDay: progressTotals.lastDay,
      ahead: sql<number>`${rankedAhead}`.as("ahead"),
    })
    .from(progressTotals)
    .where(and(eq(progressTotals.goalId, goalId), eq(progressTotals.userId, viewerId)))
    .limit(1);
}

/** My latest entries in a goal (progress_entries_member_day_idx, newest day first). */
export function myEntriesQuery(
  context: AppLoadContext,
  goalId: string | SQL,
  viewerId: string | SQL,
  limit = MY_ENTRIES_SHOWN,
) {
  return context.db
    .select({
      id: progressEntries.id,
      amount: progressEntries.amount,
      day: progressEntries.day,
      note: progressEntries.note,
    })
    .from(progressEntries)
    .where(and(eq(progressEntries.goalId, goalId), eq(progressEntries.userId, viewerId)))
    .orderBy(desc(progressEntries.day), desc(progressEntries.createdAt))
    .limit(limit);
}

/** The distinct days I logged in a goal, newest first: enough for the streak. */
export function myDaysQuery(context: AppLoadContext, goalId: string | SQL, viewerId: string | SQL) {
  return context.db
    .selectDistinct({ day: progressEntries.day })
    .from(progressEntries)
    .where(and(eq(progressEntries.goalId, goalId), eq(progressEntries.userId, viewerId)))
    .orderBy(desc(progressEntries.day))
    .limit(STREAK_DAYS_READ);
}

/** An entry with who logged it (left join users: no name for a deleted account), as the group's lists show it. */
export const ENTRY_WITH_NAME = {
  id: progressEntries.id,
  userId: progressEntries.userId,
  amount: progressEntries.amount,
  day: progressEntries.day,
  note: progressEntries.note,
  createdAt: progressEntries.createdAt,
  first: users.first,
  last: users.last,
  color: users.color,
};

/** The group's latest entries (progress_entries_goal_created_idx). */
export function latestEntriesQuery(context: AppLoadContext, goalId: string | SQL, limit = LATEST_SHOWN) {
  return (
    context.db
      .select(ENTRY_WITH_NAME)
      .from(progressEntries)
      // A deleted account's entries stay, as "Deleted member" (ADR 188, 146).
      .leftJoin(users, eq(users.id, progressEntries.userId))
      .where(eq(progressEntries.goalId, goalId))
      .orderBy(desc(progressEntries.createdAt))
      .limit(limit)
  );
}

/**
 * The goal screen's progress statements, in this order, for its one batch. `allEntries`: the member
 * asked for all their entries (older ones too, to edit or delete them), not the latest few.
 */
export function progressQueries(
  context: AppLoadContext,
  goalId: string | SQL,
  viewerId: string | SQL,
  allEntries = false,
) {
  return [
    measureQuery(context, goalId),
    leaderboardQuery(context, goalId),
    myStandingQuery(context, goalId, viewerId),
    myEntriesQuery(context, goalId, viewerId, allEntries ? MY_ENTRIES_ALL : MY_ENTRIES_SHOWN),
    myDaysQuery(context, goalId, viewerId),
    latestEntriesQuery(context, goalId),
  ] as const;
}

/** My total in one goal with its measure (the Progress Bar's second bar). */
export function myMeasureQuery(context: AppLoadContext, goalId: string | SQL, viewerId: string | SQL) {
  return context.db
    .select({ unit: goals.unit, unitTarget: goals.unitTarget, total: progressTotals.total })
    .from(goals)
    .leftJoin(progressTotals, and(eq(progressTotals.goalId, goals.id), eq(progressTotals.userId, viewerId)))
    .where(eq(goals.id, goalId))
    .limit(1);
}

export function toMyMeasure(row: Awaited<ReturnType<typeof myMeasureQuery>>[number] | undefined) {
  if (!row?.unit) return null;
  const total = Number(row.total ?? 0);
  return {
    totalText: formatQuantity(total, row.unit),
    targetText: row.unitTarget ? formatQuantity(row.unitTarget, row.unit) : null,
    percent: percentOfTarget(total, row.unitTarget),
  };
}

/**
 * Daily amounts, mine and the group's (ADR 221), for the goal screen's chart: the CHART_DAYS days up to
 * today or the goal's end, whichever is first (enough for any chart window, standing.ts). Mine walks
 * progress_entries_member_day_idx; the group's reads those days of goal_day_totals (ADR 294).
 */
export function standingQueries(
  context: AppLoadContext,
  goalId: string | SQL,
  viewerId: string | SQL,
  today: string | SQL,
) {
  const from = sql`(select date(min(coalesce(${goals.end}, ${today}), ${today}), ${`-${CHART_DAYS} days`}) from ${goals} where ${goals.id} = ${goalId})`;
  const perDay = { day: progressEntries.day, amount: sql<number>`sum(${progressEntries.amount})`.as("amount") };
  return [
    context.db
      .select(perDay)
      .from(progressEntries)
      .where(
        and(eq(progressEntries.goalId, goalId), eq(progressEntries.userId, viewerId), gte(progressEntries.day, from)),
      )
      .groupBy(progressEntries.day),
    // The group's days from goal_day_totals, kept by triggers on every entry write (ADR 294): a goal with
    // 1,000 members summed 30,000 entries here on every view (~200 ms of SQLite locally).
    context.db
      .select({ day: goalDayTotals.day, amount: goalDayTotals.amount })
      .from(goalDayTotals)
      .where(and(eq(goalDayTotals.goalId, goalId), gte(goalDayTotals.day, from))),
  ] as const;
}
