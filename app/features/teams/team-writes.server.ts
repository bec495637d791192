/**
 * Teams, the writing side (ADR 270). Every limit is a condition of the write itself: a team's cap and
 * the number of teams in a goal are checked by the INSERT ... SELECT that adds the row, and the
 * captain's rights by the UPDATE/DELETE's own WHERE, so two members racing for the last place cannot
 * both get it. Each write then tells the goal's live topic, so team boards move on every open screen.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, ne, sql } from "drizzle-orm";
import type { Viewer } from "#app/features/goals/goals";
import { canManageGoal } from "#app/features/fundraising/fundraising";
import { publish } from "#app/features/live/live.server";
import { newId } from "#app/lib/ids";
import { rowValues } from "#app/platform/db/insert-select.server";
import { goalTeamSettings, teamMembers, teams } from "#drizzle/schema";
import { canRunTeam, MAX_TEAMS, TEAM_REFUSALS, type TeamRefusal } from "./teams";
import { loadTeam, teamQueries, toTeamsView, type TeamGoal } from "./teams.server";

export type TeamWrite =
  { ok: true; id: string; name: string } | { ok: false; status: 403 | 404 | 409; reason: TeamRefusal; message: string };

const refuse = (reason: TeamRefusal, status: 403 | 404 | 409 = 409): TeamWrite => ({
  ok: false,
  status,
  reason,
  message: TEAM_REFUSALS[reason],
});

export interface TeamSettingsColumns {
  enabled: boolean;
  membersCreate: boolean;
  cap: number | null;
  ranking: "total" | "average";
}

/** The goal's team settings, created or replaced (also in /create's batch). */
export function teamSettingsStatement(context: AppLoadContext, goalId: string, columns: TeamSettingsColumns) {
  return context.db
    .insert(goalTeamSettings)
    .values({ goalId, ...columns })
    .onConflictDoUpdate({ target: goalTeamSettings.goalId, set: columns });
}

export async function saveTeamSettings(context: AppLoadContext, goal: TeamGoal, columns: TeamSettingsColumns) {
  await teamSettingsStatement(context, goal.id, columns);
  publish(context, [`goal:${goal.id}`]);
}

/**
 * Puts the member in a team (or moves them): only while the team has room (the cap counts everyone
 * else in it) and they are a member of the goal. Moving leaves a captaincy behind.
 */
function joinStatements(context: AppLoadContext, goalId: string, userId: string, teamId: string) {
  const room = sql`(SELECT count(*) FROM ${teamMembers} WHERE ${teamMembers.teamId} = ${teamId} AND ${teamMembers.userId} <> ${userId})
    < coalesce((SELECT ${goalTeamSettings.cap} FROM ${goalTeamSettings} WHERE ${goalTeamSettings.goalId} = ${goalId}), 1000000000)`;
  return [
    context.db
      .insert(teamMembers)
      .select(
        sql`SELECT ${rowValues(teamMembers, { goalId, userId, teamId, joinedAt: Date.now() })}
          WHERE EXISTS (SELECT 1 FROM ${teams} WHERE ${teams.id} = ${teamId} AND ${teams.goalId} = ${goalId})
          AND EXISTS (SELECT 1 FROM "user_goals" WHERE "user_goals"."goal_id" = ${goalId} AND "user_goals"."user_id" = ${userId})
          AND ${room}`,
      )
      .onConflictDoUpdate({
        target: [teamMembers.goalId, teamMembers.userId],
        set: { teamId: sql`excluded.team_id`, joinedAt: sql`excluded.joined_at` },
      }),
    // Captain of the team they left: no longer (only once the move happened).
    context.db
      .update(teams)
      .set({ captainId: null })
      .where(
        and(
          eq(teams.goalId, goalId),
          eq(teams.captainId, userId),
          ne(teams.id, teamId),
          sql`EXISTS (SELECT 1 FROM ${teamMembers} WHERE ${teamMembers.goalId} = ${goalId} AND ${teamMembers.userId} = ${userId} AND ${teamMembers.teamId} = ${teamId})`,
        ),
      ),
  ] as const;
}

/** A member picks or switches team. */
export async function joinTeam(context: AppLoadContext, goal: TeamGoal, viewer: Viewer, teamId: string) {
  if (!goal.settings?.enabled) return refuse("teams-off");
  if (!goal.member) return refuse("not-a-member", 403);
  const [joined] = await context.db.batch(joinStatements(context, goal.id, viewer.id, teamId));
  const team = await loadTeam(context, goal.id, teamId);
  if (!team) return refuse("gone", 404);
  if (!joined.meta.changes) return refuse("full");
  publish(context, [`goal:${goal.id}`]);
  return { ok: true, id: team.id, name: team.name } satisfies TeamWrite;
}

/** A member leaves their team (their progress leaves its figures with them): its name, or 409 when in none. */
export async function leaveTeam(context: AppLoadContext, goal: TeamGoal, viewer: Viewer): Promise<TeamWrite> {
  const view = toTeamsView(await context.db.batch(teamQueries(context, goal.id, viewer.id)), goal, viewer);
  const team = view?.teams.find((t) => t.mine);
  if (!team) return refuse("not-in-team");
  await context.db.batch([
    context.db.delete(teamMembers).where(and(eq(teamMembers.goalId, goal.id), eq(teamMembers.userId, viewer.id))),
    context.db
      .update(teams)
      .set({ captainId: null })
      .where(and(eq(teams.goalId, goal.id), eq(teams.captainId, viewer.id))),
  ]);
  publish(context, [`goal:${goal.id}`]);
  return { ok: true, id: team.id, name: team.name };
}

