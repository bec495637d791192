/**
 * Teams, the reading side (ADR 270): the goal screen's team statements (settings, the team board, my
 * team) for its one batch, and the team page. Team figures are sums of progress_totals (recounted from
 * entries with every entry write) over the team's current members: nothing here is stored twice.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import type { Viewer } from "#app/features/goals/goals";
import { canManageGoal } from "#app/features/fundraising/fundraising";
import { formatQuantity } from "#app/features/progress/progress";
import { goals, goalTeamSettings, progressTotals, teamMembers, teams, userGoals, users } from "#drizzle/schema";
import { canRunTeam, MAX_TEAMS, rankTeams, type TeamRanking } from "./teams";

/**
 * A team's total (ADR 270's credit): the summed progress_totals of whoever is in the team now, as raw SQL
 * over the outer row's goal and team id (quoted column names). One rule for the pledges that follow a team
 * (pledgeProgress) and a team's sponsor link; the team board sums the same rows by joins (teamBoardQuery).
 */
export function teamTotalSql(goalIdColumn: string, teamIdColumn: string) {
  return `(select coalesce(sum(pt.total), 0) from "progress_totals" as pt join "team_members" as tm on tm.goal_id = pt.goal_id and tm.user_id = pt.user_id where pt.goal_id = ${goalIdColumn} and tm.team_id = ${teamIdColumn})`;
}

export function teamSettingsQuery(context: AppLoadContext, goalId: string | SQL) {
  return context.db.select().from(goalTeamSettings).where(eq(goalTeamSettings.goalId, goalId)).limit(1);
}

/** Every team of a goal with its member count and total (team_members_team_idx, progress_totals' key). */
export function teamBoardQuery(context: AppLoadContext, goalId: string | SQL) {
  return context.db
    .select({
      id: teams.id,
      name: teams.name,
      captainId: teams.captainId,
      members: sql<number>`count(${teamMembers.userId})`,
      total: sql<number>`coalesce(sum(${progressTotals.total}), 0)`,
    })
    .from(teams)
    .leftJoin(teamMembers, eq(teamMembers.teamId, teams.id))
    .leftJoin(
      progressTotals,
      and(eq(progressTotals.goalId, teamMembers.goalId), eq(progressTotals.userId, teamMembers.userId)),
    )
    .where(eq(teams.goalId, goalId))
    .groupBy(teams.id)
    .limit(MAX_TEAMS);
}

/**
 * The goal screen's teams in one statement (ADR 300): the settings row, with the team board (every team,
 * its member count and total: team_members_team_idx, progress_totals' key) as a JSON array and my team id
 * as columns. No settings row, no row: the goal has no teams.
 */
export function teamsQuery(context: AppLoadContext, goalId: string | SQL, viewerId: string | SQL) {
  // Qualified: drizzle writes a one-table select's columns bare, which the subqueries' own goal_id would shadow.
  const settingsGoal = sql.raw(`"goal_team_settings"."goal_id"`);
  return context.db
    .select({
      enabled: goalTeamSettings.enabled,
      membersCreate: goalTeamSettings.membersCreate,
      cap: goalTeamSettings.cap,
      ranking: goalTeamSettings.ranking,
      myTeamId: sql<
        string | null
      >`(select tm.team_id from "team_members" as tm where tm.goal_id = ${settingsGoal} and tm.user_id = ${viewerId} limit 1)`,
      board: sql<string>`(select json_group_array(json_array(b.id, b.name, b.captain_id, b.members, b.total)) from (select t.id, t.name, t.captain_id, count(tm.user_id) as members, coalesce(sum(pt.total), 0) as total from "teams" as t left join "team_members" as tm on tm.team_id = t.id left join "progress_totals" as pt on pt.goal_id = tm.goal_id and pt.user_id = tm.user_id where t.goal_id = ${settingsGoal} group by t.id limit ${sql.raw(String(MAX_TEAMS))}) as b)`,
    })
    .from(goalTeamSettings)
    .where(eq(goalTeamSettings.goalId, goalId))
    .limit(1);
}

