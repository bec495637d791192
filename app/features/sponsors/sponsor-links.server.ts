/**
 * Sponsor links (ADR 240): `/sponsor/{goalId}.{memberId|group}.{HMAC}`, signed over the goal's sponsor
 * nonce and, for a member's link, the member's own, so the organiser revokes every link of a goal or only
 * one member's by replacing a nonce. A link is the permission to see a challenge's fundraising face and to
 * pledge, whatever the goal's visibility; it opens nothing else of the goal. The organiser can also switch
 * sponsoring off, which closes every link (and the public pledge page to anyone outside the goal).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import {
  goals,
  goalTeamSettings,
  pledges,
  progressTotals,
  teamMembers,
  teams,
  userGoals,
  users,
} from "#drizzle/schema";
import { newId } from "#app/lib/ids";
import { publish } from "#app/features/live/live.server";
import { goalColumns } from "#app/features/goals/goal-columns.server";
import { parseInviteToken, signedLinkToken, signsMessage } from "#app/features/goals/invites.server";
import { pledgeColumns, pledgeTotalsQuery, type SupportGoal } from "#app/features/fundraising/fundraising.server";
import { teamLabel } from "#app/features/teams/teams";
import { teamTotalSql } from "#app/features/teams/teams.server";

const GROUP = "group";
const TEAM = "team";
const INITIAL = "initial";

const signedMessage = (goalId: string, memberId: string | null, goalNonce: string | null, memberNonce: string | null) =>
  `${goalId}:${memberId ?? GROUP}:${goalNonce ?? INITIAL}:${memberId ? (memberNonce ?? INITIAL) : GROUP}`;
/** A team's link signs one more part than a member's, so neither kind can pass for the other (ADR 275). */
const teamMessage = (goalId: string, teamId: string, goalNonce: string | null, teamNonce: string | null) =>
  `${goalId}:${TEAM}:${teamId}:${goalNonce ?? INITIAL}:${teamNonce ?? INITIAL}`;

/** The path of a sponsor link: a member's (memberId) or the whole challenge's (null). */
export async function sponsorPath(
  env: Env,
  goal: { id: string; sponsorNonce: string | null },
  member: { id: string; sponsorNonce: string | null } | null,
) {
  const payload = `${goal.id}.${member?.id ?? GROUP}`;
  const token = await signedLinkToken(
    env,
    "sponsor",
    payload,
    signedMessage(goal.id, member?.id ?? null, goal.sponsorNonce, member?.sponsorNonce ?? null),
  );
  return `/sponsor/${token}`;
}

/**
 * The path of a team's sponsor link (ADR 275): `/sponsor/{goalId}.team.{teamId}.{HMAC}`, signed over the
 * goal's sponsor nonce and the team's, so revoking every link of the goal or only the team's closes it.
 */
export async function teamSponsorPath(
  env: Env,
  goal: { id: string; sponsorNonce: string | null },
  team: { id: string; sponsorNonce: string | null },
) {
  const token = await signedLinkToken(
    env,
    "sponsor",
    `${goal.id}.${TEAM}.${team.id}`,
    teamMessage(goal.id, team.id, goal.sponsorNonce, team.sponsorNonce),
  );
  return `/sponsor/${token}`;
}

/** The sponsor columns of a goal, beside what the pledge screens read (SupportGoal). */
export const sponsorGoalColumns = {
  ...goalColumns,
  charityName: goals.charityName,
  charityUrl: goals.charityUrl,
  targetAmount: goals.targetAmount,
  currency: goals.currency,
  milestoneNotified: goals.milestoneNotified,
  inviteNonce: goals.inviteNonce,
  unit: goals.unit,
  unitTarget: goals.unitTarget,
  groupTarget: goals.groupTarget,
  sponsorNonce: goals.sponsorNonce,
  sponsoring: goals.sponsoring,
  orgEmail: sql<string | null>`(select u.email from "users" as u where u.id = ${goals.orgId})`,
};

