/**
 * The archive job (ADR 303), run by the cron: a challenge that ended more than ARCHIVE_AFTER_DAYS ago has
 * its entries moved to R2 (env.ARCHIVE) as one gzip file of JSON lines, and its entry rows deleted from D1
 * in bounded batches. Totals (progress_totals), day totals (goal_day_totals), memberships, pledges and
 * badges' lines stay in D1: every screen, summary, export and amount owed reads them as before.
 *
 * The order makes it safe to stop anywhere: write the file, read it back and compare it with D1, then mark
 * the goal archived (only if its entries are still exactly those written), then delete. A run stopped
 * before the mark leaves a file that the next run overwrites; a run stopped while deleting leaves an
 * entry_archives row without `cleared_at`, and the next run goes on deleting. Nothing is written twice and
 * no entry is deleted before the file that holds it has been read back.
 */
import { and, asc, eq, inArray, isNotNull, isNull, lt, sql } from "drizzle-orm";
import { addDays, toIsoDate } from "#app/lib/dates";
import type { Database } from "#app/platform/db/db.server";
import { archiveErasures, entryArchives, goals, progressEntries } from "#drizzle/schema";
import {
  ANONYMOUS_PREFIX,
  archiveKey,
  archiveTally,
  decodeArchive,
  encodeArchive,
  sha256Hex,
  type ArchivedEntry,
} from "./archive-file";

/** A challenge's entries stay in D1 this long after its end (docs/product.md "What is kept"). */
export const ARCHIVE_AFTER_DAYS = 90;
/** Entries read from D1 per statement while writing a file. */
export const ARCHIVE_READ_PAGE = 5000;
/** Entry rows deleted per statement once a file is written (ADR 295's bound). */
export const ARCHIVE_DELETE_BATCH = 5000;
/** At most this many steps (a goal archived, or a batch deleted) per cron run. */
export const ARCHIVE_STEPS_PER_RUN = 8;

const ROWID = sql<number>`"progress_entries"."rowid"`;

/** Every entry of a goal, oldest first, a page at a time (progress_entries_goal_created_idx, keyset). */
async function readEntries(db: Database, goalId: string): Promise<ArchivedEntry[]> {
  const out: ArchivedEntry[] = [];
  let after: [number, number] = [-1, -1];
  for (;;) {
    const rows = await db
      .select({
        rowid: ROWID,
        id: progressEntries.id,
        userId: progressEntries.userId,
        amount: progressEntries.amount,
        day: progressEntries.day,
        note: progressEntries.note,
        idempotencyKey: progressEntries.idempotencyKey,
        sport: progressEntries.sport,
        movingSeconds: progressEntries.movingSeconds,
        fileHash: progressEntries.fileHash,
        importId: progressEntries.importId,
        createdAt: progressEntries.createdAt,
        updatedAt: progressEntries.updatedAt,
      })
      .from(progressEntries)
      .where(
        and(
          eq(progressEntries.goalId, goalId),
          sql`(${progressEntries.createdAt}, ${ROWID}) > (${after[0]}, ${after[1]})`,
        ),
      )
      .orderBy(asc(progressEntries.createdAt), asc(ROWID))
      .limit(ARCHIVE_READ_PAGE);
    for (const r of rows)
      out.push({
        id: r.id,
        user_id: r.userId,
        amount: r.amount,
        day: r.day,
        note: r.note,
        idempotency_key: r.idempotencyKey,
        sport: r.sport,
        moving_seconds: r.movingSeconds,
        file_hash: r.fileHash,
        import_id: r.importId,
        created_at: r.createdAt.getTime(),
        updated_at: r.updatedAt.getTime(),
      });
    const last = rows.at(-1);
    if (!last || rows.length < ARCHIVE_READ_PAGE) return out;
    after = [last.createdAt.getTime(), last.rowid];
  }
}

