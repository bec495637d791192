/**
 * A supporter's own link (ADR 241): `/pledge/{pledgeId}.{HMAC}` under the "supporter" key label, sent in
 * the receipt and shown after pledging. Whoever holds it sees that one pledge (its value now or its final
 * amount) and can change its maximum or cancel it while the goal runs, say "I've paid", or stop the mail
 * about it. Nothing else of the goal opens with it. Every change is a condition of its write (the goal
 * clock's today included), so a link used late or twice changes nothing.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, isNotNull, isNull, or, sql } from "drizzle-orm";
import { goals, pledges } from "#drizzle/schema";
import type { IsoDate } from "#app/lib/dates";
import { publish } from "#app/features/live/live.server";
import { verifiedPayload } from "#app/features/goals/invites.server";
import { pledgeColumns } from "#app/features/fundraising/fundraising.server";

export { supporterPath } from "./supporter-path.server";

/** The pledge a supporter link opens, with what its page shows, or null (forged, or the pledge is gone). */
export async function openSupporterLink(context: AppLoadContext, token: string) {
  const id = await verifiedPayload(context.cloudflare.env, "supporter", token.slice(0, 200));
  if (!id || id.length > 64) return null;
  const [row] = await context.db
    .select({
      id: pledges.id,
      ...pledgeColumns,
      memberId: pledges.memberId,
      email: pledges.email,
      saidPaidAt: pledges.saidPaidAt,
      settledValue: pledges.settledValue,
      mailStopped: pledges.mailStopped,
      goalId: goals.id,
      cause: goals.cause,
      start: goals.start,
      end: goals.end,
      unit: goals.unit,
      charityName: goals.charityName,
      charityUrl: goals.charityUrl,
      currency: goals.currency,
    })
    .from(pledges)
    .innerJoin(goals, eq(goals.id, pledges.goalId))
    .where(eq(pledges.id, id))
    .limit(1);
  return row ?? null;
}
export type SupporterPledge = NonNullable<Awaited<ReturnType<typeof openSupporterLink>>>;

/** The goal has not ended by the goal clock: its end day is today or later (isExpired's converse). */
const goalRuns = (today: IsoDate) =>
  sql`exists(select 1 from ${goals} where ${goals.id} = ${pledges.goalId} and (${goals.end} is null or ${goals.end} >= ${today}))`;

const changed = (result: { meta: { changes: number } }) => result.meta.changes > 0;

/** A new maximum for a pledge per unit while the goal runs. */
export async function changePledgeMax(context: AppLoadContext, pledge: SupporterPledge, max: number, today: IsoDate) {
  const ok = changed(
    await context.db
      .update(pledges)
      .set({ maxAmount: max })
      .where(and(eq(pledges.id, pledge.id), isNotNull(pledges.perUnit), goalRuns(today))),
  );
  if (ok) publish(context, [`goal:${pledge.goalId}`]);
  return ok;
}

/** Cancels a pledge while the goal runs and nobody has said it is paid. */
export async function cancelPledge(context: AppLoadContext, pledge: SupporterPledge, today: IsoDate) {
  const ok = changed(
    await context.db
      .delete(pledges)
      .where(and(eq(pledges.id, pledge.id), eq(pledges.paid, false), isNull(pledges.saidPaidAt), goalRuns(today))),
  );
  if (ok) publish(context, [`goal:${pledge.goalId}`]);
  return ok;
}

/** "I've paid": a fixed pledge any time, a pledge per unit once its final amount is known (the goal ended). */
export async function sayPledgePaid(
  context: AppLoadContext,
  pledge: SupporterPledge,
  today: IsoDate,
  now = new Date(),
) {
  const ok = changed(
    await context.db
      .update(pledges)
      .set({ saidPaidAt: now })
      .where(
        and(
          eq(pledges.id, pledge.id),
          eq(pledges.paid, false),
          isNull(pledges.saidPaidAt),
          or(isNull(pledges.perUnit), sql`not ${goalRuns(today)}`),
        ),
      ),
  );
  if (ok) publish(context, [`goal:${pledge.goalId}`]);
  return ok;
}

/** No more mail about this pledge (the unsubscribe every supporter mail points to). */
export async function stopPledgeMail(context: AppLoadContext, pledge: SupporterPledge) {
  await context.db.update(pledges).set({ mailStopped: true }).where(eq(pledges.id, pledge.id));
}