/** The goal screen's team statement, for its one batch. */
export function teamQueries(context: AppLoadContext, goalId: string | SQL, viewerId: string | SQL) {
  return [teamsQuery(context, goalId, viewerId)] as const;
}

type TeamRows = readonly [Awaited<ReturnType<typeof teamsQuery>>];
type BoardRow = [id: string, name: string, captainId: string | null, members: number, total: number];

export interface TeamsGoal {
  id: string;
  orgId: string | null;
  unit: string | null;
  member: boolean;
}

/** What the goal screen's team section shows; null when the goal has no teams. */
export function toTeamsView(rows: TeamRows, goal: TeamsGoal, viewer: Viewer) {
  const settings = rows[0][0];
  if (!settings?.enabled) return null;
  const manager = canManageGoal(goal, viewer);
  const myTeamId = settings.myTeamId ?? null;
  const boardRows = (JSON.parse(settings.board ?? "[]") as BoardRow[]).map(([id, name, captainId, members, total]) => ({
    id,
    name,
    captainId,
    members: Number(members),
    total: Number(total),
  }));
  const ranked = rankTeams(boardRows, settings.ranking);
  const quantity = (n: number) => (goal.unit ? formatQuantity(n, goal.unit) : String(n));
  return {
    goalId: goal.id,
    ranking: settings.ranking as TeamRanking,
    cap: settings.cap,
    measured: !!goal.unit,
    manager,
    member: goal.member,
    canCreate: goal.member && settings.membersCreate,
    myTeamId,
    teams: ranked.map((t) => ({
      id: t.id,
      name: t.name,
      rank: t.rank,
      members: t.members,
      totalText: quantity(t.total),
      averageText: quantity(t.average),
      mine: t.id === myTeamId,
      full: settings.cap !== null && t.members >= settings.cap && t.id !== myTeamId,
      captain: boardRows.find((r) => r.id === t.id)?.captainId === viewer.id,
    })),
  };
}
export type TeamsView = NonNullable<ReturnType<typeof toTeamsView>>;

/**
 * A goal's facts every team write and page checks: its owner, measure, the viewer's membership, settings,
 * and what the team page's sponsor link needs (the goal's sponsor nonce, sponsoring on, its charity; ADR
 * 275), so the page builds that link and its cards from this read.
 */
export async function loadTeamGoal(context: AppLoadContext, goalId: string, viewerId: string) {
  const rows = await context.db
    .select({
      id: goals.id,
      cause: goals.cause,
      orgId: goals.orgId,
      unit: goals.unit,
      visibility: goals.visibility,
      demo: goals.demo,
      sponsorNonce: goals.sponsorNonce,
      sponsoring: goals.sponsoring,
      charityName: goals.charityName,
      member: userGoals.userId,
      enabled: goalTeamSettings.enabled,
      membersCreate: goalTeamSettings.membersCreate,
      cap: goalTeamSettings.cap,
      ranking: goalTeamSettings.ranking,
    })
    .from(goals)
    .leftJoin(userGoals, and(eq(userGoals.goalId, goals.id), eq(userGoals.userId, viewerId)))
    .leftJoin(goalTeamSettings, eq(goalTeamSettings.goalId, goals.id))
    .where(eq(goals.id, goalId))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  return {
    id: row.id,
    cause: row.cause,
    orgId: row.orgId,
    unit: row.unit,
    visibility: row.visibility,
    demo: row.demo,
    sponsorNonce: row.sponsorNonce,
    sponsoring: row.sponsoring,
    charityName: row.charityName,
    member: row.member !== null,
    settings:
      row.enabled === null
        ? null
        : { enabled: !!row.enabled, membersCreate: !!row.membersCreate, cap: row.cap, ranking: row.ranking! },
  };
}
export type TeamGoal = NonNullable<Awaited<ReturnType<typeof loadTeamGoal>>>;