export interface SponsorTarget {
  goal: SupportGoal & { unitTarget: number | null; groupTarget: number | null; sponsoring: boolean };
  /** The member a link names, or null for the whole challenge's link. */
  member: { id: string; name: string } | null;
  /** The team a team's link names ("Team Hill Harriers"), with its member count; null otherwise. */
  team: { id: string; name: string; members: number } | null;
  /** The progress the link's pledges follow (hundredths of the unit): the member's, the team's or the group's. */
  progress: number;
}

type LinkTarget = { kind: "group" } | { kind: "member"; id: string } | { kind: "team"; id: string };

/** What a token's payload names: `{goal}.group`, `{goal}.{member}` or `{goal}.team.{team}`; null if malformed. */
function linkTarget(payload: string) {
  const [goalId, second, third, extra] = payload.split(".");
  if (!goalId || !second || extra !== undefined || goalId.length > 64 || second.length > 64) return null;
  if (third !== undefined) {
    if (second !== TEAM || !third || third.length > 64) return null;
    return { goalId, target: { kind: "team", id: third } as LinkTarget };
  }
  return { goalId, target: (second === GROUP ? { kind: "group" } : { kind: "member", id: second }) as LinkTarget };
}

/** Pledges a sponsor page lists: its member's, its team's, or the whole group's; never other members' names. */
function sponsorPledgesQuery(context: AppLoadContext, goalId: string, target: LinkTarget) {
  const whose =
    target.kind === "member"
      ? eq(pledges.memberId, target.id)
      : target.kind === "team"
        ? eq(pledges.teamId, target.id)
        : isNull(pledges.memberId);
  return context.db
    .select({ id: pledges.id, ...pledgeColumns })
    .from(pledges)
    .where(and(eq(pledges.goalId, goalId), whose))
    .orderBy(desc(pledges.createdAt), desc(pledges.id))
    .limit(20);
}

/**
 * What a sponsor link opens, in one round trip, or null for a forged, revoked or unknown link (or a member
 * who left the goal). The pledges' member names are dropped: a sponsor page names only its own member.
 */
export async function openSponsorLink(context: AppLoadContext, token: string) {
  const parsed = parseInviteToken(token);
  const named = parsed && linkTarget(parsed.goalId);
  if (!parsed || !named) return null;
  const { goalId, target: link } = named;
  const memberId = link.kind === "member" ? link.id : null;
  const [goalRows, memberRows, groupRows, totalRows, pledgeRows, teamRows] = await context.db.batch([
    context.db.select(sponsorGoalColumns).from(goals).where(eq(goals.id, goalId)).limit(1),
    context.db
      .select({
        first: users.first,
        last: users.last,
        nonce: userGoals.sponsorNonce,
        total: sql<number>`coalesce((select ${progressTotals.total} from ${progressTotals} where ${progressTotals.goalId} = ${userGoals.goalId} and ${progressTotals.userId} = ${userGoals.userId}), 0)`,
      })
      .from(userGoals)
      .innerJoin(users, eq(users.id, userGoals.userId))
      .where(and(eq(userGoals.goalId, goalId), eq(userGoals.userId, memberId ?? "")))
      .limit(1),
    context.db
      .select({ total: sql<number>`coalesce(sum(${progressTotals.total}), 0)` })
      .from(progressTotals)
      .where(eq(progressTotals.goalId, goalId)),
    pledgeTotalsQuery(context, goalId),
    sponsorPledgesQuery(context, goalId, link),
    teamSponsorQuery(context, goalId, link.kind === "team" ? link.id : ""),
  ]);
  const row = goalRows[0];
  const memberRow = memberRows[0];
  const teamRow = teamRows[0];
  if (!row || (memberId && !memberRow) || (link.kind === "team" && !teamRow)) return null;
  const message =
    link.kind === "team"
      ? teamMessage(goalId, link.id, row.sponsorNonce, teamRow!.nonce)
      : signedMessage(goalId, memberId, row.sponsorNonce, memberRow?.nonce ?? null);
  if (!(await signsMessage(context.cloudflare.env, "sponsor", parsed.signature, message))) return null;
  const { sponsorNonce: _nonce, ...goal } = row;
  const team = link.kind === "team" && teamRow ? teamRow : null;
  const target: SponsorTarget = {
    goal: { ...goal, isMember: false },
    member: memberId && memberRow ? { id: memberId, name: `${memberRow.first} ${memberRow.last}` } : null,
    team: team ? { id: team.id, name: teamLabel(team.name), members: Number(team.members) } : null,
    progress: Number(memberId ? memberRow!.total : team ? team.total : (groupRows[0]?.total ?? 0)),
  };
  return { ...target, totals: totalRows[0], pledges: pledgeRows.map((p) => ({ ...p, memberName: null })) };
}

