import { parseWithZod } from "@conform-to/zod/v4";
import {
  redirect,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { Discussion } from "#app/features/social/Discussion";
import { GoalErrorBoundary } from "#app/features/goals/GoalForbidden";
import { canDiscuss, canManageGoal, safeReturnTo } from "#app/features/fundraising/fundraising";
import { discussionSchema } from "#app/features/fundraising/fundraising.schema";
import { deleteMessage, messagesQuery, postMessage, toMessages } from "#app/features/social/discussion.server";
import { today } from "#app/platform/session/clock.server";
import { supportGoalQuery, toSupportGoal } from "#app/features/fundraising/fundraising.server";
import { goalVisit, recordGoalVisit } from "#app/features/home/visits.server";
import { requireUser } from "#app/platform/session/session.server";
import { readScreen } from "#app/platform/session/read-screen.server";
import fundraisingStyles from "#app/styles/fundraising.css";
import type { LiveHandle } from "#app/features/live/useLiveUpdates";
import { forbidden, notFound } from "#app/platform/http/http-errors.server";
import { screenMeta } from "#app/lib/meta";
import { readFormData } from "#app/platform/http/form-data.server";
import { formErrors } from "#app/platform/http/form-answer.server";
import { stylesheet } from "#app/lib/stylesheet";

export const links: LinksFunction = () => [stylesheet(fundraisingStyles)];

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  screenMeta(`Discussion${data ? `: ${data.goal.cause}` : ""}`, {
    description: "Talk with the people pursuing this goal with you.",
  });

/** Members, the owning org and admins read; anyone else gets 403 (a private goal's talk stays private). */
export const handle: LiveHandle<typeof loader> = { live: (data, params) => [data && `goal:${params.id}`] };

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const day = today(request, context.cloudflare.env);
  // The session, the goal, its talk and whether this view is a visit in one round trip (ADR 057, 290).
  const { user, rows } = await readScreen({
    request,
    context,
    reads: (viewerId) => ({
      goal: [supportGoalQuery(context, params.id!, viewerId)],
      messages: [messagesQuery(context, params.id!)],
      visit: goalVisit(context, viewerId, params.id!, day),
    }),
  });
  const goal = toSupportGoal(rows.goal[0][0]);
  if (!goal) throw notFound();
  if (!canDiscuss(goal, user, goal.isMember)) throw forbidden();
  recordGoalVisit(context, rows.visit?.[0], user.id, goal.id, day);
  return {
    goal: { id: goal.id, cause: goal.cause },
    messages: toMessages(rows.messages[0], user, canManageGoal(goal, user)),
  };
}

/** Post or delete. Success goes back to the screen the form was on; bad input is a 400 that writes nothing. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const submission = parseWithZod(await readFormData(request), { schema: discussionSchema });
  if (submission.status !== "success") return formErrors(submission, 400);
  const goal = toSupportGoal((await supportGoalQuery(context, params.id!, user.id))[0]);
  if (!goal) throw notFound();
  const result =
    submission.value.intent === "post"
      ? await postMessage(context, goal, user, submission.value.body)
      : await deleteMessage(context, goal, user, submission.value.messageId);
  if (!result.ok) {
    if (result.status === 403) throw forbidden();
    return formErrors(submission, result.status, { formErrors: [result.message] });
  }
  return redirect(`${safeReturnTo(submission.value.returnTo, goal.id)}#discussion`);
}

export default function DiscussionRoute() {
  const { goal, messages } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <main className="page fundraising-page">
      <p>
        <Link to={`/active/${goal.id}`} className="back-link">
          Back to {goal.cause}
        </Link>
      </p>
      <h1>{goal.cause}</h1>
      <Discussion
        goalId={goal.id}
        messages={messages}
        returnTo={`/goals/${goal.id}/discussion`}
        lastResult={lastResult}
      />
    </main>
  );
}

export const ErrorBoundary = GoalErrorBoundary;
