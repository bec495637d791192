import {
  redirect,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { MainScreenView } from "#app/features/home/MainScreen";
import { FLASH } from "#app/platform/session/flash-messages.server";
import { redirectWithFlash } from "#app/platform/session/flash.server";
import { today } from "#app/platform/session/clock.server";
import { changeMembership, MEMBERSHIP_FORMS } from "#app/features/goals/goal-membership.server";
import { mainScreenData } from "#app/features/home/main-screen.server";
import { isEntryForm, progressAction } from "#app/features/progress/progress-form.server";
import { requireUser } from "#app/platform/session/session.server";
import { pushPublicKey } from "#app/features/push/push.server";
import fundraisingStyles from "#app/styles/fundraising.css";
import goalsStyles from "#app/styles/goals.css";
import progressStyles from "#app/styles/progress.css";
import type { LiveHandle } from "#app/features/live/useLiveUpdates";
import teamsStyles from "#app/styles/teams.css";
import { screenMeta } from "#app/lib/meta";
import { formRefused } from "#app/platform/http/form-answer.server";
import { readFormData } from "#app/platform/http/form-data.server";
import { parseIntentForm } from "#app/platform/http/intent-form.server";
import { stylesheet } from "#app/lib/stylesheet";
import { entryResultOf } from "#app/features/progress/entry-answer";

export const links: LinksFunction = () => [
  stylesheet(teamsStyles),
  stylesheet(goalsStyles),
  stylesheet(fundraisingStyles),
  stylesheet(progressStyles),
];

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  screenMeta(data && "goal" in data.view ? data.view.goal.cause : "Goal", {
    description: "A goal you are pursuing with friends.",
  });

// Live (ADR 043): the goal lists, and this goal's own topic while the screen shows it.
export const handle: LiveHandle<typeof loader> = {
  live: (data, params) => ["goals", data?.view && "goal" in data.view && `goal:${params.id}`],
};

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const screen = await mainScreenData(request, context, params.id);
  // The server's public key, for the reminders' opt-in (ADR 281); null when push is not configured.
  return { ...screen, pushKey: pushPublicKey(context.cloudflare.env) };
}

/**
 * A member's own changes (ADR 161): complete (confirmed first, on the screen), undo a completion while the
 * goal runs, leave. Each lands with a flash saying what happened.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const formData = await readFormData(request);
  // Measured progress (ADR 140): log, edit, delete an entry, or the org removes one.
  if (isEntryForm(formData)) return progressAction(request, context, user, params.id!, formData);
  const { intent } = parseIntentForm(formData, MEMBERSHIP_FORMS);
  if (!intent) return formRefused("Unknown action.", 400);
  const { env } = context.cloudflare;
  const result = await changeMembership(context, user, params.id!, intent, today(request, env));
  if (result.ok) {
    if (intent === "complete") throw await redirectWithFlash(env, "/completedgoals", FLASH.completed(result.cause));
    if (intent === "undo") throw await redirectWithFlash(env, `/active/${params.id}`, FLASH.undone(result.cause));
    throw await redirectWithFlash(env, "/main", FLASH.left(result.cause));
  }
  if (result.reason === "not-found") throw redirect("/404");
  return formRefused(result.message, result.reason === "not-a-member" ? 403 : 409);
}

export default function ActiveGoalRoute() {
  const actionData = useActionData<typeof action>();
  return (
    <MainScreenView
      data={useLoaderData<typeof loader>()}
      error={actionData && "error" in actionData ? actionData.error : undefined}
      progressResult={actionData && "entry" in actionData ? entryResultOf(actionData) : undefined}
    />
  );
}
