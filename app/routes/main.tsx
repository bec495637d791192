import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { MainScreenView } from "#app/components/MainScreen";
import { mainScreenData } from "#app/server/main-screen.server";
import goalsStyles from "#app/styles/goals.css";
import type { LiveHandle } from "#app/live/useLiveUpdates";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: goalsStyles }];

export const meta: MetaFunction = () => [
  { title: "Home | Goals with Friends" },
  { name: "description", content: "Your goals and suggested goals." },
];

// Live (ADR 043): the goal lists (the viewer's own changes come through root's user topic).
export const handle: LiveHandle = { live: () => ["goals"] };

export async function loader({ request, context }: LoaderFunctionArgs) {
  return mainScreenData(request, context);
}

export default function MainRoute() {
  return <MainScreenView data={useLoaderData<typeof loader>()} />;
}
