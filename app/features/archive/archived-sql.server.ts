/**
 * The condition every recount of progress_totals carries (ADR 303): an archived goal's totals are final.
 * Its entries are in R2, not D1, so a recount from D1 would find none and take the members off the board.
 */
import { sql, type SQL } from "drizzle-orm";
import { entryArchives } from "#drizzle/schema";

export const notArchived = (goalId: string | SQL) =>
  sql`NOT EXISTS (SELECT 1 FROM ${entryArchives} WHERE ${entryArchives.goalId} = ${goalId})`;
