/**
 * The support section of the goal screen (/active/{id}, /join/{id}): totaliser, members with cheers and
 * the discussion. Its statements ride in the goal screen's own batch (ADR 063), so the screen stays at
 * two D1 round trips; what the viewer may not see is dropped here and never reaches the browser.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { sql, type SQL } from "drizzle-orm";
import { goals } from "#drizzle/schema";
import { canDiscuss, canManageGoal, canSupport, MEMBERS_SHOWN } from "#app/features/fundraising/fundraising";
import type { Viewer } from "#app/features/goals/goals";
import type { IsoDate } from "#app/lib/dates";
import {
  MEMBER_LIMIT,
  membersWithCheersJson,
  messagesJson,
  toCheerMembers,
  toMemberRows,
  toMessageRows,
  toMessages,
  type CheerMember,
  type DiscussionMessage,
} from "#app/features/social/discussion.server";
import {
  recentPledgesJson,
  supportGoalQuery,
  toFundraiser,
  toRecentPledges,
  toSupportGoal,
  type Fundraiser,
  type TotalsRow,
} from "./fundraising.server";
import type { GroupRows } from "#app/platform/db/batch.server";

/** Supporters the goal screen lists; the pledge page shows more. */
const SUPPORTERS_SHOWN = 5;

export function goalSupportQueries(
  context: AppLoadContext,
  goalId: string | SQL,
  viewerId: string | SQL,
  allMembers = false,
) {
  // The recent pledges, the discussion and the members with cheers ride on the goal's row as JSON arrays (ADR 307).
  const lists = {
    pledges: recentPledgesJson(SUPPORTERS_SHOWN),
    messages: messagesJson(),
    // The row's own goal (`goals.id`), not `goalId` again: on the home that is the current goal's
    // subquery, prepared and run once for each copy (ADR 314).
    members: membersWithCheersJson(context, sql`${goals.id}`, viewerId, allMembers ? MEMBER_LIMIT : MEMBERS_SHOWN),
  };
  return [supportGoalQuery(context, goalId, viewerId, true, lists)] as const;
}

export interface GoalSupport {
  goalId: string;
  manager: boolean;
  canPledge: boolean;
  /** A member of a goal without a measure gets sponsored from here (a measured goal says it by the figures). */
  getSponsored: boolean;
  fundraiser: Fundraiser | null;
  /**
   * Null when the viewer may not take part (not a member, org owner or admin). `memberTotal`: everyone in
   * the goal, of whom `members` is the first page (ADR 201).
   */
  discussion: { messages: DiscussionMessage[]; members: CheerMember[]; memberTotal: number } | null;
}

/** `today` is the goal clock's (a per-unit pledge's amount is "final" once the goal has ended). */
export function toGoalSupport(
  rows: GroupRows<ReturnType<typeof goalSupportQueries>>,
  viewer: Viewer,
  memberTotal: number,
  today: IsoDate,
): GoalSupport | null {
  const [goalRows] = rows;
  const goal = toSupportGoal(goalRows?.[0]);
  if (!goal) return null;
  const pledgeRows = toRecentPledges(goalRows[0]?.recentPledges);
  const memberRows = toMemberRows(goalRows[0]?.cheerMembers, viewer.id);
  const totals = JSON.parse(goalRows[0]?.pledgeTotals ?? "null") as TotalsRow | null;
  const manager = canManageGoal(goal, viewer);
  const canPledge = canSupport(goal, viewer, goal.isMember);
  const talk = canDiscuss(goal, viewer, goal.isMember);
  return {
    goalId: goal.id,
    manager,
    canPledge,
    getSponsored: goal.isMember && !goal.unit,
    fundraiser: canPledge || manager ? toFundraiser(goal, totals ?? undefined, pledgeRows, false, today) : null,
    discussion: talk
      ? {
          messages: toMessages(toMessageRows(goalRows[0]?.recentMessages), viewer, manager),
          members: toCheerMembers(memberRows, viewer),
          memberTotal: Math.max(memberTotal, memberRows.length),
        }
      : null,
  };
}
