/**
 * Forwarding early-access requests to the marketing CRM's form (CRM_FORM_URL). A request is stored
 * first; a failed forward stays pending (forwarded_at null) and is retried after later requests and
 * by the scheduled handler, so none is lost and the visitor never sees a CRM error.
 */
import { and, asc, eq, isNull, lt, sql } from "drizzle-orm";
import { earlyAccessRequests } from "#drizzle/schema";
import type { Database } from "./db.server";

/** Give up on a row after this many failed forwards (it stays stored for an admin to export). */
export const MAX_FORWARD_ATTEMPTS = 20;
const RETRY_BATCH = 10;
const FORWARD_TIMEOUT_MS = 5_000;

type Row = typeof earlyAccessRequests.$inferSelect;

/** The five fields as the CRM's form expects them. */
export function crmFormBody(row: Pick<Row, "nameFirst" | "nameLast" | "locationCity" | "locationState" | "email">) {
  return new URLSearchParams({
    name_first: row.nameFirst,
    name_last: row.nameLast,
    location_city: row.locationCity,
    location_state: row.locationState,
    email: row.email,
  });
}

/**
 * Forwards pending requests (oldest first, a few at a time) and records each outcome. Never throws:
 * it runs in the background. Returns how many were forwarded.
 */
export async function forwardPending(db: Database, crmUrl: string, fetcher: typeof fetch = fetch): Promise<number> {
  try {
    const pending = await db
      .select()
      .from(earlyAccessRequests)
      .where(
        and(isNull(earlyAccessRequests.forwardedAt), lt(earlyAccessRequests.forwardAttempts, MAX_FORWARD_ATTEMPTS)),
      )
      .orderBy(asc(earlyAccessRequests.createdAt))
      .limit(RETRY_BATCH);
    const outcomes = await Promise.all(pending.map((row) => forwardOne(row, crmUrl, fetcher)));
    const updates = outcomes.map(({ id, error }) =>
      db
        .update(earlyAccessRequests)
        .set(
          error
            ? { forwardAttempts: sql`${earlyAccessRequests.forwardAttempts} + 1`, lastError: error.slice(0, 500) }
            : {
                forwardedAt: new Date(),
                forwardAttempts: sql`${earlyAccessRequests.forwardAttempts} + 1`,
                lastError: null,
              },
        )
        .where(eq(earlyAccessRequests.id, id)),
    );
    if (updates.length > 0) await db.batch([updates[0]!, ...updates.slice(1)]);
    return outcomes.filter((o) => !o.error).length;
  } catch (error) {
    console.error("early access: forwarding failed", error);
    return 0;
  }
}

async function forwardOne(row: Row, crmUrl: string, fetcher: typeof fetch): Promise<{ id: string; error?: string }> {
  try {
    const response = await fetcher(crmUrl, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: crmFormBody(row),
      signal: AbortSignal.timeout(FORWARD_TIMEOUT_MS),
    });
    if (!response.ok) return { id: row.id, error: `CRM answered ${response.status}` };
    return { id: row.id };
  } catch (error) {
    return { id: row.id, error: String((error as Error)?.message ?? error) };
  }
}

/** Retries pending forwards in the background (called by the scheduled handler). */
export function retryForwards(env: Env, db: Database, ctx: ExecutionContext) {
  if (env.CRM_FORM_URL) ctx.waitUntil(forwardPending(db, env.CRM_FORM_URL));
}
