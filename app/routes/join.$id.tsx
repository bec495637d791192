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
import { JoinPreviewCard } from "#app/features/discover/JoinPreviewCard";
import { joinPreview } from "#app/features/discover/join-preview.server";
import { isSignedOutRedirect } from "#app/platform/http/return-to.server";
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
import { formRefused } from "#app/platform/http/form-answer.server";
import { stylesheet } from "#app/lib/stylesheet";

export const links: LinksFunction = () => [
  stylesheet(teamsStyles),
  stylesheet(goalsStyles),
  stylesheet(fundraisingStyles),
];

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  screenMeta(
    data && "preview" in data
      ? data.preview
        ? `Join ${data.preview.cause}`
        : "Join a goal"
      : data && "goal" in data.view
        ? `Join ${data.view.goal.cause}`
        : "Join a goal",
    { description: "A suggested goal you can join." },
  );

// Live (ADR 043): the goal lists, and this goal's own topic while the screen shows it (not to a visitor).
export const handle: LiveHandle<typeof loader> = {
  live: (data, params) =>
    data && "preview" in data ? [] : ["goals", data && "view" in data && "goal" in data.view && `goal:${params.id}`],
};

/**
 * A member sees the goal's screen. A signed-out visitor sees a preview of what they may see of the goal
 * with Sign Up and Sign In, and the page is remembered so both come back here (ADR 262, 163).
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  try {
    return await mainScreenData(request, context, params.id);
  } catch (thrown) {
    if (!isSignedOutRedirect(thrown)) throw thrown;
    const preview = await joinPreview(context, params.id!, today(request, context.cloudflare.env));
    // The redirect's cookies: the way back to this page, and a suspended account's message.
    const headers = new Headers();
    for (const cookie of thrown.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
    return data({ preview }, { headers });
  }
}

/** Join: adds the user-goal and raises activegoals in one batch, then lands on /active/{id}. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const result = await joinGoal(context, user, params.id!, today(request, context.cloudflare.env));
  if (result.ok)
    throw await redirectWithFlash(context.cloudflare.env, `/active/${params.id}`, FLASH.joined(result.cause));
  // A goal the viewer may not see answers as one that does not exist (docs/security.md).
  if (result.reason === "not-found" || result.reason === "hidden") return redirect("/404");
  return formRefused(result.message, 409);
}

export default function JoinGoalRoute() {
  const loaded = useLoaderData<typeof loader>();
  const error = useActionData<typeof action>()?.error;
  if ("preview" in loaded) return <JoinPreviewCard goal={loaded.preview} />;
  return <MainScreenView data={loaded} error={error} />;
}
