/**
 * Measured progress, the reading side (ADR 140): the goal screen's statements (measure and
 * group total, leaderboard, my standing, my entries and days, the group's latest) for its one batch
 * (ADR 057/063), and my total for /bar. Entries are the one source of every figure; progress_totals,
 * recounted with every write (progress-writes.server.ts), lets the board and the group total walk an
 * index instead of summing every entry per view. Rules live in app/features/progress/progress.ts.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, desc, eq, gte, sql, type SQL } from "drizzle-orm";
import { addDays } from "#app/lib/dates";
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

type MeasureLists = { teamWeek?: SQL; badgeFeed?: SQL; board?: SQL; latest?: SQL };

/** The goal's measure with the group's totals: one row; with `viewerId`, my totals and rank too. */
export function measureQuery(
  context: AppLoadContext,
  goalId: string | SQL,
  viewerId: string | SQL = "",
  /**
   * The goal screen's lists as JSON on the same row: the badges' (badges.server.ts badgeListColumns,
   * ADR 308), the leaderboard and the group's latest (progressListColumns, ADR 310).
   */
  lists: MeasureLists = {},
) {
  // The row's columns name the row's own goal (`goals.id`), not `goalId` again: on the home `goalId` is
  // the current goal's subquery, which SQLite prepares and runs once for each copy (ADR 314).
  const rowGoal = sql`${goals.id}`;
  return context.db
    .select({
      ...myStandingColumns(rowGoal, viewerId),
      teamWeek: sql<string | null>`${lists.teamWeek ?? sql`null`}`.as("team_week"),
      badgeFeed: sql<string | null>`${lists.badgeFeed ?? sql`null`}`.as("badge_feed"),
      board: sql<string | null>`${lists.board ?? sql`null`}`.as("board"),
      latest: sql<string | null>`${lists.latest ?? sql`null`}`.as("latest"),
      unit: goals.unit,
      unitTarget: goals.unitTarget,
      groupTarget: goals.groupTarget,
      groupTotal:
        sql<number>`(select coalesce(sum(${progressTotals.total}), 0) from ${progressTotals} where ${progressTotals.goalId} = ${rowGoal})`.as(
          "group_total",
        ),
      loggers: sql<number>`(select count(*) from ${progressTotals} where ${progressTotals.goalId} = ${rowGoal})`.as(
        "loggers",
      ),
      // Null while the goal's entries live in D1; how many its archive file holds once archived (ADR 303).
      archived: sql<
        number | null
      >`(select ${entryArchives.entries} from ${entryArchives} where ${entryArchives.goalId} = ${rowGoal})`.as(
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
 * The viewer's totals and rank, as columns of the goal's measure row (ADR 293's budget for /main: one
 * statement instead of two). Null when the viewer has logged nothing in the goal.
 */
function myStandingColumns(goalId: string | SQL, viewerId: string | SQL) {
  const col = (name: string) =>
    sql`(select ${sql.raw(name)} from ${progressTotals} where ${progressTotals.goalId} = ${goalId} and ${progressTotals.userId} = ${viewerId})`;
  return {
    myTotal: sql<number | null>`${col("total")}`.as("my_total"),
    myEntries: sql<number | null>`${col("entries")}`.as("my_entries"),
    // How many rank above me (the leaderboard's order): progress_totals_rank_idx from the top down to me.
    myAhead: sql<number | null>`(select count(*) from ${progressTotals} as t2, ${progressTotals} as me
      where me.goal_id = ${goalId} and me.user_id = ${viewerId} and t2.goal_id = me.goal_id
      and (t2.total > me.total or (t2.total = me.total and (t2.reached_at < me.reached_at
      or (t2.reached_at = me.reached_at and t2.user_id < me.user_id)))))`.as("my_ahead"),
  };
}

/**
 * The goal screen's progress statement for its one batch: the measure with the group's and my totals,
 * with the leaderboard and the group's latest as JSON arrays on the same row (ADR 310; read back by
 * toProgressRows). My entries, days and chart days come from the badge group's one read of my entries
 * (badges.server.ts `myBadgeEntriesQuery`).
 */
export function progressQueries(
  context: AppLoadContext,
  goalId: string | SQL,
  viewerId: string | SQL,
  /** The badges' lists for the row's own goal, `rowGoal` (the outer `goals.id`, ADR 314). */
  lists: (rowGoal: SQL) => { teamWeek?: SQL; badgeFeed?: SQL } = () => ({}),
) {
  const rowGoal = sql`${goals.id}`;
  const board = sql`(select json_group_array(json_array(b.user_id, b.total, b.reached_at, b.first, b.last, b.color)) from ${leaderboardQuery(context, rowGoal)} as b)`;
  const latest = sql`(select json_group_array(json_array(l.id, l.user_id, l.amount, l.day, l.note, l.created_at, l.first, l.last, l.color)) from ${latestEntriesQuery(context, rowGoal)} as l)`;
  return [measureQuery(context, goalId, viewerId, { ...lists(rowGoal), board, latest })] as const;
}

type MeasureRow = Awaited<ReturnType<typeof measureQuery>>[number];
type BoardRow = Awaited<ReturnType<typeof leaderboardQuery>>[number];
type LatestRow = Awaited<ReturnType<typeof latestEntriesQuery>>[number];
export type ProgressRows = readonly [MeasureRow[], BoardRow[], LatestRow[]];

type BoardJson = [string, number, number, string | null, string | null, string | null];
type LatestJson = [string, string, number, string, string | null, number, string | null, string | null, string | null];

/** progressQueries' row as the three row lists the screen read before ADR 310: measure, leaderboard (its order), latest (newest first). */
export function toProgressRows(rows: readonly [MeasureRow[]]): ProgressRows {
  const measure = rows[0][0];
  const board = (JSON.parse(measure?.board ?? "[]") as BoardJson[])
    .map(([userId, total, reachedAt, first, last, color]) => ({
      userId,
      total,
      reachedAt: new Date(reachedAt),
      first,
      last,
      color,
    }))
    .sort(
      (a, b) =>
        b.total - a.total ||
        a.reachedAt.getTime() - b.reachedAt.getTime() ||
        (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0),
    );
  const latest = (JSON.parse(measure?.latest ?? "[]") as LatestJson[])
    .map(([id, userId, amount, day, note, createdAt, first, last, color]) => ({
      id,
      userId,
      amount,
      day,
      note,
      createdAt: new Date(createdAt),
      first,
      last,
      color,
    }))
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  return [rows[0], board, latest];
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
 * The group's daily amounts (ADR 221) for the goal screen's chart: the CHART_DAYS days up to today or the
 * goal's end, whichever is first (enough for any chart window, standing.ts), from goal_day_totals (ADR 294).
 * Mine are summed from my entries, read once for the screen (`myChartDays`).
 */
export function standingQueries(context: AppLoadContext, goalId: string | SQL, today: string | SQL) {
  const from = sql`(select date(min(coalesce(${goals.end}, ${today}), ${today}), ${`-${CHART_DAYS} days`}) from ${goals} where ${goals.id} = ${goalId})`;
  return [
    // A goal with 1,000 members summed 30,000 entries here on every view (~200 ms of SQLite locally).
    context.db
      .select({ day: goalDayTotals.day, amount: goalDayTotals.amount })
      .from(goalDayTotals)
      .where(and(eq(goalDayTotals.goalId, goalId), gte(goalDayTotals.day, from))),
  ] as const;
}

/** My amount per day over the chart's window (the same days the group's statement reads). */
export function myChartDays(
  entries: readonly { day: string; amount: number }[],
  goal: { end: string | null },
  today: string,
) {
  const from = addDays(goal.end && goal.end < today ? goal.end : today, -CHART_DAYS);
  const perDay = new Map<string, number>();
  for (const e of entries) if (e.day >= from) perDay.set(e.day, (perDay.get(e.day) ?? 0) + e.amount);
  return [...perDay].map(([day, amount]) => ({ day, amount }));
}
