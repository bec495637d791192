/**
 * What deleting an account removes beyond its own rows (ADR 188, 219): every address the account ever
 * had (its current one and `previous_emails`) wherever it was left: mail to it, early-access requests
 * and invitation links for it, pledge receipts' addresses, throttle counters keyed by it, and audit
 * entries naming it (the entry stays, the address goes). Statements for the deletion's own batch, each
 * under its `deletable` condition, all before the user row goes (its `previous_emails` go with it).
 */
import { sql, type SQL } from "drizzle-orm";
import { auditLog, earlyAccessRequests, mailOutbox, passwordResets, pledges, signinAttempts } from "#drizzle/schema";
import type { AppLoadContext } from "@remix-run/cloudflare";

/** Shown in an audit entry where a deleted account's address was. */
export const ERASED_ADDRESS = "(a deleted account)";

export function erasureStatements(context: AppLoadContext, userId: string, deletable: SQL) {
  const db = context.db;
  // Every address of the account, as a table (lower-case, as stored).
  const addresses = sql`(SELECT email FROM users WHERE id = ${userId}
    UNION SELECT email FROM previous_emails WHERE user_id = ${userId})`;
  const names = (column: SQL) =>
    sql`EXISTS (SELECT 1 FROM ${addresses} AS a WHERE instr(lower(${column}), a.email) > 0)`;
  const target = sql`coalesce(${auditLog.target}, '')`;
  const detail = sql`coalesce(${auditLog.detail}, '')`;
  return [
    db.delete(mailOutbox).where(sql`${mailOutbox.to} IN ${addresses} AND ${deletable}`),
    db.delete(earlyAccessRequests).where(sql`lower(${earlyAccessRequests.email}) IN ${addresses} AND ${deletable}`),
    // Invitations for the address (no account yet) and the account's own links; another account's
    // pending move to an address this one left is that account's.
    db
      .delete(passwordResets)
      .where(
        sql`${passwordResets.email} IN ${addresses} AND (${passwordResets.userId} IS NULL OR ${passwordResets.userId} = ${userId}) AND ${deletable}`,
      ),
    db
      .update(pledges)
      .set({ email: null })
      .where(sql`(${pledges.userId} = ${userId} OR lower(${pledges.email}) IN ${addresses}) AND ${deletable}`),
    // Counters keyed `{limit}:email:{address}` (rate-limit.server.ts).
    db
      .delete(signinAttempts)
      .where(
        sql`EXISTS (SELECT 1 FROM ${addresses} AS a WHERE substr(${signinAttempts.key}, -length(a.email) - 7) = ':email:' || a.email) AND ${deletable}`,
      ),
    db
      .update(auditLog)
      .set({
        target: sql`CASE WHEN ${names(target)} THEN ${ERASED_ADDRESS} ELSE ${auditLog.target} END`,
        detail: sql`CASE WHEN ${names(detail)} THEN NULL ELSE ${auditLog.detail} END`,
      })
      .where(sql`${names(sql`${target} || ' ' || ${detail}`)} AND ${deletable}`),
  ] as const;
}
