/**
 * Fundraising reads and writes: a goal's charity, target and pledges, milestone notices, mark-paid.
 * A screen reads in one db.batch; the statements are exported so the goal screen can fold them into
 * its own batch (ADR 062). The rules live in app/features/fundraising/fundraising.ts.
 */
import { tellSupportersOfMilestone } from "#app/features/supporters/supporter-updates.server";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import {
  canManageGoal,
  formatAmount,
  MAX_PLEDGE_MINOR,
  milestoneCrossed,
  milestoneMessage,
  percentOf,
  type Currency,
} from "#app/features/fundraising/fundraising";
import { isExpired, type IsoDate } from "#app/lib/dates";
import { newId } from "#app/lib/ids";
import { unitOf } from "#app/features/progress/progress";
import { goals, mailOutbox, pledges, userGoals, users } from "#drizzle/schema";
import { goalVisit, recordGoalVisit } from "#app/features/home/visits.server";
import { publish } from "#app/features/live/live.server";
import { pledgeNotifications, ringBells } from "#app/features/notifications/notifications.server";
import { deliverLater, sendMail, type OutboxRow } from "#app/features/mail/mail.server";
import { rowValues } from "#app/platform/db/insert-select.server";
import { goalColumns } from "#app/features/goals/goal-columns.server";
import { teamTotalSql } from "#app/features/teams/teams.server";
import { perUnitRate } from "#app/lib/unit-text";

export interface SupportGoal {
  id: string;
  cause: string;
  start: string | null;
  end: string | null;
  demo: boolean;
  visibility: "public" | "private" | "friends";
  orgId: string | null;
  charityName: string | null;
  charityUrl: string | null;
  targetAmount: number | null;
  currency: string | null;
  milestoneNotified: number;
  inviteNonce: string | null;
  unit: string | null;
  orgEmail: string | null;
  isMember: boolean;
  /** Off: sponsor links and the public pledge page are closed to anyone outside the goal (ADR 240). */
  sponsoring: boolean;
}

/**
 * The goal with its fundraising settings, the owner's address and whether the viewer is a member; with
 * `withTotals`, the pledge totals too (pledgeTotalsQuery's row as JSON, one statement fewer: ADR 301).
 */
export function supportGoalQuery(
  context: AppLoadContext,
  goalId: string | SQL,
  viewerId: string | SQL | null,
  withTotals = false,
  /** The goal screen's lists as JSON arrays on the same row (ADR 307): recentPledgesJson, messagesJson. */
  lists: { pledges?: SQL; messages?: SQL; members?: SQL } = {},
) {
  return context.db
    .select({
      ...goalColumns,
      charityName: goals.charityName,
      charityUrl: goals.charityUrl,
      targetAmount: goals.targetAmount,
      currency: goals.currency,
      milestoneNotified: goals.milestoneNotified,
      inviteNonce: goals.inviteNonce,
      unit: goals.unit,
      sponsoring: goals.sponsoring,
      orgEmail: users.email,
      member: viewerId
        ? sql<number>`exists(select 1 from ${userGoals} where ${userGoals.goalId} = ${goals.id} and ${userGoals.userId} = ${viewerId})`.as(
            "is_member",
          )
        : sql<number>`0`.as("is_member"),
      pledgeTotals: withTotals
        ? sql<
            string | null
          >`(select json_object('pledged', ${totalsColumns.pledged}, 'paid', ${totalsColumns.paid}, 'saidPaid', ${totalsColumns.saidPaid}, 'supporters', ${totalsColumns.supporters}) from ${pledges} where ${pledges.goalId} = ${goals.id})`.as(
            "pledge_totals",
          )
        : sql<string | null>`null`.as("pledge_totals"),
      recentPledges: sql<string | null>`${lists.pledges ?? sql`null`}`.as("recent_pledges"),
      recentMessages: sql<string | null>`${lists.messages ?? sql`null`}`.as("recent_messages"),
      cheerMembers: sql<string | null>`${lists.members ?? sql`null`}`.as("cheer_members"),
    })
    .from(goals)
    .leftJoin(users, eq(users.id, goals.orgId))
    .where(eq(goals.id, goalId))
    .limit(1);
}

export function toSupportGoal(
  row: Awaited<ReturnType<typeof supportGoalQuery>>[number] | undefined,
): SupportGoal | null {
  if (!row) return null;
  const {
    member,
    pledgeTotals: _totals,
    recentPledges: _pledges,
    recentMessages: _messages,
    cheerMembers: _members,
    ...goal
  } = row;
  return { ...goal, isMember: !!Number(member) };
}

