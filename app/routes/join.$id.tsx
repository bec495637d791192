import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { MainScreenView } from "#app/features/home/MainScreen";
import { today } from "#app/platform/session/clock.server";
import { FLASH } from "#app/platform/session/flash-messages.server";
import { redirectWithFlash } from "#app/platform/session/flash.server";
import { joinGoal } from "#app/features/goals/goals.server";
import { mainScreenData } from "#app/features/home/main-screen.server";
import { requireUser } from "#app/platform/session/session.server";
import fundraisingStyles from "#app/styles/fundraising.css";
import goalsStyles from "#app/styles/goals.css";
import type { LiveHandle } from "#app/features/live/useLiveUpdates";
import teamsStyles from "#app/styles/teams.css";
import { screenMeta } from "#app/lib/meta";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: teamsStyles },
  { rel: "stylesheet", href: goalsStyles },
  { rel: "stylesheet", href: fundraisingStyles },
];

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  screenMeta(data && "goal" in data.view ? `Join ${data.view.goal.cause}` : "Join a goal", {
    description: "A suggested goal you can join.",
  });

// Live (ADR 043): the goal lists, and this goal's own topic while the screen shows it.
export const handle: LiveHandle<typeof loader> = {
  live: (data, params) => ["goals", data?.view && "goal" in data.view && `goal:${params.id}`],
};

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return mainScreenData(request, context, params.id);
}

/** Join: adds the user-goal and raises activegoals in one batch, then lands on /active/{id}. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const result = await joinGoal(context, user, params.id!, today(request, context.cloudflare.env));
  if (result.ok)
    throw await redirectWithFlash(context.cloudflare.env, `/active/${params.id}`, FLASH.joined(result.cause));
  // A goal the viewer may not see answers as one that does not exist (docs/security.md).
  if (result.reason === "not-found" || result.reason === "hidden") return redirect("/404");
  return data({ error: result.message }, { status: 409 });
}

export default function JoinGoalRoute() {
  return <MainScreenView data={useLoaderData<typeof loader>()} error={useActionData<typeof action>()?.error} />;
}
