/**
 * "Find a goal" (ADR 263): one page of the goals Suggested could list, closing soonest first (undated
 * last), optionally those whose name contains the search. Its own screen and round trip: /main's
 * batch is untouched (ADR 293).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, asc, eq, gte, isNull, notExists, or, sql, type SQL } from "drizzle-orm";
import { goals, userGoals } from "#drizzle/schema";
import type { IsoDate } from "#app/lib/dates";
import { goalColumns } from "#app/features/goals/goal-columns.server";
import { FIND_PAGE_SIZE } from "./find-goals";

/** The page's goals and one more (so the screen knows whether a next page exists). */
export function findGoalsQuery(
  context: AppLoadContext,
  viewerId: SQL,
  v: { day: IsoDate; pattern: string | null; offset: number },
) {
  const { db } = context;
  const joined = db
    .select({ one: sql`1` })
    .from(userGoals)
    .where(and(eq(userGoals.userId, viewerId), eq(userGoals.goalId, goals.id)));
  return db
    .select(goalColumns)
    .from(goals)
    .where(
      and(
        or(gte(goals.end, v.day), isNull(goals.end)),
        eq(goals.demo, false),
        or(eq(goals.visibility, "public"), eq(goals.orgId, viewerId)),
        v.pattern ? sql`${goals.cause} like ${v.pattern} escape '\\'` : undefined,
        notExists(joined),
      ),
    )
    .orderBy(sql`${goals.end} is null`, asc(goals.end), asc(goals.cause), asc(goals.id))
    .limit(FIND_PAGE_SIZE + 1)
    .offset(v.offset);
}
