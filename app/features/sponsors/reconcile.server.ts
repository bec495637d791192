/**
 * The organiser's reconciliation (ADR 243): every pledge of a challenge with what it comes to, and whether
 * it is owed, the supporter says it is paid, or the organiser confirmed it; filtered by state, with counts;
 * the organiser confirms one or many at once (one conditional UPDATE, scoped to the goal), or takes a
 * confirmation back. "Raised" counts confirmed pledges only (ADR 166).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import * as z from "zod";
import { pledges } from "#drizzle/schema";
import { formatMonthDay, isExpired, toIsoDate, type IsoDate } from "#app/lib/dates";
import { formErrors } from "#app/platform/http/form-answer.server";
import { redirectWithFlashAt } from "#app/platform/session/flash.server";
import { publish } from "#app/features/live/live.server";
import { formatAmount } from "#app/features/fundraising/fundraising";
import { pledgeColumns, type SupportGoal } from "#app/features/fundraising/fundraising.server";
import { unitOf } from "#app/features/progress/progress";
import { isPledgeState, pledgeState, STATE_LABELS, type PledgeState } from "./sponsors";
import { pledgeTerms } from "#app/features/supporters/supporter-mail";

/** The most pledges one page lists (newest first); the CSV has every one. */
export const RECONCILE_LIMIT = 500;
/** The most pledges one "Confirm paid" takes: D1 binds at most 100 parameters a statement. */
export const CONFIRM_MANY_LIMIT = 90;

const stateWhere: Record<PledgeState, SQL> = {
  owed: and(eq(pledges.paid, false), isNull(pledges.saidPaidAt))!,
  "said-paid": and(eq(pledges.paid, false), isNotNull(pledges.saidPaidAt))!,
  confirmed: eq(pledges.paid, true),
};

/** The state a `?state=` asks for, or null (every pledge). */
export const stateFilter = (value: string | null): PledgeState | null => (isPledgeState(value) ? value : null);

export async function reconcileView(
  context: AppLoadContext,
  goal: SupportGoal,
  filter: PledgeState | null,
  today: IsoDate,
) {
  const [rows, counts] = await context.db.batch([
    context.db
      .select({
        id: pledges.id,
        ...pledgeColumns,
        saidPaidAt: pledges.saidPaidAt,
        settledOn: pledges.settledOn,
        hasEmail: sql<number>`${pledges.email} is not null`.as("has_email"),
      })
      .from(pledges)
      .where(and(eq(pledges.goalId, goal.id), filter ? stateWhere[filter] : undefined))
      .orderBy(desc(pledges.createdAt), desc(pledges.id))
      .limit(RECONCILE_LIMIT),
    context.db
      .select({
        owed: sql<number>`coalesce(sum(case when not ${pledges.paid} and ${pledges.saidPaidAt} is null then 1 else 0 end), 0)`,
        saidPaid: sql<number>`coalesce(sum(case when not ${pledges.paid} and ${pledges.saidPaidAt} is not null then 1 else 0 end), 0)`,
        confirmed: sql<number>`coalesce(sum(case when ${pledges.paid} then 1 else 0 end), 0)`,
      })
      .from(pledges)
      .where(eq(pledges.goalId, goal.id)),
  ]);
  const currency = goal.currency ?? "GBP";
  const ended = isExpired(goal.end, today);
  const unitLabel = goal.unit ? unitOf(goal.unit).label : null;
  const c = counts[0];
  const count: Record<PledgeState, number> = {
    owed: Number(c?.owed ?? 0),
    "said-paid": Number(c?.saidPaid ?? 0),
    confirmed: Number(c?.confirmed ?? 0),
  };
  return {
    filter,
    count,
    all: count.owed + count["said-paid"] + count.confirmed,
    ended,
    pledges: rows.map((p) => {
      const state = pledgeState(p);
      return {
        id: p.id,
        name: p.name,
        anonymous: p.anonymous,
        terms: pledgeTerms({
          name: p.name,
          amount: p.amount,
          perUnit: p.perUnit,
          maxAmount: p.maxAmount,
          memberName: p.memberName,
          currency,
          unitLabel,
          cause: goal.cause,
          charityName: "",
          charityUrl: "",
          end: goal.end,
        }),
        // A fixed pledge is final from the start; a per-unit one once the challenge has ended.
        owesText: `${formatAmount(Number(p.value), currency)}${p.perUnit !== null && !ended ? " so far" : ""}`,
        state,
        paid: state === "confirmed",
        stateText: STATE_LABELS[state],
        saidPaidOn: p.saidPaidAt ? `Said paid on ${formatMonthDay(toIsoDate(new Date(p.saidPaidAt)), today)}` : null,
        told: p.settledOn
          ? `Told the final amount on ${formatMonthDay(p.settledOn, today)}`
          : Number(p.hasEmail)
            ? null
            : "No e-mail address",
      };
    }),
  };
}
export type ReconcileView = Awaited<ReturnType<typeof reconcileView>>;

