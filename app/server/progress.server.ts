/**
 * Measured progress reads and writes (issue 15, ADR 140). Entries are the one source of every figure;
 * progress_totals is each member's total recounted from them in the same batch as every write, so the
 * goal screen's leaderboard and group total walk an index instead of summing every entry per view.
 * The goal screen's statements ride in its one batch (ADR 057/063). Rules live in app/lib/progress.ts.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, desc, eq, notExists, sql, type SQL } from "drizzle-orm";
import type { IsoDate } from "#app/lib/dates";
import { canManageGoal } from "#app/lib/fundraising";
import type { Viewer } from "#app/lib/goals";
import { newId } from "#app/lib/ids";
import {
  formatQuantity,
  logRefusal,
  LOG_REFUSALS,
  percentOfTarget,
  quantityInputValue,
  streak,
  unitOf,
  type LogRefusal,
} from "#app/lib/progress";
import { goals, progressEntries, progressTotals, userGoals, users } from "#drizzle/schema";
import { auditEntryIfChanged } from "./audit.server";
import { publish } from "./live.server";

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
    })
    .from(goals)
    .where(eq(goals.id, goalId))
    .limit(1);
}

/** Top of the leaderboard: highest total first, ties by who got there first (progress_totals_rank_idx). */
export function leaderboardQuery(context: AppLoadContext, goalId: string | SQL, limit = LEADERBOARD_SIZE) {
  return context.db
    .select({
      userId: progressTotals.userId,
      total: progressTotals.total,
      reachedAt: progressTotals.reachedAt,
      first: users.first,
      last: users.last,
      color: users.color,
    })
    .from(progressTotals)
    .innerJoin(users, eq(users.id, progressTotals.userId))
    .where(eq(progressTotals.goalId, goalId))
    .orderBy(desc(progressTotals.total), progressTotals.reachedAt, progressTotals.userId)
    .limit(limit);
}