/** What D1 holds of a goal's entries now: the mark's condition compares it with the file. */
const tallyNow = (goalId: string) => ({
  entries: sql`(SELECT count(*) FROM ${progressEntries} WHERE ${progressEntries.goalId} = ${goalId})`,
  amount: sql`(SELECT coalesce(sum(${progressEntries.amount}), 0) FROM ${progressEntries} WHERE ${progressEntries.goalId} = ${goalId})`,
  updated: sql`(SELECT coalesce(max(${progressEntries.updatedAt}), 0) FROM ${progressEntries} WHERE ${progressEntries.goalId} = ${goalId})`,
  // An account erased since the read re-keys its entries without touching updated_at: counted apart.
  anonymous: sql`(SELECT count(*) FROM ${progressEntries} WHERE ${progressEntries.goalId} = ${goalId}
    AND ${progressEntries.userId} >= ${ANONYMOUS_PREFIX} AND ${progressEntries.userId} < ${ANONYMOUS_PREFIX.slice(0, -1) + "."})`,
});

export interface WrittenArchive {
  goalId: string;
  key: string | null;
  entries: number;
  amount: number;
  updated: number;
  anonymous: number;
  bytes: number;
}

/**
 * Step 1 and 2: the goal's entries to R2, then read back and compared with what was read from D1. Writing
 * again (a run that stopped before the mark) overwrites the same key with the same entries.
 */
export async function writeArchive(env: Env, db: Database, goalId: string): Promise<WrittenArchive> {
  const entries = await readEntries(db, goalId);
  const tally = archiveTally(entries);
  if (!entries.length) return { goalId, key: null, bytes: 0, ...tally };
  const key = archiveKey(goalId);
  const bytes = await putVerified(env, goalId, entries);
  return { goalId, key, bytes, ...tally };
}

/** Writes a goal's file and reads it back: throws unless it holds exactly `entries`. Returns its size. */
async function putVerified(env: Env, goalId: string, entries: readonly ArchivedEntry[]) {
  const key = archiveKey(goalId);
  const tally = archiveTally(entries);
  const bytes = await encodeArchive(entries);
  await env.ARCHIVE.put(key, bytes, {
    sha256: await sha256Hex(bytes),
    httpMetadata: { contentType: "application/gzip" },
    customMetadata: { goal: goalId, entries: String(tally.entries), amount: String(tally.amount) },
  });
  const stored = await env.ARCHIVE.get(key);
  if (!stored) throw new Error(`archive ${key}: not found after writing`);
  const back = archiveTally(await decodeArchive(stored.body));
  if (JSON.stringify(back) !== JSON.stringify(tally))
    throw new Error(`archive ${key}: the file read back differs from the entries written`);
  return bytes.byteLength;
}

/**
 * An erased account's lines in one archived goal's file (ADR 303, 188): its id replaced by the anonymous one
 * its totals got, its notes dropped, the file written and read back, then the erasure rows applied are
 * deleted (a run stopped before that writes the same file again). Returns the goal, or null: none pending.
 */
export async function rewriteErased(env: Env, db: Database) {
  const [first] = await db.select({ goalId: archiveErasures.goalId }).from(archiveErasures).limit(1);
  if (!first) return null;
  const goalId = first.goalId;
  const erased = await db
    .select({ userId: archiveErasures.userId, anonymousId: archiveErasures.anonymousId })
    .from(archiveErasures)
    .where(eq(archiveErasures.goalId, goalId));
  const object = await env.ARCHIVE.get(archiveKey(goalId));
  if (object) {
    const anonymous = new Map(erased.map((e) => [e.userId, e.anonymousId]));
    const entries = (await decodeArchive(object.body)).map((e) => {
      const id = anonymous.get(e.user_id);
      return id ? { ...e, user_id: id, note: null } : e;
    });
    await putVerified(env, goalId, entries);
  }
  await db.delete(archiveErasures).where(
    and(
      eq(archiveErasures.goalId, goalId),
      inArray(
        archiveErasures.userId,
        erased.map((e) => e.userId),
      ),
    ),
  );
  return goalId;
}

/**
 * Step 3, one batch: the goal is marked archived only if its entries in D1 are still exactly those in the
 * file (count, sum and latest change), and its entry_archives row is written with the mark. Returns
 * whether it was marked (false: an entry changed meanwhile, or another run marked it; nothing written).
 */
