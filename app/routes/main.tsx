import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { MainScreenView } from "#app/features/home/MainScreen";
import { mainScreenData } from "#app/features/home/main-screen.server";
import { quickLogAction } from "#app/features/progress/quick-log.server";
import fundraisingStyles from "#app/styles/fundraising.css";
import goalsStyles from "#app/styles/goals.css";
import progressStyles from "#app/styles/progress.css";
import type { LiveHandle } from "#app/features/live/useLiveUpdates";
import teamsStyles from "#app/styles/teams.css";
import { screenMeta } from "#app/lib/meta";
import { stylesheet } from "#app/lib/stylesheet";
import { entryResultOf } from "#app/features/progress/entry-answer";

export const links: LinksFunction = () => [
  stylesheet(teamsStyles),
  stylesheet(goalsStyles),
  stylesheet(fundraisingStyles),
  stylesheet(progressStyles),
];

export const meta: MetaFunction = () => screenMeta("Home", { description: "Your goals and suggested goals." });

// Live (ADR 043): the goal lists (the viewer's own changes come through root's user topic), and the
// current goal's topic while the home shows it (ADR 141).
export const handle: LiveHandle<typeof loader> = {
  live: (data) => ["goals", data?.view && "goal" in data.view && `goal:${data.view.goal.id}`],
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  return mainScreenData(request, context);
}

/** The home's quick log (ADR 220): log an amount in one of my measured goals, answered in place. */
export async function action({ request, context }: ActionFunctionArgs) {
  return quickLogAction(request, context);
}

export default function MainRoute() {
  const actionData = useActionData<typeof action>();
  return <MainScreenView data={useLoaderData<typeof loader>()} quickLogResult={entryResultOf(actionData)} />;
}