/** The viewer's own totals and how many members rank above them. */
export function myStandingQuery(context: AppLoadContext, goalId: string | SQL, viewerId: string | SQL) {
  // Drizzle leaves column names unqualified in a one-table select: name the outer row explicitly.
  const ahead = sql.raw(`(select count(*) from "progress_totals" as t2 where t2.goal_id = "progress_totals"."goal_id"
    and (t2.total > "progress_totals"."total" or (t2.total = "progress_totals"."total"
    and (t2.reached_at < "progress_totals"."reached_at" or (t2.reached_at = "progress_totals"."reached_at"
    and t2.user_id < "progress_totals"."user_id")))))`);
  return context.db
    .select({
      total: progressTotals.total,
      entries: progressTotals.entries,
      lastDay: progressTotals.lastDay,
      ahead: sql<number>`${ahead}`.as("ahead"),
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

/** An entry with who logged it (join users), as the group's lists show it. */
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
  return context.db
    .select(ENTRY_WITH_NAME)
    .from(progressEntries)
    .innerJoin(users, eq(users.id, progressEntries.userId))
    .where(eq(progressEntries.goalId, goalId))
    .orderBy(desc(progressEntries.createdAt))
    .limit(limit);
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
export const PROGRESS_STATEMENTS = 6;

export type ProgressResults = [
  Awaited<ReturnType<typeof measureQuery>>,
  Awaited<ReturnType<typeof leaderboardQuery>>,
  Awaited<ReturnType<typeof myStandingQuery>>,
  Awaited<ReturnType<typeof myEntriesQuery>>,
  Awaited<ReturnType<typeof myDaysQuery>>,
  Awaited<ReturnType<typeof latestEntriesQuery>>,
];

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

/** Every member's totals and logged days in a goal, for the org's participants CSV. */
export function participantMeasureQueries(context: AppLoadContext, goalId: string) {
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
      .where(eq(progressTotals.goalId, goalId)),
    context.db
      .selectDistinct({ userId: progressEntries.userId, day: progressEntries.day })
      .from(progressEntries)
      .where(eq(progressEntries.goalId, goalId)),
  ] as const;
}

export interface ParticipantMeasure {
  total: string;
  entries: number;
  streak: number;
  lastDay: string;
}

/** The CSV's progress columns by member (null for a goal without a measure). */
export function toParticipantMeasures(results: unknown[], today: IsoDate) {
  const [measureRows, totalRows, dayRows] = results as [
    Awaited<ReturnType<typeof measureQuery>>,
    { userId: string; total: number; entries: number; lastDay: string | null }[],
    { userId: string; day: string }[],
  ];
  const unit = measureRows[0]?.unit;
  if (!unit) return null;
  const days = new Map<string, string[]>();
  for (const r of dayRows) days.set(r.userId, [...(days.get(r.userId) ?? []), r.day]);
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

// ---------- writes ----------

export interface EntryGoal {
  id: string;
  cause: string;
  start: IsoDate | null;
  end: IsoDate | null;
  orgId: string | null;
  unit: string | null;
  unitTarget: number | null;
  groupTarget: number | null;
  membership: { completed: boolean } | null;
}

/** The goal's dates, measure and the viewer's membership: what every entry write is checked against. */
export async function loadEntryGoal(context: AppLoadContext, goalId: string, viewerId: string) {
  const rows = await context.db
    .select({
      id: goals.id,
      cause: goals.cause,
      start: goals.start,
      end: goals.end,
      orgId: goals.orgId,
      unit: goals.unit,
      unitTarget: goals.unitTarget,
      groupTarget: goals.groupTarget,
      ugGoal: userGoals.goalId,
      ugCompleted: userGoals.completed,
    })
    .from(goals)
    .leftJoin(userGoals, and(eq(userGoals.goalId, goals.id), eq(userGoals.userId, viewerId)))
    .where(eq(goals.id, goalId))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  const { ugGoal, ugCompleted, ...goal } = row;
  return { ...goal, membership: ugGoal ? { completed: !!ugCompleted } : null } satisfies EntryGoal;
}

/**
 * Recounts one member's totals from their entries (the truth), in the same batch as the change: a
 * double submit or a race can never make the total drift. No entries left: no row (off the board).
 */
function recountTotals(context: AppLoadContext, goalId: string, userId: string) {
  const mine = and(eq(progressEntries.goalId, goalId), eq(progressEntries.userId, userId));
  return [
    // insert().select() lists every column of the table, in order.
    context.db
      .insert(progressTotals)
      .select(
        sql`select ${goalId}, ${userId}, sum(${progressEntries.amount}), count(*), max(${progressEntries.day}), max(${progressEntries.updatedAt})
              from ${progressEntries} where ${mine} having count(*) > 0`,
      )
      .onConflictDoUpdate({
        target: [progressTotals.goalId, progressTotals.userId],
        set: {
          total: sql`excluded.total`,
          entries: sql`excluded.entries`,
          lastDay: sql`excluded.last_day`,
          reachedAt: sql`excluded.reached_at`,
        },
      }),
    context.db.delete(progressTotals).where(
      and(
        eq(progressTotals.goalId, goalId),
        eq(progressTotals.userId, userId),
        notExists(
          context.db
            .select({ one: sql`1` })
            .from(progressEntries)
            .where(mine),
        ),
      ),
    ),
  ] as const;
}

export type EntryWrite =
  { ok: true; id: string } | { ok: false; status: 403 | 404 | 409; message: string; field?: "entryId" };

function refusal(reason: LogRefusal): EntryWrite {
  const status = reason === "not-a-member" ? 403 : 409;
  return { ok: false, status, message: LOG_REFUSALS[reason] };
}

export interface EntryInput {
  amount: number;
  day: IsoDate;
  note: string | null;
}

/** Logs an entry once per idempotency key (a double submit inserts nothing the second time). */
export async function logEntry(
  context: AppLoadContext,
  goal: EntryGoal,
  viewer: Viewer,
  input: EntryInput & { key: string },
  today: IsoDate,
): Promise<EntryWrite> {
  const reason = logRefusal(goal, goal.membership, today);
  if (reason) return refusal(reason);
  const id = newId();
  await context.db.batch([
    context.db
      .insert(progressEntries)
      .values({
        id,
        goalId: goal.id,
        userId: viewer.id,
        amount: input.amount,
        day: input.day,
        note: input.note,
        idempotencyKey: input.key,
      })
      .onConflictDoNothing(),
    ...recountTotals(context, goal.id, viewer.id),
  ]);
  publish(context, [`goal:${goal.id}`, `user:${viewer.id}`]);
  return { ok: true, id };
}

const notYours: EntryWrite = {
  ok: false,
  status: 404,
  message: "That entry is not one of yours in this goal.",
  field: "entryId",
};

/** Edits one of my own entries; anyone else's id (or another goal's) changes nothing. */
export async function editEntry(
  context: AppLoadContext,
  goal: EntryGoal,
  viewer: Viewer,
  entryId: string,
  input: EntryInput,
  today: IsoDate,
): Promise<EntryWrite> {
  const reason = logRefusal(goal, goal.membership, today);
  if (reason) return refusal(reason);
  const mine = and(
    eq(progressEntries.id, entryId),
    eq(progressEntries.goalId, goal.id),
    eq(progressEntries.userId, viewer.id),
  );
  const [result] = await context.db.batch([
    context.db
      .update(progressEntries)
      .set({ amount: input.amount, day: input.day, note: input.note, updatedAt: new Date() })
      .where(mine),
    ...recountTotals(context, goal.id, viewer.id),
  ]);
  if (!result.meta.changes) return notYours;
  publish(context, [`goal:${goal.id}`, `user:${viewer.id}`]);
  return { ok: true, id: entryId };
}

/** Deletes one of my own entries. */
export async function deleteEntry(
  context: AppLoadContext,
  goal: EntryGoal,
  viewer: Viewer,
  entryId: string,
  today: IsoDate,
): Promise<EntryWrite> {
  const reason = logRefusal(goal, goal.membership, today);
  if (reason) return refusal(reason);
  const [result] = await context.db.batch([
    context.db
      .delete(progressEntries)
      .where(
        and(
          eq(progressEntries.id, entryId),
          eq(progressEntries.goalId, goal.id),
          eq(progressEntries.userId, viewer.id),
        ),
      ),
    ...recountTotals(context, goal.id, viewer.id),
  ]);
  if (!result.meta.changes) return notYours;
  publish(context, [`goal:${goal.id}`, `user:${viewer.id}`]);
  return { ok: true, id: entryId };
}

/** The owning org (or an admin) removes an abusive entry; the removal is audit-logged in the same batch. */
export async function removeEntry(
  context: AppLoadContext,
  goal: EntryGoal,
  viewer: Viewer,
  entryId: string,
): Promise<EntryWrite> {
  if (!canManageGoal(goal, viewer))
    return { ok: false, status: 403, message: "Only the goal's organisation can remove entries." };
  const entry = (
    await context.db
      .select({ userId: progressEntries.userId, amount: progressEntries.amount, day: progressEntries.day })
      .from(progressEntries)
      .where(and(eq(progressEntries.id, entryId), eq(progressEntries.goalId, goal.id)))
      .limit(1)
  )[0];
  if (!entry) return { ok: false, status: 404, message: "That entry is not in this goal.", field: "entryId" };
  await context.db.batch([
    context.db.delete(progressEntries).where(and(eq(progressEntries.id, entryId), eq(progressEntries.goalId, goal.id))),
    auditEntryIfChanged(context, viewer.id, {
      action: "progress.remove",
      target: goal.cause,
      detail: `entry ${entryId} of user ${entry.userId}: ${entry.amount / 100} ${goal.unit ?? ""} on ${entry.day}`,
    }),
    ...recountTotals(context, goal.id, entry.userId),
  ]);
  publish(context, [`goal:${goal.id}`, `user:${entry.userId}`]);
  return { ok: true, id: entryId };
}
