/**
 * The home's cards ride on my goals' rows, the side navigation's own read (ADR 313): per active goal its
 * unit and target, my total, the days I logged since the streak's first day, and the organiser's sport
 * factors for the quick log. On a goal screen the last three are null: the statement keeps one shape, and
 * is built once per isolate for each screen's shape (ADR 209).
 */
import { sql, type SQL } from "drizzle-orm";
import type { IsoDate } from "#app/lib/dates";
import { goals, progressEntries, progressTotals, userGoals } from "#drizzle/schema";
import { sportFactorsJson } from "#app/features/activity/sport-factors.server";

/** `streakFrom`: the home's first day of the streak dots (homeClock); null on a goal screen. */
export function cardColumns(streakFrom: IsoDate | SQL | null) {
  const home = streakFrom !== null;
  return {
    unit: goals.unit,
    unitTarget: goals.unitTarget,
    // My totals row for the goal: one key lookup, as the left join on (goal, member) it replaces.
    total: home
      ? sql<number | null>`(select pt.total from ${progressTotals} as pt
          where pt.goal_id = ${userGoals.goalId} and pt.user_id = ${userGoals.userId})`.as("card_total")
      : sql<number | null>`null`.as("card_total"),
    // The days I logged (a covering range of progress_entries_member_day_idx), for the streak (ADR 296).
    days: home
      ? sql<string | null>`(select group_concat(distinct pe.day) from ${progressEntries} as pe
          where pe.goal_id = ${userGoals.goalId} and pe.user_id = ${userGoals.userId} and pe.day >= ${streakFrom})`.as(
          "card_days",
        )
      : sql<string | null>`null`.as("card_days"),
    sportFactors: home
      ? sportFactorsJson(sql`${userGoals.goalId}`).as("card_sport_factors")
      : sql<string | null>`null`.as("card_sport_factors"),
  };
}

export type CardColumns = ReturnType<typeof cardColumns>;

/** A card's row: the side navigation's membership row with the columns above. */
export interface CardRow {
  goalId: string;
  unit: string | null;
  unitTarget: number | null;
  total: number | null;
  days: string | null;
}
