/**
 * The org's pledges as a spreadsheet (ADR 144): every pledge of a goal, fixed and per unit, with its
 * value now and, once the goal has ended by the goal clock, its final amount; its state (owed, the
 * supporter says paid, the organiser confirmed: ADR 243) and the day the supporter said so (ADR 166:
 * "raised" means confirmed). Written through the one CSV writer (app/lib/csv.ts).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { asc, eq } from "drizzle-orm";
import type { CsvValue } from "#app/lib/csv";
import { isExpired, toIsoDate, type IsoDate } from "#app/lib/dates";
import { formatAmount } from "#app/features/fundraising/fundraising";
import { unitOf } from "#app/features/progress/progress";
import { pledges } from "#drizzle/schema";
import { pledgeState, STATE_LABELS } from "#app/features/sponsors/sponsors";
import { pledgeColumns, type SupportGoal } from "./fundraising.server";

/** More than any real challenge takes; a download stays one bounded query. */
export const PLEDGES_CSV_LIMIT = 10_000;

export function pledgesCsvQuery(context: AppLoadContext, goalId: string) {
  return context.db
    .select({ ...pledgeColumns, saidPaidAt: pledges.saidPaidAt })
    .from(pledges)
    .where(eq(pledges.goalId, goalId))
    .orderBy(asc(pledges.createdAt), asc(pledges.id))
    .limit(PLEDGES_CSV_LIMIT);
}

type Row = Awaited<ReturnType<typeof pledgesCsvQuery>>[number];

export const PLEDGES_CSV_HEADER = [
  "Pledged on",
  "Supporter",
  "Shown as",
  "Kind",
  "Per unit",
  "For",
  "Maximum",
  "Amount now",
  "Final amount",
  "State",
  "Said paid on",
  "Message",
];

/** One line per pledge; money in the goal's currency, as the screens write it. */
export function pledgesCsvRows(goal: SupportGoal, rows: Row[], today: IsoDate): CsvValue[][] {
  const currency = goal.currency ?? "GBP";
  const money = (minor: number) => formatAmount(minor, currency);
  const ended = isExpired(goal.end, today);
  const unit = goal.unit ? unitOf(goal.unit).label.replace(/s$/, "") : "unit";
  return [
    PLEDGES_CSV_HEADER,
    ...rows.map((r) => {
      const value = Number(r.value);
      return [
        toIsoDate(new Date(r.createdAt)),
        r.name,
        r.anonymous ? "Anonymous" : r.name,
        r.perUnit ? `Per ${unit}` : "Fixed",
        r.perUnit ? money(r.perUnit) : "",
        r.perUnit ? (r.memberName ?? "The group") : "",
        r.maxAmount ? money(r.maxAmount) : "",
        money(value),
        // A fixed pledge is final from the start; a per-unit one once the goal has ended.
        !r.perUnit || ended ? money(value) : "",
        STATE_LABELS[pledgeState(r)],
        r.saidPaidAt ? toIsoDate(new Date(r.saidPaidAt)) : "",
        r.message ?? "",
      ];
    }),
  ];
}