/**
 * The progress a per-unit pledge follows (hundredths of the unit): its member's total, its team's (the
 * totals of whoever is in the team now, ADR 246, 270), or the whole group's. A team deleted since
 * leaves its pledges following the group (still capped at their maximum). Names the outer row
 * explicitly: drizzle leaves columns unqualified in a one-table select.
 */
export const pledgeProgress = `(case
    when "pledges"."member_id" is not null
      then coalesce((select pt.total from "progress_totals" as pt where pt.goal_id = "pledges"."goal_id" and pt.user_id = "pledges"."member_id"), 0)
    when "pledges"."team_id" is not null and exists(select 1 from "teams" as t where t.id = "pledges"."team_id" and t.goal_id = "pledges"."goal_id")
      then ${teamTotalSql('"pledges"."goal_id"', '"pledges"."team_id"')}
    else (select coalesce(sum(pt.total), 0) from "progress_totals" as pt where pt.goal_id = "pledges"."goal_id")
    end)`;

/**
 * What a pledge row is worth now (minor units): a fixed pledge its amount; a per-unit pledge its rate
 * times the progress it follows (pledgeProgress), rounded down, capped at its maximum and never above
 * the fixed-pledge cap, whatever an older row holds (ADR 142, 215; the rule is perUnitPledgeAmount in
 * app/features/progress/progress.ts).
 */
export const pledgeValue = sql.raw(`(case when "pledges"."per_unit" is null then "pledges"."amount" else min(
  coalesce(nullif("pledges"."max_amount", 0), ${MAX_PLEDGE_MINOR}), ${MAX_PLEDGE_MINOR},
  "pledges"."per_unit" * ${pledgeProgress} / 100) end)`);

/**
 * Whom a pledge backs, as its words say it ("£1 per mile Priya Patel logs", "… Team Hill Harriers logs"):
 * the member's name, "Team " and the team's name (not twice when the name starts with it), or null for
 * the whole group (and for a team deleted since, which the pledge no longer follows).
 */
export const pledgeBacks = sql.raw(`coalesce(
  (select m.first || ' ' || m.last from "users" as m where m.id = "pledges"."member_id"),
  (select case when lower(t.name) like 'team %' then t.name else 'Team ' || t.name end from "teams" as t
    where t.id = "pledges"."team_id" and t.goal_id = "pledges"."goal_id"))`);

const totalsColumns = {
  pledged: sql<number>`coalesce(sum(${pledgeValue}), 0)`,
  paid: sql<number>`coalesce(sum(case when ${pledges.paid} then ${pledgeValue} else 0 end), 0)`,
  // The supporters' word, not yet confirmed: shown beside "raised", never in it (ADR 243).
  saidPaid: sql<number>`coalesce(sum(case when not ${pledges.paid} and ${pledges.saidPaidAt} is not null then ${pledgeValue} else 0 end), 0)`,
  supporters: sql<number>`count(*)`,
};

export function pledgeTotalsQuery(context: AppLoadContext, goalId: string | SQL) {
  return context.db.select(totalsColumns).from(pledges).where(eq(pledges.goalId, goalId));
}

/** A pledge as the screens and the pledges CSV show it: its value now and the member it backs (ADR 143). */
export const pledgeColumns = {
  name: pledges.name,
  message: pledges.message,
  amount: pledges.amount,
  anonymous: pledges.anonymous,
  paid: pledges.paid,
  createdAt: pledges.createdAt,
  perUnit: pledges.perUnit,
  maxAmount: pledges.maxAmount,
  value: sql<number>`${pledgeValue}`.as("pledge_value"),
  memberName: sql<string | null>`${pledgeBacks}`.as("member_name"),
};

export function recentPledgesQuery(context: AppLoadContext, goalId: string | SQL, limit: number) {
  return context.db
    .select({ id: pledges.id, ...pledgeColumns })
    .from(pledges)
    .where(eq(pledges.goalId, goalId))
    .orderBy(desc(pledges.createdAt), desc(pledges.id))
    .limit(limit);
}

type PledgeRow = Awaited<ReturnType<typeof recentPledgesQuery>>[number];

