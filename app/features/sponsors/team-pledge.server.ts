/**
 * Pledges to a team (ADR 246): the teams a pledge form offers (a challenge with teams switched on), and
 * the one a posted form names, checked to be a team of this goal. A per-unit team pledge follows the
 * total of whoever is in the team now (pledgeProgress, ADR 270's credit rule).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, asc, eq } from "drizzle-orm";
import { goalTeamSettings, teams } from "#drizzle/schema";
import { MAX_TEAMS, teamLabel } from "#app/features/teams/teams";

function teamsOf(context: AppLoadContext, goalId: string, teamId?: string) {
  return context.db
    .select({ id: teams.id, name: teams.name })
    .from(teams)
    .innerJoin(goalTeamSettings, and(eq(goalTeamSettings.goalId, teams.goalId), eq(goalTeamSettings.enabled, true)))
    .where(and(eq(teams.goalId, goalId), teamId ? eq(teams.id, teamId) : undefined))
    .orderBy(asc(teams.name))
    .limit(MAX_TEAMS);
}

/** The teams a supporter may back on this goal's pledge form: none while its teams are switched off. */
export async function pledgeTeams(context: AppLoadContext, goalId: string) {
  return (await teamsOf(context, goalId)).map((t) => ({ id: t.id, name: teamLabel(t.name) }));
}

/** The team a pledge form named, if it is one of this goal's (teams on); else null. */
export async function pledgeTeam(context: AppLoadContext, goalId: string, teamId: string) {
  const [team] = await teamsOf(context, goalId, teamId);
  return team ? { id: team.id, name: teamLabel(team.name) } : null;
}
