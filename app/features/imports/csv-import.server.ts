/**
 * The organiser's CSV import on the server (docs/product.md "Activity files", ADR 261): the rows checked
 * against the goal's members and their days, written in one db.batch with an import id on every entry,
 * recorded in the audit log, and undone as a whole. All or nothing: the import's own row is written
 * last, with a row count that is NULL (a NOT NULL failure, so D1 rolls the whole batch back) unless
 * every entry went in; a day's cap is a condition of each insert, so a race with a member's own entry
 * cannot take a day past it.
 */
import { notArchived } from "#app/features/archive/archived-sql.server";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, desc, eq, sql } from "drizzle-orm";
import type { IsoDate } from "#app/lib/dates";
import { chunk } from "#app/lib/arrays";
import { newId } from "#app/lib/ids";
import { formatQuantity } from "#app/features/progress/progress";
import { entryInsert, type EntryGoal } from "#app/features/progress/progress-writes.server";
import { auditEntry, auditEntryIfChanged } from "#app/features/admin/audit.server";
import { publish } from "#app/features/live/live.server";
import { settleBadges } from "#app/features/badges/badges.server";
import { entryImports, progressEntries, progressTotals, userGoals, users } from "#drizzle/schema";
import { checkImport, importTotal, type CheckedRow, type ImportLine, type ImportMember } from "./csv-import";

const inJson = (values: string[]) => sql`(select value from json_each(${JSON.stringify(values)}))`;

/** The lines checked against the goal: its members by e-mail and what they have on those days already. */
export async function checkImportLines(
  context: AppLoadContext,
  goal: EntryGoal & { unit: string },
  lines: ImportLine[],
  today: IsoDate,
): Promise<CheckedRow[]> {
  const emails = [...new Set(lines.map((l) => l.email.toLowerCase()))];
  const [memberRows, dayRows] = await context.db.batch([
    context.db
      .select({ userId: users.id, email: users.email, first: users.first, last: users.last })
      .from(userGoals)
      .innerJoin(users, eq(users.id, userGoals.userId))
      .where(and(eq(userGoals.goalId, goal.id), sql`${users.email} in ${inJson(emails)}`)),
    context.db
      .select({
        userId: progressEntries.userId,
        day: progressEntries.day,
        sum: sql<number>`sum(${progressEntries.amount})`,
      })
      .from(progressEntries)
      .innerJoin(users, eq(users.id, progressEntries.userId))
      .where(and(eq(progressEntries.goalId, goal.id), sql`${users.email} in ${inJson(emails)}`))
      .groupBy(progressEntries.userId, progressEntries.day),
  ]);
  const members = new Map<string, ImportMember>(
    memberRows.map((m) => [m.email, { userId: m.userId, name: `${m.first} ${m.last}`.trim() }]),
  );
  const existing = new Map(dayRows.map((r) => [`${r.userId} ${r.day}`, Number(r.sum)]));
  return checkImport(lines, goal, members, existing, today);
}

/**
 * Recounts the totals of these members from their entries (the truth), set-based: one statement for
 * all of them, and their rows dropped when they have no entries left.
 */
