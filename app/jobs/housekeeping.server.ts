/**
 * The cron's housekeeping (server.ts `scheduled`, wrangler.toml [triggers]): rows nothing will ever read
 * again are deleted, so the tables the app reads on every request stay small. Each sweep is a single
 * statement and all of them go in one batch (one D1 round trip, all or nothing).
 */
import { and, isNotNull, lte, or } from "drizzle-orm";
import { mailOutbox, passwordResets, sessions, signinAttempts } from "#drizzle/schema";
import type { Database } from "#app/platform/db/db.server";
import { LONGEST_WINDOW_MS } from "#app/platform/session/rate-limit.server";

/** How long a used or expired link is kept before the sweep deletes it. */
export const SPENT_LINK_GRACE_MS = 7 * 24 * 60 * 60 * 1000;

/** How long the outbox keeps a message (the record of what went to whom) before the sweep deletes it. */
export const MAIL_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;
/** No mailed link lives longer (set-password and invitations: 7 days), so an older sealed link is dead. */
export const SEALED_LINK_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * - sessions past their expiry (a lookup already ignores them);
 * - throttle counters whose window started longer ago than the longest window in LIMITS, so no limit
 *   can count them any more (the next hit would restart the count anyway);
 * - password reset, set-password and invite links used or expired more than SPENT_LINK_GRACE_MS ago.
 *   Until then the link's screen can still say which kind of link it was and how long such links last
 *   (ADR 076); after that it shows the reset link's copy, as for any unknown link;
 * - mail older than MAIL_RETENTION_MS, whatever became of it, and the sealed link of any message older
 *   than the longest link lifetime (a message not sent by then never will be with a working link)
 *   (ADR 103).
 */
export function housekeepingStatements(db: Database, now = Date.now()) {
  const spentBefore = new Date(now - SPENT_LINK_GRACE_MS);
  return [
    db.delete(sessions).where(lte(sessions.expiresAt, new Date(now))),
    db.delete(signinAttempts).where(lte(signinAttempts.windowStart, new Date(now - LONGEST_WINDOW_MS))),
    db
      .delete(passwordResets)
      .where(or(lte(passwordResets.usedAt, spentBefore), lte(passwordResets.expiresAt, spentBefore))),
    db.delete(mailOutbox).where(lte(mailOutbox.createdAt, new Date(now - MAIL_RETENTION_MS))),
    db
      .update(mailOutbox)
      .set({ linkSealed: null })
      .where(and(isNotNull(mailOutbox.linkSealed), lte(mailOutbox.createdAt, new Date(now - SEALED_LINK_MAX_AGE_MS)))),
  ] as const;
}

/** Runs the sweeps in one batch; returns how many rows each removed. */
export async function sweepExpiredRows(db: Database, now = Date.now()) {
  const [expiredSessions, oldCounters, spentLinks, oldMail, deadSeals] = await db.batch(
    housekeepingStatements(db, now),
  );
  const removed = {
    sessions: expiredSessions.meta.changes,
    signinAttempts: oldCounters.meta.changes,
    passwordResets: spentLinks.meta.changes,
    mailOutbox: oldMail.meta.changes,
    sealedLinks: deadSeals.meta.changes,
  };
  console.info("housekeeping:", JSON.stringify(removed));
  return removed;
}
