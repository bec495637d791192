/**
 * The organiser's factors per sport for a goal (docs/product.md "Activity files"): read for the upload
 * and the log forms, and replaced as a whole in one batch.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, sql, type SQL } from "drizzle-orm";
import { goalSportFactors } from "#drizzle/schema";
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

/**
 * A goal's factors as a JSON array of [sport, hundredths] (ADR 313): a column of a row the screen reads
 * anyway (the home's cards, the goal screen's goal row), by the table's key (goal, sport), so in sport order.
 */
export function sportFactorsJson(goalId: SQL) {
  return sql<string | null>`(select json_group_array(json_array(f.sport, f.factor)) from ${goalSportFactors} as f
    where f.goal_id = ${goalId})`;
}

/** That column as [sport, factor] pairs, as the sport field shows them (sorted again: sport order). */
export function factorsOfJson(json: string | null | undefined): [Sport, number][] {
  const pairs = json ? (JSON.parse(json) as [string, number][]) : [];
  return pairs
    .filter((pair): pair is [Sport, number] => isSport(pair[0]))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([sport, factor]): [Sport, number] => [sport, factor / 100]);
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