function recountMembers(context: AppLoadContext, goalId: string, userIds: string[]) {
  const mine = sql`${progressEntries.goalId} = ${goalId} and ${progressEntries.userId} in ${inJson(userIds)}`;
  return [
    // insert().select() lists every column of the table, in order.
    context.db
      .insert(progressTotals)
      .select(
        sql`select ${goalId}, ${progressEntries.userId}, sum(${progressEntries.amount}), count(*), max(${progressEntries.day}), max(${progressEntries.updatedAt})
              from ${progressEntries} where ${mine} and ${notArchived(goalId)} group by ${progressEntries.userId}`,
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
    context.db
      .delete(progressTotals)
      .where(
        and(
          eq(progressTotals.goalId, goalId),
          sql`${progressTotals.userId} in ${inJson(userIds)}`,
          sql`not exists (select 1 from ${progressEntries} where ${progressEntries.goalId} = ${goalId} and ${progressEntries.userId} = ${progressTotals.userId})`,
          notArchived(goalId),
        ),
      ),
  ] as const;
}

export type ImportWrite =
  { ok: true; rows: number; total: number; members: number; again: boolean } | { ok: false; message: string };

export const IMPORT_RACE = "A member's day changed since the preview and a row would now pass its cap: preview again.";

/** An import made already under this id (the Import button sent twice): its rows and total. */
export async function importMade(context: AppLoadContext, goalId: string, importId: string) {
  const rows = await context.db
    .select({ rows: entryImports.rows, total: entryImports.total })
    .from(entryImports)
    .where(and(eq(entryImports.id, importId), eq(entryImports.goalId, goalId)))
    .limit(1);
  return rows[0] ?? null;
}

/** Members settled at once after an import or its undo: a club's worth in a few rounds, not hundreds at once. */
const SETTLED_AT_ONCE = 8;

/** Imported entries earn badges as typed ones do, and an undone import takes them back (ADR 271). */
async function settleMembers(
  context: AppLoadContext,
  goal: Pick<EntryGoal, "id" | "unit" | "unitTarget">,
  userIds: string[],
  today: IsoDate,
) {
  for (const ids of chunk(userIds, SETTLED_AT_ONCE))
    await Promise.all(ids.map((userId) => settleBadges(context, goal, userId, today)));
}

/** Writes checked rows (every one without errors) as one import, in one batch. */
export async function writeImport(
  context: AppLoadContext,
  goal: EntryGoal & { unit: string },
  byUserId: string,
  importId: string,
  rows: CheckedRow[],
  today: IsoDate,
): Promise<ImportWrite> {
  const total = importTotal(rows);
  const userIds = [...new Set(rows.map((r) => r.member!.userId))];
  const inserts = rows.map((r) =>
    entryInsert(context, goal, r.member!.userId, {
      id: newId(),
      amount: r.amount!,
      day: r.isoDay!,
      note: null,
      idempotencyKey: `import:${importId}:${r.line}`,
      importId,
    }),
  );
  const n = rows.length;
  try {
    await context.db.batch([
      auditEntry(context, byUserId, {
        action: "entries.import",
        target: goal.cause,
        detail: `${n} entries, ${formatQuantity(total, goal.unit)}, ${userIds.length} members (import ${importId})`,
      }),
      ...inserts,
      // The import's row last: a NULL count (every entry not in) fails the batch, which D1 rolls back.
      context.db.insert(entryImports).select(
        sql`select ${importId}, ${goal.id}, ${byUserId},
              case when (select count(*) from ${progressEntries} where ${progressEntries.importId} = ${importId}) = ${n} then ${n} end,
              ${total}, unixepoch() * 1000, null`,
      ),
      ...recountMembers(context, goal.id, userIds),
    ]);
  } catch (error) {
    // Sent twice (the same preview's import id): the first one stands, nothing more is written.
    const earlier = await importMade(context, goal.id, importId);
    if (earlier) return { ok: true, rows: earlier.rows, total: earlier.total, members: 0, again: true };
    if (error instanceof Error && /NOT NULL/i.test(error.message.slice(0, 500)))
      return { ok: false, message: IMPORT_RACE };
    throw error;
  }
  publish(context, [`goal:${goal.id}`]);
  await settleMembers(context, goal, userIds, today);
  return { ok: true, rows: n, total, members: userIds.length, again: false };
}

/** The goal's latest imports, newest first, for the import page (each with its undo). */
export function recentImports(context: AppLoadContext, goalId: string) {
  return context.db
    .select({
      id: entryImports.id,
      rows: entryImports.rows,
      total: entryImports.total,
      createdAt: entryImports.createdAt,
      undoneAt: entryImports.undoneAt,
      byFirst: users.first,
      byLast: users.last,
    })
    .from(entryImports)
    .leftJoin(users, eq(users.id, entryImports.byUserId))
    .where(eq(entryImports.goalId, goalId))
    .orderBy(desc(entryImports.createdAt), desc(sql`${entryImports}.rowid`))
    .limit(10);
}

/**
 * Undoes an import as a whole: its entries deleted (edited since or not), the members' totals recounted
 * and the undo recorded, in one batch; an import undone already changes nothing.
 */
export async function undoImport(
  context: AppLoadContext,
  goal: Pick<EntryGoal, "id" | "unit" | "unitTarget">,
  byUserId: string,
  importId: string,
  today: IsoDate,
) {
  const goalId = goal.id;
  const who = await context.db
    .selectDistinct({ userId: progressEntries.userId })
    .from(progressEntries)
    .where(and(eq(progressEntries.importId, importId), eq(progressEntries.goalId, goalId)));
  const userIds = who.map((w) => w.userId);
  const [marked] = await context.db.batch([
    context.db
      .update(entryImports)
      .set({ undoneAt: sql`unixepoch() * 1000` as unknown as Date })
      .where(
        and(eq(entryImports.id, importId), eq(entryImports.goalId, goalId), sql`${entryImports.undoneAt} is null`),
      ),
    auditEntryIfChanged(context, byUserId, {
      action: "entries.import.undo",
      target: goalId,
      detail: `import ${importId}`,
    }),
    context.db
      .delete(progressEntries)
      .where(and(eq(progressEntries.importId, importId), eq(progressEntries.goalId, goalId))),
    ...recountMembers(context, goalId, userIds),
  ]);
  const changed = (marked as { meta: { changes: number } }).meta.changes > 0;
  if (changed) publish(context, [`goal:${goalId}`]);
  if (changed) await settleMembers(context, goal, userIds, today);
  return changed;
}