/**
 * recentPledgesQuery's rows as one JSON array on the support goal's row (ADR 307): the same columns and
 * order, newest first, for the goal of the outer `goals` row. toRecentPledges reads it back.
 */
export function recentPledgesJson(limit: number) {
  return sql`(select json_group_array(json_array(p.id, p.name, p.message, p.amount, p.anonymous, p.paid, p.created_at, p.per_unit, p.max_amount, p.pledge_value, p.member_name)) from (select "pledges"."id", "pledges"."name", "pledges"."message", "pledges"."amount", "pledges"."anonymous", "pledges"."paid", "pledges"."created_at", "pledges"."per_unit", "pledges"."max_amount", ${pledgeValue} as pledge_value, ${pledgeBacks} as member_name from ${pledges} where "pledges"."goal_id" = ${goals.id} order by "pledges"."created_at" desc, "pledges"."id" desc limit ${sql.raw(String(limit))}) as p)`;
}

type PledgeJson = [
  string,
  string,
  string | null,
  number,
  number,
  number,
  number,
  number | null,
  number | null,
  number,
  string | null,
];

/** recentPledgesJson's array as recentPledgesQuery's rows (booleans and dates as drizzle reads them). */
export function toRecentPledges(json: string | null | undefined): PledgeRow[] {
  const rows = JSON.parse(json ?? "[]") as PledgeJson[];
  return rows
    .map(([id, name, message, amount, anonymous, paid, createdAt, perUnit, maxAmount, value, memberName]) => ({
      id,
      name,
      message,
      amount,
      anonymous: !!anonymous,
      paid: !!paid,
      createdAt: new Date(createdAt),
      perUnit,
      maxAmount,
      value,
      memberName,
    }))
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
}
export type TotalsRow = Awaited<ReturnType<typeof pledgeTotalsQuery>>[number];

export interface Fundraiser {
  charityName: string;
  charityUrl: string;
  currency: Currency | string;
  target: number;
  /** Every pledge's current value. */
  pledged: number;
  /** Pledges the org marked paid to the charity: what "raised" means (ADR 166). */
  paid: number;
  /** Pledges the supporter says they paid that the org has not confirmed yet (ADR 243). */
  saidPaid: number;
  saidPaidText: string;
  supporters: number;
  /** Whole percent of the target pledged, uncapped. */
  percent: number;
  milestone: number;
  pledgedText: string;
  paidText: string;
  targetText: string;
  pledges: {
    id: string;
    name: string;
    message: string | null;
    amountText: string;
    paid: boolean;
    anonymous: boolean;
    createdAt: string;
  }[];
}

/**
 * What the totaliser shows, or null when the goal has no fundraising set up. Anonymous supporters'
 * names never leave the server unless the viewer manages the goal (to mark their pledge paid).
 */
export function toFundraiser(
  goal: SupportGoal,
  totals: TotalsRow | undefined,
  rows: PledgeRow[],
  manager: boolean,
  today: IsoDate,
): Fundraiser | null {
  if (!goal.charityName || !goal.charityUrl || !goal.targetAmount || !goal.currency) return null;
  const pledged = Number(totals?.pledged ?? 0);
  const paid = Number(totals?.paid ?? 0);
  const saidPaid = Number(totals?.saidPaid ?? 0);
  const currency = goal.currency;
  return {
    charityName: goal.charityName,
    charityUrl: goal.charityUrl,
    currency,
    target: goal.targetAmount,
    pledged,
    paid,
    saidPaid,
    saidPaidText: formatAmount(saidPaid, currency),
    supporters: Number(totals?.supporters ?? 0),
    percent: percentOf(pledged, goal.targetAmount) ?? 0,
    milestone: goal.milestoneNotified,
    pledgedText: formatAmount(pledged, currency),
    paidText: formatAmount(paid, currency),
    targetText: formatAmount(goal.targetAmount, currency),
    pledges: rows.map((p) => ({
      id: p.id,
      name: p.anonymous && !manager ? "Anonymous" : p.name,
      message: p.message,
      amountText: p.perUnit ? perUnitText(p, goal, currency, today) : formatAmount(p.amount, currency),
      paid: p.paid,
      anonymous: p.anonymous,
      createdAt: new Date(p.createdAt).toISOString(),
    })),
  };
}

