import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { GoalsScreen } from "#app/features/admin/GoalsScreen";
import { asGoalFilter } from "#app/features/admin/admin";
import { goalsScreen } from "#app/features/admin/admin-goals.server";
import { today } from "#app/platform/session/clock.server";
import { requireRole } from "#app/platform/session/session.server";
import goalsStyles from "#app/styles/goals.css";
import memberStyles from "#app/styles/member.css";
import { screenMeta } from "#app/lib/meta";
import { stylesheet } from "#app/lib/stylesheet";

// The goal icon (goals.css) and /create's goal fields (member.css), reused by the goal editor.
export const links: LinksFunction = () => [stylesheet(goalsStyles), stylesheet(memberStyles)];

export const meta: MetaFunction = () => screenMeta("Goals", { section: "Admin" });

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, "admin");
  const filter = asGoalFilter(new URL(request.url).searchParams.get("show"));
  return { filter, ...(await goalsScreen(context, filter, today(request, context.cloudflare.env))) };
}

export default GoalsScreen;
