/**
 * "My challenges" (ADR 162): the goals an org owns (for an admin: the site's own goals), each with its
 * members, completions and money, in one query. Grouped by phase by the pure rules in
 * app/features/goals/goal-state.ts, so an ended challenge is still one click away when pledges need reconciling.
 * The org's home leads with the same figures for the challenges it runs (ADR 251).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { asc, desc, eq, isNull, sql, type SQL } from "drizzle-orm";
import type { IsoDate } from "#app/lib/dates";
import { goalPhase, type GoalPhase } from "#app/features/goals/goal-state";
import type { Viewer } from "#app/features/goals/goals";
import { goals } from "#drizzle/schema";
import { pledgeValue } from "#app/features/fundraising/fundraising.server";
import { goalColumns } from "#app/features/goals/goal-columns.server";
import { nextStep, type NextStep } from "./challenge-next";

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

/** A challenge's figures, each a subquery on the owning goal's row (indexes on goal_id). */
const challengeColumns = {
  ...goalColumns,
  currency: goals.currency,
  targetAmount: goals.targetAmount,
  members: sql<number>`(select count(*) from user_goals where user_goals.goal_id = ${goals.id})`,
  completed: sql<number>`(select count(*) from user_goals where user_goals.goal_id = ${goals.id} and user_goals.completed = 1)`,
  // Per-unit pledges at their current value, as the totaliser counts them (ADR 143).
  // Spelled out: drizzle leaves a one-table select's columns unqualified, and pledges has an "id" too.
  pledged: sql<number>`(select coalesce(sum(${pledgeValue}), 0) from "pledges" where "pledges"."goal_id" = "goals"."id")`,
  paid: sql<number>`(select coalesce(sum(${pledgeValue}), 0) from "pledges" where "pledges"."goal_id" = "goals"."id" and "pledges"."paid" = 1)`,
};

type Figures = "members" | "completed" | "pledged" | "paid";
type ChallengeRow = Omit<Challenge, "phase" | Figures> & Record<Figures, unknown>;

const toChallenge = (r: ChallengeRow, today: IsoDate): Challenge => ({
  ...r,
  members: Number(r.members),
  completed: Number(r.completed),
  pledged: Number(r.pledged),
  paid: Number(r.paid),
  phase: goalPhase(r, today),
});

export async function myChallenges(context: AppLoadContext, viewer: Viewer, today: IsoDate) {
  const rows = await context.db
    .select(challengeColumns)
    .from(goals)
    // An org's own goals; an admin's are the site's (created by admins, owned by nobody: ADR 022).
    .where(viewer.type === "org" ? eq(goals.orgId, viewer.id) : isNull(goals.orgId))
    .orderBy(desc(goals.start), asc(goals.cause))
    .limit(LIMIT);
  const challenges = rows.map((r) => toChallenge(r, today));
  return {
    running: challenges.filter((c) => c.phase === "running"),
    upcoming: challenges.filter((c) => c.phase === "upcoming"),
    ended: challenges.filter((c) => c.phase === "ended"),
  };
}

/** How many the org's home lists before "All my challenges". */
export const HOME_CHALLENGES = 6;

/**
 * The org's home (ADR 251): the challenges it owns that end latest (the running and upcoming ones come
 * first), with what the cards need beyond /challenges' figures: the measure and its group total, whether
 * fundraising is set up. A member owns no goal, so for them this is one empty walk of goals_org_idx.
 */
export function homeChallengesQuery(context: AppLoadContext, viewerId: string | SQL) {
  return context.db
    .select({
      ...challengeColumns,
      charityName: goals.charityName,
      unit: goals.unit,
      groupTarget: goals.groupTarget,
      groupTotal: sql<number>`(select coalesce(sum(pt.total), 0) from "progress_totals" as pt where pt.goal_id = "goals"."id")`,
    })
    .from(goals)
    .where(eq(goals.orgId, viewerId))
    .orderBy(sql`${goals.end} is null desc`, desc(goals.end), asc(goals.cause))
    .limit(HOME_CHALLENGES + 1);
}

export interface HomeChallenge extends Challenge {
  unit: string | null;
  groupTarget: number | null;
  groupTotal: number;
  fundraising: boolean;
  next: NextStep | null;
}

/** The home's challenges: the ones still to run or running, and ended ones with pledges to reconcile. */
export function toHomeChallenges(
  rows: Awaited<ReturnType<typeof homeChallengesQuery>>,
  today: IsoDate,
): { challenges: HomeChallenge[]; more: boolean } | null {
  if (!rows.length) return null;
  const challenges = rows
    .slice(0, HOME_CHALLENGES)
    .map((r) => {
      const c = toChallenge(r, today);
      const fundraising = !!r.charityName;
      const home = { ...c, unit: r.unit, groupTarget: r.groupTarget, groupTotal: Number(r.groupTotal), fundraising };
      return { ...home, next: nextStep(home) };
    })
    .filter((c) => c.phase !== "ended" || c.next);
  return { challenges, more: rows.length > HOME_CHALLENGES };
}
