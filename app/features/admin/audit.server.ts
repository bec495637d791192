/**
 * The audit log: every admin action is recorded (who, what, when) and shown to admins at /admin/audit.
 * `auditEntry` returns the insert so callers put it in the same db.batch as the change it records:
 * the change and its record land together or not at all.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { desc, eq, sql } from "drizzle-orm";
import { newId } from "#app/lib/ids";
import { auditLog, users } from "#drizzle/schema";

export interface AuditEvent {
  action: string; // e.g. 'user.change', 'user.add', 'communication.send', 'access.mode'
  target?: string | null; // what it was done to, in words (an e-mail, a goal cause)
  detail?: string | null;
}

export function auditEntry(context: AppLoadContext, actorId: string, event: AuditEvent) {
  return context.db.insert(auditLog).values({
    id: newId(),
    actorId,
    action: event.action,
    target: event.target ?? null,
    detail: event.detail ?? null,
  });
}

/**
 * The same entry, written only if the statement just before it in the batch changed a row
 * (SQLite's changes()): a refused conditional update leaves no record of a change that did not happen.
 */
export function auditEntryIfChanged(context: AppLoadContext, actorId: string | null, event: AuditEvent) {
  // insert().select() lists every column of the table, in order.
  return context.db.insert(auditLog).select(
    sql`SELECT ${newId()}, ${actorId}, ${event.action}, ${event.target ?? null}, ${event.detail ?? null}, unixepoch() * 1000
          WHERE changes() > 0`,
  );
}

/** One page of the log, newest first, and the total, in one round trip. */
export async function auditPage(context: AppLoadContext, page: number, perPage: number) {
  const db = context.db;
  const [rows, [total]] = await db.batch([
    db
      .select({
        id: auditLog.id,
        action: auditLog.action,
        target: auditLog.target,
        detail: auditLog.detail,
        createdAt: auditLog.createdAt,
        actorFirst: users.first,
        actorLast: users.last,
        actorEmail: users.email,
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .orderBy(desc(auditLog.createdAt), sql`"audit_log"."rowid" DESC`)
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: sql<number>`count(*)` }).from(auditLog),
  ]);
  return { rows, total: total?.n ?? 0 };
}
