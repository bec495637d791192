/**
 * "My challenges" (ADR 162): the goals an org owns (for an admin: the site's own goals), each with its
 * members, completions and money, in one query. Grouped by phase by the pure rules in
 * app/features/goals/goal-state.ts, so an ended challenge is still one click away when pledges need reconciling.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { asc, desc, eq, isNull, sql } from "drizzle-orm";
import type { IsoDate } from "#app/lib/dates";
import { goalPhase, type GoalPhase } from "#app/features/goals/goal-state";
import type { Viewer } from "#app/features/goals/goals";
import { goals } from "#drizzle/schema";
import { pledgeValue } from "#app/features/fundraising/fundraising.server";
import { goalColumns } from "./goal-columns.server";

export interface Challenge {
  id: string;
  cause: string;
  start: IsoDate | null;
  end: IsoDate | null;
  visibility: "public" | "private" | "friends";
  demo: boolean;
  currency: string | null;
  targetAmount: number | null;
  members: number;
  completed: number;
  pledged: number;
  paid: number;
  phase: GoalPhase;
}

/** At most this many per screen: an org runs a challenge a month, not thousands. */
const LIMIT = 300;

export async function myChallenges(context: AppLoadContext, viewer: Viewer, today: IsoDate) {
  const rows = await context.db
    .select({
      ...goalColumns,
      currency: goals.currency,
      targetAmount: goals.targetAmount,
      members: sql<number>`(select count(*) from user_goals where user_goals.goal_id = ${goals.id})`,
      completed: sql<number>`(select count(*) from user_goals where user_goals.goal_id = ${goals.id} and user_goals.completed = 1)`,
      // Per-unit pledges at their current value, as the totaliser counts them (ADR 143).
      // Spelled out: drizzle leaves a one-table select's columns unqualified, and pledges has an "id" too.
      pledged: sql<number>`(select coalesce(sum(${pledgeValue}), 0) from "pledges" where "pledges"."goal_id" = "goals"."id")`,
      paid: sql<number>`(select coalesce(sum(${pledgeValue}), 0) from "pledges" where "pledges"."goal_id" = "goals"."id" and "pledges"."paid" = 1)`,
    })
    .from(goals)
    // An org's own goals; an admin's are the site's (created by admins, owned by nobody: ADR 022).
    .where(viewer.type === "org" ? eq(goals.orgId, viewer.id) : isNull(goals.orgId))
    .orderBy(desc(goals.start), asc(goals.cause))
    .limit(LIMIT);
  const challenges: Challenge[] = rows.map((r) => ({
    ...r,
    members: Number(r.members),
    completed: Number(r.completed),
    pledged: Number(r.pledged),
    paid: Number(r.paid),
    phase: goalPhase(r, today),
  }));
  return {
    running: challenges.filter((c) => c.phase === "running"),
    upcoming: challenges.filter((c) => c.phase === "upcoming"),
    ended: challenges.filter((c) => c.phase === "ended"),
  };
}
