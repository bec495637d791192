/**
 * The participants CSV's progress columns (issue 15): each member's total, entries, streak and last
 * entry day, read in the CSV's batch from progress_totals and the members' logged days.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import type { IsoDate } from "#app/lib/dates";
import { quantityInputValue, streak, unitOf } from "#app/lib/progress";
import { progressEntries, progressTotals } from "#drizzle/schema";
import { measureQuery } from "./progress.server";

/** Every member's totals and logged days in a goal, for the org's participants CSV. */
export function participantMeasureQueries(context: AppLoadContext, goalId: string) {
  return [
    measureQuery(context, goalId),
    context.db
      .select({
        userId: progressTotals.userId,
        total: progressTotals.total,
        entries: progressTotals.entries,
        lastDay: progressTotals.lastDay,
      })
      .from(progressTotals)
      .where(eq(progressTotals.goalId, goalId)),
    context.db
      .selectDistinct({ userId: progressEntries.userId, day: progressEntries.day })
      .from(progressEntries)
      .where(eq(progressEntries.goalId, goalId)),
  ] as const;
}

export interface ParticipantMeasure {
  total: string;
  entries: number;
  streak: number;
  lastDay: string;
}

/** The CSV's progress columns by member (null for a goal without a measure). */
export function toParticipantMeasures(results: unknown[], today: IsoDate) {
  const [measureRows, totalRows, dayRows] = results as [
    Awaited<ReturnType<typeof measureQuery>>,
    { userId: string; total: number; entries: number; lastDay: string | null }[],
    { userId: string; day: string }[],
  ];
  const unit = measureRows[0]?.unit;
  if (!unit) return null;
  const days = new Map<string, string[]>();
  for (const r of dayRows) days.set(r.userId, [...(days.get(r.userId) ?? []), r.day]);
  const byUser = new Map<string, ParticipantMeasure>();
  for (const r of totalRows)
    byUser.set(r.userId, {
      total: quantityInputValue(r.total),
      entries: r.entries,
      streak: streak(days.get(r.userId) ?? [], today),
      lastDay: r.lastDay ?? "",
    });
  return { unitLabel: unitOf(unit).label, byUser };
}