/** '£0.50 per km for Alex Tester (up to £50): £2.62 so far' (or 'final' once the goal has ended). */
function perUnitText(p: PledgeRow, goal: SupportGoal, currency: string, today: IsoDate) {
  const unit = goal.unit ? unitOf(goal.unit).label : "unit";
  // The goal clock, not the wall clock: /dev/date (and tests) move it.
  const ended = isExpired(goal.end, today);
  return `${perUnitRate(formatAmount(p.perUnit!, currency), unit.replace(/s$/, ""))}${p.memberName ? ` for ${p.memberName}` : ""}${
    p.maxAmount ? ` (up to ${formatAmount(p.maxAmount, currency)})` : ""
  }: ${formatAmount(Number(p.value), currency)} ${ended ? "final" : "so far"}`;
}

/** The pledge page and the settings page: goal, totals and pledges in one round trip. */
export async function loadFundraising(
  context: AppLoadContext,
  goalId: string,
  viewer: { id: string; type: "admin" | "org" | "user" } | null,
  limit = 50,
  /** The goal clock's today (/dev/date included): per-unit amounts are "final" once the goal ended. */
  today: IsoDate,
  /** A member a supporter sponsors per unit (/give/{id}?member=...), checked to be in the goal. */
  memberId?: string | null,
) {
  const [goalRows, totalRows, pledgeRows, memberRows, visit] = await context.db.batch([
    supportGoalQuery(context, goalId, viewer?.id ?? null),
    pledgeTotalsQuery(context, goalId),
    recentPledgesQuery(context, goalId, limit),
    context.db
      .select({ id: users.id, first: users.first, last: users.last })
      .from(userGoals)
      .innerJoin(users, eq(users.id, userGoals.userId))
      .where(and(eq(userGoals.goalId, goalId), eq(userGoals.userId, memberId ?? "")))
      .limit(1),
    // A member on the give or fundraising page visits the goal (ADR 190); a signed-out read stays read-only.
    ...((viewer && goalVisit(context, viewer.id, goalId, today)) || []),
  ]);
  const goal = toSupportGoal(goalRows[0]);
  if (!goal) return null;
  if (viewer) recordGoalVisit(context, visit, viewer.id, goalId, today);
  const manager = canManageGoal(goal, viewer);
  const member = memberRows[0] ? { id: memberRows[0].id, name: `${memberRows[0].first} ${memberRows[0].last}` } : null;
  return { goal, manager, member, fundraiser: toFundraiser(goal, totalRows[0], pledgeRows, manager, today) };
}

export interface FundraisingSettings {
  charityName: string;
  charityUrl: string;
  target: number;
  currency: Currency;
}

export async function saveFundraising(context: AppLoadContext, goalId: string, input: FundraisingSettings) {
  await context.db
    .update(goals)
    .set({
      charityName: input.charityName,
      charityUrl: input.charityUrl,
      targetAmount: input.target,
      currency: input.currency,
    })
    .where(eq(goals.id, goalId));
  publish(context, [`goal:${goalId}`]);
}

export interface NewPledge {
  name: string;
  /** Minor units; 0 for a per-unit pledge. */
  amount: number;
  message?: string;
  anonymous: boolean;
  perUnit?: number | null;
  memberId?: string | null;
  /** The team it backs (ADR 246), checked to be one of the goal's by the caller. */
  teamId?: string | null;
  maxAmount?: number | null;
  /** The form's idempotency key: the same key twice is one pledge. */
  key?: string | null;
  /** The supporter's address, for this pledge only (ADR 241). */
  email?: string | null;
  /** Milestone updates asked for (ADR 244). */
  updates?: boolean;
}

/**
 * Records a pledge, then announces a milestone it crossed exactly once: the conditional update on
 * milestone_notified lets only one of two racing pledges win, and only the winner mails the org.
 */
