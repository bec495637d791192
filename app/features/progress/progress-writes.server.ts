/**
 * Measured progress, the writing side (ADR 140): log, edit and delete my own entries, the
 * goal's organisation removes one (audit-logged). Every write recounts the member's progress_totals row
 * from their entries in the same batch, so a double submit or a race can never make a total drift.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, inArray, not, notExists, sql } from "drizzle-orm";
import type { IsoDate } from "#app/lib/dates";
import { canManageGoal } from "#app/features/fundraising/fundraising";
import type { Viewer } from "#app/features/goals/goals";
import { newId } from "#app/lib/ids";
import {
  dailyCapMessage,
  formatQuantity,
  HUNDREDTHS,
  logRefusal,
  LOG_REFUSALS,
  unitOf,
  type LogRefusal,
} from "#app/features/progress/progress";
import { notArchived } from "#app/features/archive/archived-sql.server";
import { rowValues } from "#app/platform/db/insert-select.server";
import { goals, progressEntries, progressTotals, userGoals, users } from "#drizzle/schema";
import { auditEntryIfChanged } from "#app/features/admin/audit.server";
import { publish } from "#app/features/live/live.server";
import {
  hitStatement,
  type Counter,
  LIMITS,
  memberCounter,
  overLimit,
  SLOW_DOWN,
  withinLimit,
} from "#app/platform/session/rate-limit.server";

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
  /** Its entries were moved to the archive (ADR 303): nothing more is written into it. */
  archived?: boolean;
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
      archivedAt: goals.archivedAt,
      ugGoal: userGoals.goalId,
      ugCompleted: userGoals.completed,
    })
    .from(goals)
    .leftJoin(userGoals, and(eq(userGoals.goalId, goals.id), eq(userGoals.userId, viewerId)))
    .where(eq(goals.id, goalId))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  const { ugGoal, ugCompleted, archivedAt, ...goal } = row;
  return {
    ...goal,
    archived: archivedAt !== null,
    membership: ugGoal ? { completed: !!ugCompleted } : null,
  } satisfies EntryGoal;
}