const pledgeId = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);

export const reconcileSchema = z.discriminatedUnion("intent", [
  // One pledge's toggle: confirm it, or take a confirmation back.
  z.object({ intent: z.literal("paid"), pledgeId: pledgeId, paid: z.enum(["true", "false"]) }),
  z.object({
    intent: z.literal("confirm-many"),
    pledgeId: z
      .array(pledgeId, { error: "Tick the pledges to confirm as paid" })
      .min(1, "Tick the pledges to confirm as paid")
      .max(CONFIRM_MANY_LIMIT, `Confirm at most ${CONFIRM_MANY_LIMIT} pledges at once`),
    state: z.string().max(20).optional(),
  }),
]);

export const RECONCILE_INTENTS = ["paid", "confirm-many"] as const;
/** Whether a form posted to the fundraising page is one of the settle-up panel's (its intent, parsed). */
export const isReconcileForm = (formData: FormData) =>
  parseWithZod(formData, { schema: z.object({ intent: z.enum(RECONCILE_INTENTS) }) }).status === "success";

export const RECONCILE_FLASH = {
  confirmed: (n: number) => `${n === 1 ? "1 pledge" : `${n} pledges`} confirmed as paid: "raised" counts them now.`,
  unconfirmed: "Confirmation taken back: the pledge counts as not paid.",
  none: "Those pledges were confirmed already.",
};

/**
 * Confirms (or un-confirms) pledges of this goal; the goal is a condition of the write. Answers how many
 * pledges changed (`onlyChanged`: those not in that state already), so "3 confirmed" counts what moved.
 */
export async function setPledgesPaid(
  context: AppLoadContext,
  goalId: string,
  ids: string[],
  paid: boolean,
  onlyChanged = true,
) {
  const result = await context.db
    .update(pledges)
    .set({ paid })
    .where(
      and(eq(pledges.goalId, goalId), inArray(pledges.id, ids), onlyChanged ? eq(pledges.paid, !paid) : undefined),
    );
  if (result.meta.changes > 0) publish(context, [`goal:${goalId}`]);
  return result.meta.changes;
}

/** One of RECONCILE_INTENTS for a goal the caller manages: a flash beside the pledges, or a 4xx. */
export async function reconcileAction(context: AppLoadContext, goalId: string, formData: FormData) {
  const submission = parseWithZod(formData, { schema: reconcileSchema });
  if (submission.status !== "success") return formErrors(submission, 400);
  const input = submission.value;
  const env = context.cloudflare.env;
  const filter = input.intent === "confirm-many" ? stateFilter(input.state ?? null) : null;
  const back = `/goals/${goalId}/fundraising${filter ? `?state=${filter}` : ""}`;
  if (input.intent === "paid") {
    // Sent twice (a double tap) it changes nothing the second time and says the same.
    const changed = await setPledgesPaid(context, goalId, [input.pledgeId], input.paid === "true", false);
    if (!changed) return formErrors(submission, 404, { formErrors: ["That pledge is not part of this goal."] });
    throw await redirectWithFlashAt(
      env,
      back,
      input.paid === "true" ? RECONCILE_FLASH.confirmed(1) : RECONCILE_FLASH.unconfirmed,
      "pledges",
    );
  }
  const changed = await setPledgesPaid(context, goalId, input.pledgeId, true);
  throw await redirectWithFlashAt(
    env,
    back,
    changed ? RECONCILE_FLASH.confirmed(changed) : RECONCILE_FLASH.none,
    "pledges",
  );
}