/** Who sees a goal's teams: its members, its organisation and admins, and anyone for a public goal. */
export const seesTeams = (goal: TeamGoal, viewer: Viewer) =>
  goal.member || canManageGoal(goal, viewer) || (goal.visibility === "public" && !goal.demo);

/** One team of a goal (with its sponsor nonce, for the team page's sponsor link). */
export async function loadTeam(context: AppLoadContext, goalId: string, teamId: string) {
  const rows = await context.db
    .select({ id: teams.id, name: teams.name, captainId: teams.captainId, sponsorNonce: teams.sponsorNonce })
    .from(teams)
    .where(and(eq(teams.id, teamId), eq(teams.goalId, goalId)))
    .limit(1);
  return rows[0] ?? null;
}

/** A team's members with their totals, highest first (the team page). */
export function teamMembersQuery(context: AppLoadContext, goalId: string, teamId: string) {
  return context.db
    .select({
      userId: teamMembers.userId,
      first: users.first,
      last: users.last,
      color: users.color,
      total: sql<number>`coalesce(${progressTotals.total}, 0)`,
    })
    .from(teamMembers)
    .leftJoin(users, eq(users.id, teamMembers.userId))
    .leftJoin(
      progressTotals,
      and(eq(progressTotals.goalId, teamMembers.goalId), eq(progressTotals.userId, teamMembers.userId)),
    )
    .where(and(eq(teamMembers.goalId, goalId), eq(teamMembers.teamId, teamId)))
    .orderBy(desc(sql`coalesce(${progressTotals.total}, 0)`), users.first)
    .limit(1000);
}

/**
 * The team page: the team, its members and figures, and what the viewer may do there (`page`), and the
 * team's row (`team`, its sponsor nonce included) for its sponsor link, which the browser never gets.
 */
export async function teamPage(context: AppLoadContext, goal: TeamGoal, teamId: string, viewer: Viewer) {
  const [team, members, board] = await Promise.all([
    loadTeam(context, goal.id, teamId),
    teamMembersQuery(context, goal.id, teamId),
    teamBoardQuery(context, goal.id),
  ]);
  if (!team) return null;
  const manager = canManageGoal(goal, viewer);
  const ranked = rankTeams(
    board.map((r) => ({ id: r.id, name: r.name, members: Number(r.members), total: Number(r.total) })),
    goal.settings?.ranking ?? "total",
  );
  const mine = ranked.find((t) => t.id === team.id)!;
  const quantity = (n: number) => (goal.unit ? formatQuantity(n, goal.unit) : String(n));
  const page = {
    goal: { id: goal.id, cause: goal.cause, ranking: goal.settings?.ranking ?? "total" },
    team: {
      id: team.id,
      name: team.name,
      rank: mine.rank,
      of: ranked.length,
      totalText: quantity(mine.total),
      averageText: quantity(mine.average),
    },
    canRun: canRunTeam(team, viewer, manager),
    manager,
    measured: !!goal.unit,
    members: members.map((m) => ({
      id: m.userId,
      name: m.first === null ? "Deleted member" : `${m.first} ${m.last}`,
      color: m.color,
      totalText: quantity(Number(m.total)),
      captain: m.userId === team.captainId,
      me: m.userId === viewer.id,
    })),
  };
  return { page, team };
}

/** Each member's team in a goal, for the participants CSV. */
export function memberTeamsQuery(context: AppLoadContext, goalId: string) {
  return context.db
    .select({ userId: teamMembers.userId, name: teams.name })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(eq(teamMembers.goalId, goalId));
}

/** The CSV's team column by member; null when the goal has no teams. */
export function toMemberTeams(
  settings: Awaited<ReturnType<typeof teamSettingsQuery>>,
  rows: Awaited<ReturnType<typeof memberTeamsQuery>>,
) {
  if (!settings[0]?.enabled) return null;
  return new Map(rows.map((r) => [r.userId, r.name]));
}