/**
 * A team of the goal as its sponsor link needs it (teams switched on): its name, nonce, member count and
 * total (ADR 270's credit: the summed totals of whoever is in it now). No row for "" or a team elsewhere.
 */
function teamSponsorQuery(context: AppLoadContext, goalId: string, teamId: string) {
  return context.db
    .select({
      id: teams.id,
      name: teams.name,
      nonce: teams.sponsorNonce,
      members: sql<number>`(select count(*) from ${teamMembers} as tm where tm.team_id = ${teams.id})`,
      total: sql<number>`${sql.raw(teamTotalSql('"teams"."goal_id"', '"teams"."id"'))}`,
    })
    .from(teams)
    .innerJoin(goalTeamSettings, and(eq(goalTeamSettings.goalId, teams.goalId), eq(goalTeamSettings.enabled, true)))
    .where(and(eq(teams.id, teamId), eq(teams.goalId, goalId)))
    .limit(1);
}

/** Only this team's sponsor link stops working: its name ("Team Hill Harriers"), or null when it is not the goal's. */
export async function revokeTeamSponsorLink(context: AppLoadContext, goalId: string, teamId: string) {
  // One statement: the team must be this goal's, and its name comes back for the flash message.
  const [row] = await context.db
    .update(teams)
    .set({ sponsorNonce: newId() })
    .where(and(eq(teams.goalId, goalId), eq(teams.id, teamId)))
    .returning({ name: teams.name });
  return row ? teamLabel(row.name) : null;
}

/** A member's own sponsor link facts (their nonce), or null when they are not in the goal. */
export async function memberSponsorFacts(context: AppLoadContext, goalId: string, memberId: string) {
  const [goalRows, memberRows] = await context.db.batch([
    context.db.select(sponsorGoalColumns).from(goals).where(eq(goals.id, goalId)).limit(1),
    context.db
      .select({ nonce: userGoals.sponsorNonce })
      .from(userGoals)
      .where(and(eq(userGoals.goalId, goalId), eq(userGoals.userId, memberId)))
      .limit(1),
  ]);
  return {
    goal: goalRows[0] ?? null,
    member: memberRows[0] ? { id: memberId, sponsorNonce: memberRows[0].nonce } : null,
  };
}

/** The goal's members for the organiser's per-member revoke (names only; the organiser's own screen). */
export function goalMembersQuery(context: AppLoadContext, goalId: string) {
  return context.db
    .select({ id: users.id, first: users.first, last: users.last })
    .from(userGoals)
    .innerJoin(users, eq(users.id, userGoals.userId))
    .where(eq(userGoals.goalId, goalId))
    .orderBy(asc(users.first), asc(users.last))
    .limit(500);
}

/** Every sponsor link of the goal stops working (a new nonce). */
export async function revokeSponsorLinks(context: AppLoadContext, goalId: string) {
  await context.db.update(goals).set({ sponsorNonce: newId() }).where(eq(goals.id, goalId));
}

/** Only this member's sponsor link stops working; false when they are not in the goal. */
export async function revokeMemberSponsorLink(context: AppLoadContext, goalId: string, memberId: string) {
  const result = await context.db
    .update(userGoals)
    .set({ sponsorNonce: newId() })
    .where(and(eq(userGoals.goalId, goalId), eq(userGoals.userId, memberId)));
  return result.meta.changes > 0;
}

/** Sponsoring on or off for everyone outside the goal. */
export async function setSponsoring(context: AppLoadContext, goalId: string, on: boolean) {
  await context.db.update(goals).set({ sponsoring: on }).where(eq(goals.id, goalId));
  publish(context, [`goal:${goalId}`]);
}
