/**
 * The organiser's factors per sport for a goal (docs/product.md "Activity files"): read for the upload
 * and the log forms, and replaced as a whole in one batch.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, type SQL } from "drizzle-orm";
import { goalSportFactors, userGoals } from "#drizzle/schema";
import { isSport, type Sport } from "./activity";
import { countedAmount } from "./proposal";

/** Replaces the goal's factors: the sports given (x1 is the default and is not stored). */
export async function saveSportFactors(context: AppLoadContext, goalId: string, factors: [Sport, number][]) {
  const kept = factors.filter(([, hundredths]) => hundredths !== 100);
  await context.db.batch([
    context.db.delete(goalSportFactors).where(eq(goalSportFactors.goalId, goalId)),
    ...kept.map(([sport, factor]) => context.db.insert(goalSportFactors).values({ goalId, sport, factor })),
  ]);
}

/** The factors of every goal the member is in (the log forms show them beside the sport field). */
export function memberSportFactorsQuery(context: AppLoadContext, viewerId: string | SQL) {
  return context.db
    .select({ goalId: goalSportFactors.goalId, sport: goalSportFactors.sport, factor: goalSportFactors.factor })
    .from(goalSportFactors)
    .innerJoin(userGoals, eq(userGoals.goalId, goalSportFactors.goalId))
    .where(eq(userGoals.userId, viewerId));
}

/** Those rows by goal: [sport, factor] pairs, as the sport field shows them. */
export function factorsByGoal(rows: { goalId: string; sport: string; factor: number }[]) {
  const byGoal = new Map<string, [Sport, number][]>();
  for (const row of rows)
    if (isSport(row.sport)) byGoal.set(row.goalId, [...(byGoal.get(row.goalId) ?? []), [row.sport, row.factor / 100]]);
  return byGoal;
}

/**
 * A typed entry that names its sport counts as the organiser set for that sport (hundredths in and out);
 * a sport with no factor counts x1.
 */
export async function countedForSport(context: AppLoadContext, goalId: string, sport: Sport, amount: number) {
  const rows = await context.db
    .select({ factor: goalSportFactors.factor })
    .from(goalSportFactors)
    .where(and(eq(goalSportFactors.goalId, goalId), eq(goalSportFactors.sport, sport)))
    .limit(1);
  return rows[0] ? countedAmount(amount, sport, { [sport]: rows[0].factor / 100 }) : amount;
}

/**
 * A typed entry's amount as it counts (its sport's factor applied), or null when that is under the
 * smallest amount, 0.01 (SPORT_TOO_SMALL): the goal screen's log and the phone's queue both ask this.
 */
export async function amountForSport(
  context: AppLoadContext,
  goalId: string,
  entry: { amount: number; sport?: Sport | null },
) {
  const amount = entry.sport ? await countedForSport(context, goalId, entry.sport, entry.amount) : entry.amount;
  return amount < 1 ? null : amount;
}