export async function markArchived(db: Database, written: WrittenArchive, now: number) {
  const tally = tallyNow(written.goalId);
  const at = new Date(now);
  const [marked] = await db.batch([
    db
      .update(goals)
      .set({ archivedAt: at })
      .where(
        and(
          eq(goals.id, written.goalId),
          isNull(goals.archivedAt),
          sql`${tally.entries} = ${written.entries}`,
          sql`${tally.amount} = ${written.amount}`,
          sql`${tally.updated} = ${written.updated}`,
          sql`${tally.anonymous} = ${written.anonymous}`,
        ),
      ),
    db
      .insert(entryArchives)
      .select(
        sql`SELECT ${written.goalId}, ${written.key}, ${written.entries}, ${written.amount}, ${written.bytes}, ${now}, ${written.entries ? null : now}
          WHERE EXISTS (SELECT 1 FROM ${goals} WHERE ${goals.id} = ${written.goalId} AND ${goals.archivedAt} = ${now})`,
      )
      .onConflictDoNothing(),
  ]);
  return marked.meta.changes > 0;
}

/**
 * Step 4, one batch: at most `limit` of an archived goal's entry rows deleted (progress_entries_member_day_idx
 * finds them), and the archive marked cleared once none is left. Returns how many rows went.
 */
export async function clearArchived(db: Database, goalId: string, now: number, limit = ARCHIVE_DELETE_BATCH) {
  const [deleted] = await db.batch([
    db
      .delete(progressEntries)
      .where(
        sql`rowid IN (SELECT rowid FROM ${progressEntries} WHERE ${progressEntries.goalId} = ${goalId} LIMIT ${sql.raw(String(limit))})`,
      ),
    db
      .update(entryArchives)
      .set({ clearedAt: new Date(now) })
      .where(
        and(
          eq(entryArchives.goalId, goalId),
          isNull(entryArchives.clearedAt),
          sql`NOT EXISTS (SELECT 1 FROM ${progressEntries} WHERE ${progressEntries.goalId} = ${goalId})`,
        ),
      ),
  ]);
  return deleted.meta.changes;
}

/** The statements the job reads with: an archive still being cleared, then the next goal to archive. */
export function archiveQueueQueries(db: Database, cutoff: string) {
  return [
    db
      .select({ goalId: entryArchives.goalId })
      .from(entryArchives)
      .where(isNull(entryArchives.clearedAt))
      .orderBy(entryArchives.archivedAt)
      .limit(1),
    db
      .select({ id: goals.id })
      .from(goals)
      .where(and(isNull(goals.archivedAt), isNotNull(goals.end), lt(goals.end, cutoff)))
      .orderBy(goals.end)
      .limit(1),
  ] as const;
}

/**
 * One cron run: rewrites a file an erasure touched, finishes clearing an archive left half done, then
 * archives the next ended goal, up
 * to ARCHIVE_STEPS_PER_RUN steps. Returns the goals archived and the entry rows deleted.
 */
export async function archiveEndedGoals(env: Env, db: Database, now = Date.now()) {
  const cutoff = addDays(toIsoDate(new Date(now)), -ARCHIVE_AFTER_DAYS);
  const done = { archived: [] as string[], deleted: 0, skipped: [] as string[], rewritten: [] as string[] };
  for (let step = 0; step < ARCHIVE_STEPS_PER_RUN; step++) {
    const rewritten = await rewriteErased(env, db);
    if (rewritten) {
      done.rewritten.push(rewritten);
      continue;
    }
    const [clearing, next] = await db.batch(archiveQueueQueries(db, cutoff));
    const pending = clearing[0]?.goalId;
    if (pending) {
      done.deleted += await clearArchived(db, pending, now);
      continue;
    }
    const goalId = next[0]?.id;
    if (!goalId) break;
    const written = await writeArchive(env, db, goalId);
    if (await markArchived(db, written, now)) done.archived.push(goalId);
    else {
      // An entry changed between the read and the mark: the next run writes the file again.
      done.skipped.push(goalId);
      break;
    }
  }
  if (done.archived.length || done.deleted || done.skipped.length || done.rewritten.length)
    console.info("archive:", JSON.stringify(done));
  return done;
}
