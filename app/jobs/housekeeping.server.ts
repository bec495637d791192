/**
 * The cron's housekeeping and retention (server.ts `scheduled`, wrangler.toml [triggers], ADR 295): rows
 * nothing will ever read again are deleted, so the tables stay small and the database inside D1's 10 GB.
 * Every sweep is bounded: it deletes at most RETENTION_BATCH rows of its table, picked through an index
 * (`rowid IN (SELECT rowid ... LIMIT n)`), so a tick's work is the same at 1,000 members or 1M, and a
 * backlog drains over the next ticks. All sweeps go in one batch (one D1 round trip, all or nothing).
 */
import { and, isNotNull, lte, or, sql, type SQL } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import { mailOutbox, notifications, passwordResets, sessions, signinAttempts } from "#drizzle/schema";
import type { Database } from "#app/platform/db/db.server";
import { LONGEST_WINDOW_MS } from "#app/platform/session/rate-limit.server";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * At most this many rows of each table per run. The cron runs every 15 minutes: 96 runs, up to 480,000
 * rows a day per table, above what the 1M-member model writes of any of them (docs/scale.md, "Growth").
 */
export const RETENTION_BATCH = 5000;

/** How long a used or expired link is kept before the sweep deletes it. */
export const SPENT_LINK_GRACE_MS = 7 * DAY_MS;

/** How long the outbox keeps a message (the record of what went to whom) before the sweep deletes it. */
export const MAIL_RETENTION_MS = 30 * DAY_MS;
/** No mailed link lives longer (set-password and invitations: 7 days), so an older sealed link is dead. */
export const SEALED_LINK_MAX_AGE_MS = 7 * DAY_MS;

/** How long a read notification stays in the bell after it was read (docs/product.md, "Retention"). */
export const READ_NOTIFICATION_RETENTION_MS = 90 * DAY_MS;

/** At most RETENTION_BATCH of the table's rows matching `where`, found by the index `where` walks. */
const someRows = (table: SQLiteTable, where: SQL | undefined) =>
  sql`rowid IN (SELECT rowid FROM ${table} WHERE ${where} LIMIT ${sql.raw(String(RETENTION_BATCH))})`;

/**
 * - sessions past their expiry (a lookup already ignores them);
 * - throttle counters whose window started longer ago than the longest window in LIMITS, so no limit
 *   can count them any more (the next hit would restart the count anyway);
 * - password reset, set-password and invite links used or expired more than SPENT_LINK_GRACE_MS ago.
 *   Until then the link's screen can still say which kind of link it was and how long such links last
 *   (ADR 076); after that it shows the reset link's copy, as for any unknown link;
 * - mail older than MAIL_RETENTION_MS, whatever became of it, and the sealed link of any message older
 *   than the longest link lifetime (a message not sent by then never will be with a working link)
 *   (ADR 103);
 * - notifications read more than READ_NOTIFICATION_RETENTION_MS ago, badges excepted (their line is the
 *   record that the badge was told once, and the goal's badge feed). Unread lines stay.
 */
export function housekeepingStatements(db: Database, now = Date.now()) {
  const spentBefore = new Date(now - SPENT_LINK_GRACE_MS);
  return [
    db.delete(sessions).where(someRows(sessions, lte(sessions.expiresAt, new Date(now)))),
    db
      .delete(signinAttempts)
      .where(someRows(signinAttempts, lte(signinAttempts.windowStart, new Date(now - LONGEST_WINDOW_MS)))),
    db
      .delete(passwordResets)
      .where(
        someRows(
          passwordResets,
          or(lte(passwordResets.usedAt, spentBefore), lte(passwordResets.expiresAt, spentBefore)),
        ),
      ),
    db.delete(mailOutbox).where(someRows(mailOutbox, lte(mailOutbox.createdAt, new Date(now - MAIL_RETENTION_MS)))),
    db
      .update(mailOutbox)
      .set({ linkSealed: null })
      .where(
        someRows(
          mailOutbox,
          and(isNotNull(mailOutbox.linkSealed), lte(mailOutbox.createdAt, new Date(now - SEALED_LINK_MAX_AGE_MS))),
        ),
      ),
    // The literal `kind <> 'badge'` is the partial index's own condition (notifications_read_idx).
    db
      .delete(notifications)
      .where(
        someRows(
          notifications,
          and(sql`kind <> 'badge'`, lte(notifications.readAt, new Date(now - READ_NOTIFICATION_RETENTION_MS))),
        ),
      ),
  ] as const;
}

/** Runs the sweeps in one batch; returns how many rows each removed. */
export async function sweepExpiredRows(db: Database, now = Date.now()) {
  const [expiredSessions, oldCounters, spentLinks, oldMail, deadSeals, readNotifications] = await db.batch(
    housekeepingStatements(db, now),
  );
  const removed = {
    sessions: expiredSessions.meta.changes,
    signinAttempts: oldCounters.meta.changes,
    passwordResets: spentLinks.meta.changes,
    mailOutbox: oldMail.meta.changes,
    sealedLinks: deadSeals.meta.changes,
    notifications: readNotifications.meta.changes,
  };
  console.info("housekeeping:", JSON.stringify(removed));
  return removed;
}
