/**
 * Forwarding early-access requests to the marketing CRM's form (CRM_FORM_URL). A request is stored
 * first, then its id goes on the outbound queue (outbound-queue.server.ts); the queue's consumer calls
 * `forwardRequest`, and a failed forward is retried with backoff until the queue's retry budget is spent
 * (ADR 125). The row keeps the count and the last error; one the queue gave up on stays stored, pending
 * (forwarded_at null), for an admin to export. The visitor never sees a CRM error.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import { earlyAccessRequests } from "#drizzle/schema";
import type { Database } from "#app/platform/db/db.server";
import { enqueueOutbound } from "./outbound-queue.server";

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

/** Puts a stored request on the outbound queue after the response (no CRM configured: no-op). */
export function forwardLater(env: Env, ctx: ExecutionContext, id: string) {
  if (env.CRM_FORM_URL) ctx.waitUntil(enqueueOutbound(env, [{ type: "crm", id }]));
}

/**
 * Forwards one stored request and records the outcome on its row. "failed" asks the queue to retry;
 * a request already forwarded (or gone) is "skipped": a queue may deliver a message twice.
 */
export async function forwardRequest(
  db: Database,
  crmUrl: string,
  id: string,
  fetcher: typeof fetch = fetch,
): Promise<"forwarded" | "failed" | "skipped"> {
  const [row] = await db
    .select()
    .from(earlyAccessRequests)
    .where(and(eq(earlyAccessRequests.id, id), isNull(earlyAccessRequests.forwardedAt)))
    .limit(1);
  if (!row) return "skipped";
  const error = await forwardOne(row, crmUrl, fetcher);
  await db
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
    .where(eq(earlyAccessRequests.id, row.id));
  return error ? "failed" : "forwarded";
}

/** A request the queue gave up on: it stays pending, its last error saying so. */
export async function markForwardDead(db: Database, id: string) {
  await db
    .update(earlyAccessRequests)
    .set({ lastError: sql`'gave up after the retry budget: ' || coalesce(${earlyAccessRequests.lastError}, '')` })
    .where(and(eq(earlyAccessRequests.id, id), isNull(earlyAccessRequests.forwardedAt)));
}

/** The error of one forward, or undefined when the CRM took it. */
async function forwardOne(row: Row, crmUrl: string, fetcher: typeof fetch): Promise<string | undefined> {
  try {
    const response = await fetcher(crmUrl, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: crmFormBody(row),
      signal: AbortSignal.timeout(FORWARD_TIMEOUT_MS),
    });
    await response.body?.cancel().catch(() => {});
    if (!response.ok) return `CRM answered ${response.status}`;
    return undefined;
  } catch (error) {
    return String((error as Error)?.message ?? error);
  }
}
