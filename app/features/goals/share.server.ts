/**
 * Sharing a goal (ADR 184): a public goal shares its own address; a private or friends goal
 * shares its signed invite link (ADR 061), which its owner (and, for an org's goal, admins) can replace.
 * Whoever can see a goal may share it; one query reads the goal and what the viewer may do with it.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq, sql } from "drizzle-orm";
import { canReplaceInviteLink, isVisibleTo, type Viewer } from "#app/features/goals/goals";
import { friendships, goals, userGoals } from "#drizzle/schema";
import { today } from "#app/platform/session/clock.server";
import { appUrl } from "#app/platform/http/env.server";
import { goalVisit, recordGoalVisit } from "#app/features/home/visits.server";
import { inviteToken } from "./invites.server";
import { goalColumns } from "./goal-columns.server";

export interface ShareView {
  goal: { id: string; cause: string; visibility: "public" | "private" | "friends" };
  url: string;
  /** The link is a signed invite (private and friends goals), not the goal's own address. */
  signed: boolean;
  canRevoke: boolean;
}

/** The goal as the viewer may share it, or null when it does not exist or they may not see it. */
export async function shareView(
  request: Request,
  context: AppLoadContext,
  viewer: Viewer,
  goalId: string,
): Promise<ShareView | null> {
  const day = today(request, context.cloudflare.env);
  const [[row], visit] = await context.db.batch([
    context.db
      .select({
        ...goalColumns,
        nonce: goals.inviteNonce,
        isMember: sql<number>`exists (select 1 from ${userGoals} where ${userGoals.goalId} = ${goals.id} and ${userGoals.userId} = ${viewer.id})`,
        friendOfOwner: sql<number>`exists (select 1 from ${friendships} where ${friendships.userId} = ${viewer.id} and ${friendships.friendId} = ${goals.orgId})`,
      })
      .from(goals)
      .where(eq(goals.id, goalId))
      .limit(1),
    // Opening a goal's share screen is a visit (ADR 190).
    ...(goalVisit(context, viewer.id, goalId, day) ?? []),
  ]);
  if (!row || !(row.isMember || isVisibleTo(row, viewer))) return null;
  recordGoalVisit(context, visit, viewer.id, goalId, day);
  const { env } = context.cloudflare;
  const origin = appUrl(request, env);
  const signed = row.visibility !== "public";
  return {
    goal: { id: row.id, cause: row.cause, visibility: row.visibility },
    url: signed ? `${origin}/invite/${await inviteToken(env, row.id, row.nonce)}` : `${origin}/join/${row.id}`,
    signed,
    canRevoke: canReplaceInviteLink(row, viewer),
  };
}
