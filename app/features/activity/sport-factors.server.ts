/**
 * The organiser's factors per sport for a goal (docs/product.md "Activity files"): read for the upload
 * and the log form, and replaced as a whole in one batch.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { goalSportFactors } from "#drizzle/schema";
import type { Sport } from "./activity";

/** Replaces the goal's factors: the sports given (x1 is the default and is not stored). */
export async function saveSportFactors(context: AppLoadContext, goalId: string, factors: [Sport, number][]) {
  const kept = factors.filter(([, hundredths]) => hundredths !== 100);
  await context.db.batch([
    context.db.delete(goalSportFactors).where(eq(goalSportFactors.goalId, goalId)),
    ...kept.map(([sport, factor]) => context.db.insert(goalSportFactors).values({ goalId, sport, factor })),
  ]);
}
