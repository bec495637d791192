/**
 * The loader behind /main, /active/{id} and /join/{id}: the session and everything on the screen in one
 * batch, which the root loader shares (ADR 057).
 */
import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { canCreateGoals, isVisibleTo, joinRefusal, REFUSAL_MESSAGES } from "#app/lib/goals";
import { today } from "./clock.server";
import { goalSupportQueries, toGoalSupport } from "./goal-support.server";
import { mainScreenQueries, toMainScreen, type GoalSummary, type SelectedGoal } from "./goals.server";
import { batchWithUser } from "./session.server";

const toNav = ({ id, cause, start, end, icon, visibility }: GoalSummary) => ({
  id,
  cause,
  start,
  end,
  icon,
  visibility,
});

export type GoalView =
  | { kind: "none" }
  | { kind: "hidden"; message: string }
  | { kind: "member"; goal: SelectedGoal }
  | { kind: "visitor"; goal: SelectedGoal; refusal: string | null };

export async function mainScreenData(request: Request, context: AppLoadContext, selectedId?: string) {
  const day = today(request, context.cloudflare.env);
  // The session and the whole screen in one round trip (ADR 057); started before any await.
  const { user, results } = await batchWithUser(request, context, (viewerId) => [
    ...mainScreenQueries(context, viewerId, day, selectedId),
    ...(selectedId ? goalSupportQueries(context, selectedId, viewerId) : []),
  ]);
  const screen = toMainScreen(results, user, day, selectedId);
  if (selectedId && !screen.selected) throw redirect("/404");
  return {
    today: day,
    canCreate: canCreateGoals(user),
    active: screen.active.map(toNav),
    suggested: screen.suggested.map(toNav),
    current: screen.current && toNav(screen.current),
    view: viewOf(screen.selected, user, day),
    // Fundraising, members with cheers and the discussion (issue 7), from the same batch.
    support: seesGoal(screen.selected, user) ? toGoalSupport(screen.extra, user) : null,
  };
}

const seesGoal = (goal: SelectedGoal | null, user: { id: string; type: "admin" | "org" | "user" }) =>
  !!goal && (!!goal.membership || isVisibleTo(goal, user));

function viewOf(
  goal: SelectedGoal | null,
  user: { id: string; type: "admin" | "org" | "user" },
  day: string,
): GoalView {
  if (!goal) return { kind: "none" };
  if (goal.membership) return { kind: "member", goal };
  // A goal the viewer may not see is not described at all: its cause could be private.
  if (!isVisibleTo(goal, user)) return { kind: "hidden", message: REFUSAL_MESSAGES.hidden };
  const refusal = joinRefusal(goal, user, undefined, day);
  return { kind: "visitor", goal, refusal: refusal && REFUSAL_MESSAGES[refusal] };
}
