/**
 * Settle-up (ADR 242): when a goal has ended by the goal clock, each supporter who gave an address is told
 * the final amount and where to pay; while nobody says it is paid, reminders follow 3 and 10 days later;
 * an entry removed after settle-up that changes a pledge's value tells its supporter. Each message and the
 * pledge's change are one db.batch, the mail inserted only when the conditional update changed the row
 * (SQLite's changes()), so two runs at once never mail twice. Runs from the cron and /dev/cron.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, isNotNull, isNull, lt, ne, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { goals, mailOutbox, pledges } from "#drizzle/schema";
import { addDays, type IsoDate } from "#app/lib/dates";
import { newId } from "#app/lib/ids";
import { rowValues } from "#app/platform/db/insert-select.server";
import { deliverLater, outboxRow } from "#app/features/mail/mail.server";
import { formatQuantity, unitOf } from "#app/features/progress/progress";
import { pledgeBacks, pledgeProgress, pledgeValue } from "#app/features/fundraising/fundraising.server";
import { REMINDER_DAYS } from "./sponsors";
import { supporterPath } from "#app/features/supporters/supporter-link.server";
import { changedMail, reminderMail, settleUpMail, type SettleFacts } from "#app/features/supporters/supporter-mail";

/** The most pledges one run handles per step; the next run takes the rest. */
const BATCH = 100;

const progressOf = sql.raw(pledgeProgress);

function candidates(context: AppLoadContext, where: SQL | undefined) {
  return context.db
    .select({
      id: pledges.id,
      name: pledges.name,
      email: pledges.email,
      amount: pledges.amount,
      perUnit: pledges.perUnit,
      maxAmount: pledges.maxAmount,
      reminders: pledges.reminders,
      settledValue: pledges.settledValue,
      value: sql<number>`${pledgeValue}`.as("pledge_value"),
      progress: sql<number>`${progressOf}`.as("pledge_progress"),
      memberName: sql<string | null>`${pledgeBacks}`.as("member_name"),
      cause: goals.cause,
      end: goals.end,
      unit: goals.unit,
      charityName: goals.charityName,
      charityUrl: goals.charityUrl,
      currency: goals.currency,
    })
    .from(pledges)
    .innerJoin(goals, eq(goals.id, pledges.goalId))
    .where(and(isNotNull(pledges.email), eq(pledges.mailStopped, false), where))
    .limit(BATCH);
}
type Candidate = Awaited<ReturnType<typeof candidates>>[number];

function facts(c: Candidate): SettleFacts {
  return {
    name: c.name,
    amount: c.amount,
    perUnit: c.perUnit,
    maxAmount: c.maxAmount,
    memberName: c.memberName,
    currency: c.currency ?? "GBP",
    unitLabel: c.unit ? unitOf(c.unit).label : null,
    cause: c.cause,
    charityName: c.charityName ?? "the charity",
    charityUrl: c.charityUrl ?? "",
    end: c.end,
    value: Number(c.value),
    progressText: c.unit ? formatQuantity(Number(c.progress), c.unit) : null,
  };
}

/** Sends, per pledge, its conditional update and its mail (inserted only if the update changed the row). */
async function sendEach(
  context: AppLoadContext,
  rows: Candidate[],
  kind: string,
  update: (c: Candidate) => BatchItem<"sqlite">,
  mail: (c: Candidate) => { subject: string; text: string },
) {
  if (rows.length === 0) return 0;
  const env = context.cloudflare.env;
  const statements: BatchItem<"sqlite">[] = [];
  const ids: { id: string }[] = [];
  for (const c of rows) {
    const id = newId();
    const row = await outboxRow(
      context,
      { to: c.email!, ...mail(c), kind, link: `${env.APP_URL || "http://localhost"}${await supporterPath(env, c.id)}` },
      id,
    );
    statements.push(
      update(c),
      context.db.insert(mailOutbox).select(sql`SELECT ${rowValues(mailOutbox, row)} WHERE changes() = 1`),
    );
    ids.push({ id });
  }
  await context.db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  deliverLater(context, ids);
  return rows.length;
}

/** Ended goals' pledges not yet settled, not paid, not said paid: the final amount and where to pay. */
export async function settleUp(context: AppLoadContext, today: IsoDate) {
  const rows = await candidates(
    context,
    and(
      isNull(pledges.settledOn),
      eq(pledges.paid, false),
      isNull(pledges.saidPaidAt),
      // Ended by the goal clock: its end day is before today (isExpired).
      lt(goals.end, today),
    ),
  );
  return sendEach(
    context,
    rows,
    "pledge-settle-up",
    (c) =>
      context.db
        .update(pledges)
        .set({ settledOn: today, settledValue: Number(c.value) })
        .where(and(eq(pledges.id, c.id), isNull(pledges.settledOn))),
    (c) => settleUpMail(facts(c)),
  );
}

/** Reminders 3 and 10 days after settle-up while the pledge is neither said paid nor confirmed. */
export async function remindUnpaid(context: AppLoadContext, today: IsoDate) {
  const due = (n: number) =>
    and(eq(pledges.reminders, n), lt(pledges.settledOn, addDays(today, 1 - REMINDER_DAYS[n]!)));
  const rows = await candidates(
    context,
    and(
      isNotNull(pledges.settledOn),
      eq(pledges.paid, false),
      isNull(pledges.saidPaidAt),
      sql`(${due(0)} or ${due(1)})`,
    ),
  );
  return sendEach(
    context,
    rows,
    "pledge-reminder",
    (c) =>
      context.db
        .update(pledges)
        .set({ reminders: c.reminders + 1 })
        .where(and(eq(pledges.id, c.id), eq(pledges.reminders, c.reminders))),
    (c) => reminderMail(facts(c), (c.reminders + 1) as 1 | 2),
  );
}

/** After an entry is removed: settled pledges of the goal whose value changed tell their supporter. */
export async function tellChangedSettlements(context: AppLoadContext, goalId: string) {
  const rows = await candidates(
    context,
    and(eq(pledges.goalId, goalId), isNotNull(pledges.settledOn), ne(pledges.settledValue, sql`${pledgeValue}`)),
  );
  return sendEach(
    context,
    rows,
    "pledge-changed",
    (c) =>
      context.db
        .update(pledges)
        .set({ settledValue: Number(c.value) })
        .where(and(eq(pledges.id, c.id), eq(pledges.settledValue, Number(c.settledValue)))),
    (c) => changedMail(facts(c), Number(c.settledValue)),
  );
}
