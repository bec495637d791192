/**
 * Teams inside a challenge, the pure rules (ADR 270). A team's figures are never stored: its total is
 * the sum of its current members' totals (themselves recounted from entries), its average that total
 * over its member count, so a small team can lead a big one.
 */
import type { Viewer } from "#app/features/goals/goals";

export const TEAM_NAME_MAX = 40;
/** Teams a goal may have: enough for any club, few enough to list on one screen. */
export const MAX_TEAMS = 50;
export const MAX_TEAM_CAP = 500;
export const TEAM_RANKINGS = ["total", "average"] as const;
export type TeamRanking = (typeof TEAM_RANKINGS)[number];

export interface TeamTotals {
  id: string;
  name: string;
  members: number;
  /** Hundredths of the goal's unit: the sum of the members' totals. */
  total: number;
}

export interface RankedTeam extends TeamTotals {
  rank: number;
  /** Hundredths per member, rounded down; 0 for a team without members. */
  average: number;
}

export const teamAverage = (total: number, members: number) => (members > 0 ? Math.floor(total / members) : 0);

/**
 * The team board: by total or by average per member (the organiser's choice), ties by name so the
 * order never flickers between two refreshes. Equal figures share a rank.
 */
export function rankTeams(teams: readonly TeamTotals[], ranking: TeamRanking): RankedTeam[] {
  const figure = (t: RankedTeam) => (ranking === "average" ? t.average : t.total);
  const withAverage = teams.map((t) => ({ ...t, rank: 0, average: teamAverage(t.total, t.members) }));
  withAverage.sort((a, b) => figure(b) - figure(a) || a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  let previous: RankedTeam | null = null;
  withAverage.forEach((t, i) => {
    t.rank = previous && figure(previous) === figure(t) ? previous.rank : i + 1;
    previous = t;
  });
  return withAverage;
}

/** The captain, the goal's organisation and admins run a team (rename, remove members). */
export const canRunTeam = (team: { captainId: string | null }, viewer: Viewer, manager: boolean) =>
  manager || (team.captainId !== null && team.captainId === viewer.id);

/** Why a member cannot join a team, in the words the screen shows. */
export const TEAM_REFUSALS = {
  full: "That team is full: pick another one or ask the organiser to raise the cap.",
  gone: "That team no longer exists.",
  "not-a-member": "Join the goal first, then pick a team.",
  "teams-off": "This goal has no teams.",
  "members-cannot-create": "Only the organiser creates teams in this goal: pick one of theirs.",
  "name-taken": "A team in this goal already has that name",
  "too-many": `A goal can have at most ${MAX_TEAMS} teams.`,
  forbidden: "Only the team's captain or the organiser can do that.",
  "not-in-team": "You are not in a team of this goal.",
} as const;
export type TeamRefusal = keyof typeof TEAM_REFUSALS;

/** What the member is told once, where they land, after each team action. */
export const TEAM_FLASH = {
  joined: (name: string) => `You are in ${name}: your progress counts for it.`,
  left: (name: string) => `You left ${name}.`,
  created: (name: string) => `Team ${name} is ready.`,
  renamed: (name: string) => `The team is now called ${name}.`,
  removed: (name: string) => `Removed from ${name}.`,
  captain: (name: string) => `${name} has a new captain.`,
  deleted: (name: string) => `Team ${name} is deleted; its members can pick another team.`,
  settings: "Team settings saved.",
} as const;

/** Where a team form may send the browser back to: only this goal's own screens. */
export function teamReturnTo(value: unknown, goalId: string): string {
  const screens = [`/active/${goalId}`, `/goals/${goalId}/teams`];
  if (typeof value !== "string" || value.length > 200) return screens[0]!;
  const team = `/goals/${goalId}/teams/`;
  if (screens.includes(value) || (value.startsWith(team) && /^[A-Za-z0-9_-]{1,64}$/.test(value.slice(team.length))))
    return value;
  return screens[0]!;
}

/** "Team Hill Harriers", or the name alone when it already starts with "Team " (ADR 246). */
export const teamLabel = (name: string) => (/^team /i.test(name) ? name : `Team ${name}`);