/**
 * A new team: the organiser's (no captain yet), or a member's where the organiser allows it (they
 * captain it and move into it, in the same batch). At most MAX_TEAMS a goal; names unique in a goal.
 */
export async function createTeam(context: AppLoadContext, goal: TeamGoal, viewer: Viewer, name: string) {
  if (!goal.settings?.enabled) return refuse("teams-off");
  const manager = canManageGoal(goal, viewer);
  if (!manager) {
    if (!goal.member) return refuse("not-a-member", 403);
    if (!goal.settings.membersCreate) return refuse("members-cannot-create", 403);
  }
  const id = newId();
  const captainId = manager && !goal.member ? null : viewer.id;
  const insert = context.db
    .insert(teams)
    .select(
      sql`SELECT ${rowValues(teams, { id, goalId: goal.id, name, captainId })}
        WHERE (SELECT count(*) FROM ${teams} WHERE ${teams.goalId} = ${goal.id}) < ${MAX_TEAMS}`,
    )
    .onConflictDoNothing();
  const [created] = captainId
    ? await context.db.batch([insert, ...joinStatements(context, goal.id, viewer.id, id)])
    : [await insert];
  if (!created.meta.changes) {
    const taken = await context.db
      .select({ id: teams.id })
      .from(teams)
      .where(and(eq(teams.goalId, goal.id), sql`lower(${teams.name}) = lower(${name})`))
      .limit(1);
    return refuse(taken.length ? "name-taken" : "too-many");
  }
  publish(context, [`goal:${goal.id}`]);
  return { ok: true, id, name } satisfies TeamWrite;
}

/** Renames a team: its captain or the organiser (403 for everyone else, checked again by the UPDATE). */
export async function renameTeam(
  context: AppLoadContext,
  goal: TeamGoal,
  viewer: Viewer,
  teamId: string,
  name: string,
): Promise<TeamWrite> {
  const team = await loadTeam(context, goal.id, teamId);
  if (!team) return refuse("gone", 404);
  const manager = canManageGoal(goal, viewer);
  if (!canRunTeam(team, viewer, manager)) return refuse("forbidden", 403);
  const result = await context.db
    .update(teams)
    .set({ name })
    .where(
      and(
        eq(teams.id, teamId),
        eq(teams.goalId, goal.id),
        manager ? undefined : eq(teams.captainId, viewer.id),
        sql`NOT EXISTS (SELECT 1 FROM "teams" AS t2 WHERE t2.goal_id = ${goal.id} AND lower(t2.name) = lower(${name}) AND t2.id <> ${teamId})`,
      ),
    );
  if (!result.meta.changes) return refuse("name-taken");
  publish(context, [`goal:${goal.id}`]);
  return { ok: true, id: teamId, name };
}

/** The captain or the organiser takes a member out of the team (their credit leaves with them). */
export async function removeFromTeam(
  context: AppLoadContext,
  goal: TeamGoal,
  viewer: Viewer,
  teamId: string,
  memberId: string,
): Promise<TeamWrite> {
  const team = await loadTeam(context, goal.id, teamId);
  if (!team) return refuse("gone", 404);
  const manager = canManageGoal(goal, viewer);
  if (!canRunTeam(team, viewer, manager)) return refuse("forbidden", 403);
  const runs = manager
    ? sql`1`
    : sql`EXISTS (SELECT 1 FROM ${teams} WHERE ${teams.id} = ${teamId} AND ${teams.captainId} = ${viewer.id})`;
  await context.db.batch([
    context.db
      .update(teams)
      .set({ captainId: null })
      .where(and(eq(teams.id, teamId), eq(teams.captainId, memberId), runs)),
    context.db
      .delete(teamMembers)
      .where(
        and(eq(teamMembers.goalId, goal.id), eq(teamMembers.teamId, teamId), eq(teamMembers.userId, memberId), runs),
      ),
  ]);
  publish(context, [`goal:${goal.id}`]);
  return { ok: true, id: teamId, name: team.name };
}

/** The organiser names a team's captain: one of its members. */
export async function setCaptain(
  context: AppLoadContext,
  goal: TeamGoal,
  viewer: Viewer,
  teamId: string,
  memberId: string,
): Promise<TeamWrite> {
  if (!canManageGoal(goal, viewer)) return refuse("forbidden", 403);
  const team = await loadTeam(context, goal.id, teamId);
  if (!team) return refuse("gone", 404);
  await context.db
    .update(teams)
    .set({ captainId: memberId })
    .where(
      and(
        eq(teams.id, teamId),
        eq(teams.goalId, goal.id),
        sql`EXISTS (SELECT 1 FROM ${teamMembers} WHERE ${teamMembers.teamId} = ${teamId} AND ${teamMembers.userId} = ${memberId})`,
      ),
    );
  publish(context, [`goal:${goal.id}`]);
  return { ok: true, id: teamId, name: team.name };
}

/** The organiser deletes a team (asked to confirm first): its members are without a team again. */
export async function deleteTeam(
  context: AppLoadContext,
  goal: TeamGoal,
  viewer: Viewer,
  teamId: string,
): Promise<TeamWrite> {
  if (!canManageGoal(goal, viewer)) return refuse("forbidden", 403);
  const team = await loadTeam(context, goal.id, teamId);
  if (!team) return refuse("gone", 404);
  await context.db.delete(teams).where(and(eq(teams.id, teamId), eq(teams.goalId, goal.id)));
  publish(context, [`goal:${goal.id}`]);
  return { ok: true, id: teamId, name: team.name };
}