export async function recordPledge(
  context: AppLoadContext,
  goal: SupportGoal,
  userId: string | null,
  input: NewPledge,
  appUrl: string,
  /** The pledge's id and its receipt (ADR 241), written in the same batch as the pledge. */
  receipt?: { id: string; mail: OutboxRow | null },
) {
  const id = receipt?.id ?? newId();
  const [inserted, totalRows] = await context.db.batch([
    context.db
      .insert(pledges)
      .values({
        id,
        goalId: goal.id,
        userId,
        name: input.name,
        message: input.message ?? null,
        amount: input.amount,
        anonymous: input.anonymous,
        perUnit: input.perUnit ?? null,
        memberId: input.memberId ?? null,
        teamId: input.memberId ? null : (input.teamId ?? null),
        maxAmount: input.maxAmount ?? null,
        idempotencyKey: input.key ?? null,
        email: input.email ?? null,
        updates: input.updates ?? false,
      })
      // The same form sent twice (its key) records one pledge and tells nobody again (ADR 218).
      .onConflictDoNothing()
      .returning({ id: pledges.id }),
    pledgeTotalsQuery(context, goal.id),
    // The member it backs and the goal's owner hear of it (ADR 186), in the same batch.
    ...pledgeNotifications(context.db, {
      id,
      goalId: goal.id,
      memberId: input.memberId ?? null,
      pledgerId: userId,
      actorId: input.anonymous ? null : userId,
    }),
    // The receipt only with the pledge it describes: a repeated form (its key) inserts neither.
    ...(receipt?.mail
      ? [
          context.db
            .insert(mailOutbox)
            .select(
              sql`SELECT ${rowValues(mailOutbox, receipt.mail)} WHERE EXISTS (SELECT 1 FROM ${pledges} WHERE ${pledges.id} = ${id})`,
            ),
        ]
      : []),
  ]);
  if (inserted.length === 0) return { id: null, milestone: null };
  if (receipt?.mail) deliverLater(context, [{ id: receipt.mail.id! }]);
  const milestone = await announceMilestone(context, goal, Number(totalRows[0]?.pledged ?? 0), appUrl);
  publish(context, [`goal:${goal.id}`]);
  const told = [goal.orgId, input.memberId].filter((u): u is string => !!u && u !== userId);
  if (told.length) ringBells(context, told);
  return { id, milestone };
}

/**
 * Announces a milestone the pledged total crossed exactly once: the conditional update on
 * milestone_notified lets only one of two racing writers win, and only the winner mails the org.
 * Called after a pledge and after progress is logged (per-unit pledges grow with it, ADR 142).
 */
export async function announceMilestone(context: AppLoadContext, goal: SupportGoal, pledged: number, appUrl: string) {
  const milestone = milestoneCrossed(goal.milestoneNotified, pledged, goal.targetAmount);
  if (milestone) {
    const result = await context.db
      .update(goals)
      .set({ milestoneNotified: milestone })
      .where(and(eq(goals.id, goal.id), sql`${goals.milestoneNotified} < ${milestone}`));
    const { charityName, currency, targetAmount } = goal;
    // Supporters who asked for updates hear of it too (ADR 244), once: only the winner of the update mails.
    if (result.meta.changes > 0 && charityName && currency && targetAmount)
      await tellSupportersOfMilestone(
        context,
        { id: goal.id, cause: goal.cause, charityName, currency, targetAmount },
        milestone,
        pledged,
        appUrl,
      );
    if (result.meta.changes > 0 && goal.orgEmail && charityName && currency) {
      const line = milestoneMessage(milestone, charityName);
      const amounts = `${formatAmount(pledged, currency)} of ${formatAmount(goal.targetAmount!, currency)}`;
      await sendMail(context, {
        to: goal.orgEmail,
        subject: `${goal.cause}: ${milestone}% of the target pledged`,
        text: `${line}\n\n${amounts} pledged so far for "${goal.cause}".\n\nSee the supporters: ${appUrl}/goals/${goal.id}/fundraising\n`,
        kind: "milestone",
      });
    }
  }
  return milestone;
}

/** Every participant with their progress, for the org's CSV export. */
export function participantsProgressQuery(context: AppLoadContext, goalId: string) {
  return context.db
    .select({
      userId: users.id,
      first: users.first,
      last: users.last,
      joinedAt: userGoals.joinedAt,
      completed: userGoals.completed,
      completedAt: userGoals.completedAt,
      // What the member pledged, per-unit pledges at their current (or final) value, not only fixed ones.
      pledged: sql<number>`(select coalesce(sum(${pledgeValue}), 0) from "pledges" where "pledges"."goal_id" = ${goalId} and "pledges"."user_id" = ${users.id})`,
    })
    .from(userGoals)
    .innerJoin(users, eq(users.id, userGoals.userId))
    .where(eq(userGoals.goalId, goalId))
    .orderBy(users.last, users.first)
    .limit(PARTICIPANTS_CSV_LIMIT);
}

/** More members than any real goal has; the participants CSV stays a bounded read (ADR 215). */
export const PARTICIPANTS_CSV_LIMIT = 10_000;
