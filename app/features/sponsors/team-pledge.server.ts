/**
 * Pledges to a team (ADR 246): the teams a pledge form offers (a challenge with teams switched on), and
 * the one a posted form names, checked to be a team of this goal. A per-unit team pledge follows the
 * total of whoever is in the team now (pledgeProgress, ADR 270's credit rule), and the form's estimate
 * follows the team picked (ADR 267): each team comes with its total and its target.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, asc, eq, sql } from "drizzle-orm";
import { goals, goalTeamSettings, progressTotals, teamMembers, teams, userGoals } from "#drizzle/schema";
import { MAX_TEAMS, teamLabel } from "#app/features/teams/teams";
import { formatQuantity } from "#app/features/progress/progress";

/** A team's target: every member's own target added up (ADR 275); none when members have no target. */
export const teamTarget = (unitTarget: number | null, members: number) =>
  unitTarget && members > 0 ? unitTarget * members : null;

/** What a pledge form's estimate works from: the progress a pledge would follow and its target. */
export interface EstimateBasis {
  progress: number;
  progressText: string;
  target: number | null;
}

/** One of the teams a pledge form offers, with its own estimate basis on a measured goal. */
export interface PledgeTeamChoice {
  id: string;
  name: string;
  estimate: EstimateBasis | null;
}

export const estimateBasis = (progress: number, target: number | null, unit: string): EstimateBasis => ({
  progress,
  progressText: formatQuantity(progress, unit),
  target,
});

/** The goal's teams while its teams are switched on (teamId: only that one), by name, with totals. */
export function teamsOf(context: AppLoadContext, goalId: string, teamId?: string) {
  return context.db
    .select({
      id: teams.id,
      name: teams.name,
      members: sql<number>`(select count(*) from ${teamMembers} as tm where tm.team_id = ${teams.id})`,
      total: sql<number>`(select coalesce(sum(pt.total), 0) from ${progressTotals} as pt join ${teamMembers} as tm on tm.goal_id = pt.goal_id and tm.user_id = pt.user_id where pt.goal_id = ${teams.goalId} and tm.team_id = ${teams.id})`,
    })
    .from(teams)
    .innerJoin(goalTeamSettings, and(eq(goalTeamSettings.goalId, teams.goalId), eq(goalTeamSettings.enabled, true)))
    .where(and(eq(teams.goalId, goalId), teamId ? eq(teams.id, teamId) : undefined))
    .orderBy(asc(teams.name))
    .limit(MAX_TEAMS);
}

type TeamRow = Awaited<ReturnType<typeof teamsOf>>[number];

const teamChoice = (t: TeamRow, measure: { unit: string | null; unitTarget: number | null } | null) => ({
  id: t.id,
  name: teamLabel(t.name),
  estimate:
    measure?.unit != null
      ? estimateBasis(Number(t.total), teamTarget(measure.unitTarget, Number(t.members)), measure.unit)
      : null,
});

/**
 * The teams a supporter may back on this goal's pledge form (none while its teams are switched off),
 * each with its total and target when the goal is measured (`measure`), for the estimate.
 */
export async function pledgeTeams(
  context: AppLoadContext,
  goalId: string,
  measure: { unit: string | null; unitTarget: number | null } | null = null,
): Promise<PledgeTeamChoice[]> {
  return (await teamsOf(context, goalId)).map((t) => teamChoice(t, measure));
}

/** The team a pledge form named, if it is one of this goal's (teams on); else null. */
export async function pledgeTeam(context: AppLoadContext, goalId: string, teamId: string) {
  const [team] = await teamsOf(context, goalId, teamId);
  return team ? { id: team.id, name: teamLabel(team.name) } : null;
}

/**
 * The public pledge page's estimates (/give/{id}, ADR 267) in one round trip: the default's basis (the
 * member a ?member= link names, else the whole group, against their target) and, on a form that names no
 * member, each team's. Nothing for a goal without a unit.
 */
export async function giveEstimates(
  context: AppLoadContext,
  goal: { id: string; unit: string | null },
  memberId: string | null,
  withTeams: boolean,
): Promise<{ estimate: EstimateBasis | null; teams: PledgeTeamChoice[] }> {
  const [goalRows, groupRows, memberRows, teamRows] = await context.db.batch([
    context.db
      .select({ unitTarget: goals.unitTarget, groupTarget: goals.groupTarget })
      .from(goals)
      .where(eq(goals.id, goal.id))
      .limit(1),
    context.db
      .select({ total: sql<number>`coalesce(sum(${progressTotals.total}), 0)` })
      .from(progressTotals)
      .where(eq(progressTotals.goalId, goal.id)),
    context.db
      .select({
        total: sql<number>`coalesce((select ${progressTotals.total} from ${progressTotals} where ${progressTotals.goalId} = ${userGoals.goalId} and ${progressTotals.userId} = ${userGoals.userId}), 0)`,
      })
      .from(userGoals)
      .where(and(eq(userGoals.goalId, goal.id), eq(userGoals.userId, memberId ?? "")))
      .limit(1),
    teamsOf(context, withTeams ? goal.id : ""),
  ]);
  const targets = goalRows[0];
  if (!goal.unit || !targets) return { estimate: null, teams: teamRows.map((t) => teamChoice(t, null)) };
  const measure = { unit: goal.unit, unitTarget: targets.unitTarget };
  const member = memberId ? memberRows[0] : undefined;
  const estimate = member
    ? estimateBasis(Number(member.total), targets.unitTarget, goal.unit)
    : estimateBasis(Number(groupRows[0]?.total ?? 0), targets.groupTarget, goal.unit);
  return { estimate, teams: teamRows.map((t) => teamChoice(t, measure)) };
}
