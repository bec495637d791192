/**
 * A member's own changes to a goal they are in (ADR 161): complete it, undo a completion, leave it.
 * What is allowed when comes from app/features/goals/goal-state.ts; each write is one batch with the activegoals
 * recount (ADR 021), guarded in SQL too, so a double submit or a race changes nothing twice.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq } from "drizzle-orm";
import type { IsoDate } from "#app/lib/dates";
import {
  goalPhase,
  memberStatus,
  MEMBERSHIP_REFUSALS,
  membershipRefusal,
  type MemberAction,
} from "#app/features/goals/goal-state";
import type { Viewer } from "#app/features/goals/goals";
import { userGoals } from "#drizzle/schema";
import { recountActiveGoals, selectGoalWithMembership, toSelected, type GoalWriteResult } from "./goals.server";
import { publish } from "#app/features/live/live.server";

// The goal screen's action reads its complete/undo/leave forms with these schemas: through this server
// module, so that the goal screen's browser code carries no zod (ADR 237).
export { MEMBERSHIP_FORMS } from "./goal.schema";

export async function changeMembership(
  context: AppLoadContext,
  viewer: Viewer,
  goalId: string,
  action: MemberAction,
  today: IsoDate,
): Promise<GoalWriteResult> {
  const goal = toSelected((await selectGoalWithMembership(context, viewer.id, goalId))[0]);
  if (!goal) return { ok: false, reason: "not-found" };
  const refusal = membershipRefusal(action, goalPhase(goal, today), memberStatus(goal.membership));
  if (refusal) return { ok: false, reason: refusal, message: MEMBERSHIP_REFUSALS[refusal] };
  const { db } = context;
  const mine = and(eq(userGoals.userId, viewer.id), eq(userGoals.goalId, goalId));
  const change =
    action === "complete"
      ? db
          .update(userGoals)
          .set({ completed: true, completedAt: new Date() })
          .where(and(mine, eq(userGoals.completed, false)))
      : action === "undo"
        ? db
            .update(userGoals)
            .set({ completed: false, completedAt: null })
            .where(and(mine, eq(userGoals.completed, true)))
        : // Only a member still pursuing leaves: a completion is a record, not a membership to drop.
          db.delete(userGoals).where(and(mine, eq(userGoals.completed, false)));
  await db.batch([change, recountActiveGoals(context, viewer.id)]);
  // Not "goals": this changes no one else's lists, only this goal's screen, the member's own screens
  // and the admin lists (activegoals).
  publish(context, [`goal:${goalId}`, `user:${viewer.id}`, "admin"]);
  return { ok: true, cause: goal.cause };
}