/** One of the member's own entries in a goal: edit and delete touch nothing else. */
const myEntry = (goalId: string, userId: string, entryId: string) =>
  and(eq(progressEntries.id, entryId), eq(progressEntries.goalId, goalId), eq(progressEntries.userId, userId));

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
              from ${progressEntries} where ${mine} and ${notArchived(goalId)} having count(*) > 0`,
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
        notArchived(goalId),
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
  | {
      ok: true;
      id: string;
      /** Whose entry it was, when not the viewer's own (the organiser removed it). */
      userId?: string;
      /** False when the write changed nothing (a replayed idempotency key, an edit to the same values). */
      changed: boolean;
    }
  | { ok: false; status: 403 | 404 | 409 | 429; message: string; field?: "entryId" | "amount" };

function refusal(reason: LogRefusal): EntryWrite {
  const status = reason === "not-a-member" ? 403 : 409;
  return { ok: false, status, message: LOG_REFUSALS[reason] };
}

export interface EntryInput {
  amount: number;
  day: IsoDate;
  note: string | null;
}

/**
 * The daily cap as a condition of the write itself (no read before it, so two racing writes cannot
 * both pass): the member's other entries for `day` plus `amount` stay within the unit's cap.
 * `except`: the entry being edited, whose old amount is replaced.
 */
function withinDailyCap(goal: EntryGoal, userId: string, day: IsoDate, amount: number, except?: string) {
  const cap = unitOf(goal.unit ?? "").cap * HUNDREDTHS;
  return sql`(SELECT coalesce(sum(${progressEntries.amount}), 0) FROM ${progressEntries}
    WHERE ${progressEntries.goalId} = ${goal.id} AND ${progressEntries.userId} = ${userId}
      AND ${progressEntries.day} = ${day}${except ? sql` AND ${progressEntries.id} <> ${except}` : sql``}) + ${amount} <= ${cap}`;
}

/** Each member's entry writes (log, edit, delete) are flood-limited, as a condition of the write (ADR 217). */
const entryCounter = (viewer: Viewer) => memberCounter(LIMITS.entryWrites, viewer.id);
const tooMany = (field?: "amount"): EntryWrite => ({ ok: false, status: 429, message: SLOW_DOWN.entry, field });

const overDailyCap = (goal: EntryGoal, day: IsoDate, today: IsoDate): EntryWrite => ({
  ok: false,
  status: 409,
  message: dailyCapMessage(goal.unit ?? "", day, today),
  field: "amount",
});

/**
 * Logs an entry once per idempotency key (a double submit inserts nothing the second time and
 * publishes nothing), and only while the member's day stays within the unit's daily cap.
 */
export async function logEntry(
  context: AppLoadContext,
  goal: EntryGoal,
  viewer: Viewer,
  input: EntryInput & { key: string; sport?: string | null },
  today: IsoDate,
): Promise<EntryWrite> {
  const reason = logRefusal(goal, goal.membership, today);
  if (reason) return refusal(reason);
  const id = newId();
  const row = rowValues(progressEntries, {
    id,
    goalId: goal.id,
    userId: viewer.id,
    amount: input.amount,
    day: input.day,
    note: input.note,
    idempotencyKey: input.key,
    sport: input.sport ?? null,
  });
  const counter = entryCounter(viewer);
  const [count, inserted] = await context.db.batch([
    hitStatement(context.db, counter),
    context.db
      .insert(progressEntries)
      .select(
        sql`SELECT ${row} WHERE ${withinDailyCap(goal, viewer.id, input.day, input.amount)} AND ${withinLimit(counter)}`,
      )
      .onConflictDoNothing(),
    ...recountTotals(context, goal.id, viewer.id),
  ]);
  if (!inserted.meta.changes) {
    // Nothing written: a replay of an entry already logged (fine, nothing to tell anyone), too many
    // writes, or over the cap.
    const earlier = await context.db
      .select({ id: progressEntries.id })
      .from(progressEntries)
      .where(and(eq(progressEntries.userId, viewer.id), eq(progressEntries.idempotencyKey, input.key)))
      .limit(1);
    if (earlier[0]) return { ok: true, id: earlier[0].id, changed: false };
    if (overLimit(counter, count)) return tooMany("amount");
    return overDailyCap(goal, input.day, today);
  }
  publish(context, [`goal:${goal.id}`, `user:${viewer.id}`]);
  return { ok: true, id, changed: true };
}

/** What one new entry holds; the activity fields come from a file (ADR 260), the import id from a CSV. */
export interface NewEntry extends EntryInput {
  id: string;
  idempotencyKey: string;
  sport?: string | null;
  movingSeconds?: number | null;
  fileHash?: string | null;
  importId?: string | null;
}

/**
 * The one insert every new entry goes through (typed, files, CSV): whatever rule an entry's insert must
 * meet is a condition here. A second use of an idempotency key, or of a file for the same member and
 * goal, inserts nothing (unique indexes).
 */
export function entryInsert(
  context: AppLoadContext,
  goal: EntryGoal,
  userId: string,
  entry: NewEntry,
  limit?: Counter,
) {
  const row = rowValues(progressEntries, {
    id: entry.id,
    goalId: goal.id,
    userId,
    amount: entry.amount,
    day: entry.day,
    note: entry.note,
    idempotencyKey: entry.idempotencyKey,
    sport: entry.sport ?? null,
    movingSeconds: entry.movingSeconds ?? null,
    fileHash: entry.fileHash ?? null,
    importId: entry.importId ?? null,
  });
  // The day's cap (ADR 215) holds for these too: each insert of a batch sees the ones before it.
  return context.db
    .insert(progressEntries)
    .select(
      sql`SELECT ${row} WHERE ${withinDailyCap(goal, userId, entry.day, entry.amount)}${limit ? sql` AND ${withinLimit(limit)}` : sql``}`,
    )
    .onConflictDoNothing();
}

/** What became of each entry of a batch: in, already in (the same file or key), or over the day's cap. */
export type EntryOutcome = { written: true } | { written: false; message: string; already: boolean };

export type EntriesWrite =
  | { ok: true; outcomes: EntryOutcome[] }
  | { ok: false; status: 403 | 404 | 409 | 429; message: string; field?: "entryId" };

/**
 * Logs several of my own entries in one batch (activity files): each insert is its own condition, so an
 * entry refused by the write (the same file again) leaves the others in; the total is recounted once.
 * `written[i]` says whether entry i went in.
 */
export async function logEntries(
  context: AppLoadContext,
  goal: EntryGoal,
  viewer: Viewer,
  entries: NewEntry[],
  today: IsoDate,
): Promise<EntriesWrite> {
  const reason = logRefusal(goal, goal.membership, today);
  if (reason) return refusal(reason) as EntriesWrite;
  if (entries.length === 0) return { ok: true, outcomes: [] };
  // One batch is one entry write of the member's flood limit (ADR 217), a condition of every insert.
  const counter = entryCounter(viewer);
  const inserts = entries.map((entry) => entryInsert(context, goal, viewer.id, entry, counter));
  const [count, ...results] = await context.db.batch([
    hitStatement(context.db, counter),
    ...inserts,
    ...recountTotals(context, goal.id, viewer.id),
  ]);
  if (overLimit(counter, count as { count: number }[])) return { ok: false, status: 429, message: SLOW_DOWN.entry };
  const written = entries.map((_, i) => (results[i] as { meta: { changes: number } }).meta.changes > 0);
  if (written.some(Boolean)) publish(context, [`goal:${goal.id}`, `user:${viewer.id}`]);
  // An entry left out was either in already (its key or file is there) or would pass the day's cap.
  const missed = entries.filter((_, i) => !written[i]).map((entry) => entry.idempotencyKey);
  const present = new Set(
    missed.length === 0
      ? []
      : (
          await context.db
            .select({ key: progressEntries.idempotencyKey })
            .from(progressEntries)
            .where(and(eq(progressEntries.userId, viewer.id), inArray(progressEntries.idempotencyKey, missed)))
        ).map((row) => row.key),
  );
  const outcomes = entries.map((entry, i): EntryOutcome => {
    if (written[i]) return { written: true };
    if (present.has(entry.idempotencyKey)) return { written: false, already: true, message: "" };
    return { written: false, already: false, message: dailyCapMessage(goal.unit ?? "", entry.day, today) };
  });
  return { ok: true, outcomes };
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
  const mine = myEntry(goal.id, viewer.id, entryId);
  const same = and(
    eq(progressEntries.amount, input.amount),
    eq(progressEntries.day, input.day),
    sql`${progressEntries.note} IS ${input.note}`,
  );
  const counter = entryCounter(viewer);
  const [count, result] = await context.db.batch([
    hitStatement(context.db, counter),
    context.db
      .update(progressEntries)
      .set({ amount: input.amount, day: input.day, note: input.note, updatedAt: new Date() })
      .where(
        and(mine, not(same!), withinDailyCap(goal, viewer.id, input.day, input.amount, entryId), withinLimit(counter)),
      ),
    ...recountTotals(context, goal.id, viewer.id),
  ]);
  if (!result.meta.changes && overLimit(counter, count)) return tooMany("amount");
  if (!result.meta.changes) {
    // Nothing changed: not mine, already as asked (a replay), or over the day's cap.
    const entry = await context.db
      .select({ same: sql<number>`${same}` })
      .from(progressEntries)
      .where(mine)
      .limit(1);
    if (!entry[0]) return notYours;
    if (entry[0].same) return { ok: true, id: entryId, changed: false };
    return overDailyCap(goal, input.day, today);
  }
  publish(context, [`goal:${goal.id}`, `user:${viewer.id}`]);
  return { ok: true, id: entryId, changed: true };
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
  const counter = entryCounter(viewer);
  const [count, result] = await context.db.batch([
    hitStatement(context.db, counter),
    context.db.delete(progressEntries).where(and(myEntry(goal.id, viewer.id, entryId), withinLimit(counter))),
    ...recountTotals(context, goal.id, viewer.id),
  ]);
  if (!result.meta.changes && overLimit(counter, count)) return tooMany();
  if (!result.meta.changes) return notYours;
  publish(context, [`goal:${goal.id}`, `user:${viewer.id}`]);
  return { ok: true, id: entryId, changed: true };
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
      .select({
        userId: progressEntries.userId,
        amount: progressEntries.amount,
        day: progressEntries.day,
        first: users.first,
        last: users.last,
      })
      .from(progressEntries)
      .leftJoin(users, eq(users.id, progressEntries.userId))
      .where(and(eq(progressEntries.id, entryId), eq(progressEntries.goalId, goal.id)))
      .limit(1)
  )[0];
  if (!entry) return { ok: false, status: 404, message: "That entry is not in this goal.", field: "entryId" };
  // The audit log names the member and the goal in words (ADR 255); the entry's id stays for the record.
  const who = entry.first ? `${entry.first} ${entry.last ?? ""}`.trim() : "A deleted member";
  await context.db.batch([
    context.db.delete(progressEntries).where(and(eq(progressEntries.id, entryId), eq(progressEntries.goalId, goal.id))),
    auditEntryIfChanged(context, viewer.id, {
      action: "progress.remove",
      target: goal.cause,
      detail: `${who}'s entry of ${formatQuantity(entry.amount, goal.unit ?? "")} on ${entry.day} (entry ${entryId})`,
    }),
    ...recountTotals(context, goal.id, entry.userId),
  ]);
  publish(context, [`goal:${goal.id}`, `user:${entry.userId}`]);
  return { ok: true, id: entryId, changed: true, userId: entry.userId };
}
