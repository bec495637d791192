/**
 * Sponsor links (ADR 240): `/sponsor/{goalId}.{memberId|group}.{HMAC}`, signed over the goal's sponsor
 * nonce and, for a member's link, the member's own, so the organiser revokes every link of a goal or only
 * one member's by replacing a nonce. A link is the permission to see a challenge's fundraising face and to
 * pledge, whatever the goal's visibility; it opens nothing else of the goal. The organiser can also switch
 * sponsoring off, which closes every link (and the public pledge page to anyone outside the goal).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import { goals, pledges, progressTotals, userGoals, users } from "#drizzle/schema";
import { newId } from "#app/lib/ids";
import { publish } from "#app/features/live/live.server";
import { goalColumns } from "#app/features/goals/goal-columns.server";
import { parseInviteToken, signedLinkToken, signsMessage } from "#app/features/goals/invites.server";
import { pledgeColumns, pledgeTotalsQuery, type SupportGoal } from "#app/features/fundraising/fundraising.server";

const GROUP = "group";
const INITIAL = "initial";

const signedMessage = (goalId: string, memberId: string | null, goalNonce: string | null, memberNonce: string | null) =>
  `${goalId}:${memberId ?? GROUP}:${goalNonce ?? INITIAL}:${memberId ? (memberNonce ?? INITIAL) : GROUP}`;

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
  /** The progress the link's pledges follow (hundredths of the unit): the member's, or the group's. */
  progress: number;
}

/** Pledges a sponsor page lists: those backing its member, or the whole group's; never other members' names. */
function sponsorPledgesQuery(context: AppLoadContext, goalId: string, memberId: string | null) {
  return context.db
    .select({ id: pledges.id, ...pledgeColumns })
    .from(pledges)
    .where(and(eq(pledges.goalId, goalId), memberId ? eq(pledges.memberId, memberId) : isNull(pledges.memberId)))
    .orderBy(desc(pledges.createdAt), desc(pledges.id))
    .limit(20);
}

/**
 * What a sponsor link opens, in one round trip, or null for a forged, revoked or unknown link (or a member
 * who left the goal). The pledges' member names are dropped: a sponsor page names only its own member.
 */
export async function openSponsorLink(context: AppLoadContext, token: string) {
  const parsed = parseInviteToken(token);
  if (!parsed) return null;
  const [goalId, memberPart, extra] = parsed.goalId.split(".");
  if (!goalId || !memberPart || extra !== undefined || goalId.length > 64 || memberPart.length > 64) return null;
  const memberId = memberPart === GROUP ? null : memberPart;
  const [goalRows, memberRows, groupRows, totalRows, pledgeRows] = await context.db.batch([
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
    sponsorPledgesQuery(context, goalId, memberId),
  ]);
  const row = goalRows[0];
  const memberRow = memberRows[0];
  if (!row || (memberId && !memberRow)) return null;
  const valid = await signsMessage(
    context.cloudflare.env,
    "sponsor",
    parsed.signature,
    signedMessage(goalId, memberId, row.sponsorNonce, memberRow?.nonce ?? null),
  );
  if (!valid) return null;
  const { sponsorNonce: _nonce, ...goal } = row;
  const target: SponsorTarget = {
    goal: { ...goal, isMember: false },
    member: memberId && memberRow ? { id: memberId, name: `${memberRow.first} ${memberRow.last}` } : null,
    progress: Number(memberId ? memberRow!.total : (groupRows[0]?.total ?? 0)),
  };
  return { ...target, totals: totalRows[0], pledges: pledgeRows.map((p) => ({ ...p, memberName: null })) };
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
