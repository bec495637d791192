import {
  redirect,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { GoalsScreen } from "#app/features/admin/GoalsScreen";
import { asGoalFilter } from "#app/features/admin/admin";
import { goalEditSchema } from "#app/features/admin/admin.schema";
import { editGoal, goalsScreen } from "#app/features/admin/admin-goals.server";
import { today } from "#app/platform/session/clock.server";
import { publish, revokeStreams } from "#app/features/live/live.server";
import { requireRole } from "#app/platform/session/session.server";
import { deleteImage, storeImage } from "#app/platform/http/uploads.server";
import { readImageForm } from "#app/platform/http/image-form.server";
import { formDone, formErrorsAt } from "#app/platform/http/form-answer.server";
import goalsStyles from "#app/styles/goals.css";
import memberStyles from "#app/styles/member.css";
import { screenMeta } from "#app/lib/meta";
import { stylesheet } from "#app/lib/stylesheet";

// The goal icon (goals.css) and /create's goal fields (member.css), reused by the goal editor.
export const links: LinksFunction = () => [stylesheet(goalsStyles), stylesheet(memberStyles)];

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  screenMeta(data?.goal?.cause ?? "Goal", { section: "Admin" });

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireRole(request, context, "admin");
  const filter = asGoalFilter(new URL(request.url).searchParams.get("show"));
  const screen = await goalsScreen(context, filter, today(request, context.cloudflare.env), params.id);
  if (!screen.goal) throw redirect("/404"); // SPEC: a goal id that does not exist sends the user to /404
  return { filter, ...screen };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const actor = await requireRole(request, context, "admin");
  const form = await readImageForm(request, context, { schema: goalEditSchema, image: "icon" });
  if (!form.ok) return formErrorsAt("result", form.submission, form.status);
  const { env } = context.cloudflare;
  const icon = form.image ? await storeImage(env, "goal-icons", form.image) : undefined;
  const { cause, start, end, visibility, demo } = form.value;
  const saved = await editGoal(context, actor, params.id!, { cause, start, end, visibility, demo, icon });
  if (!saved) {
    await deleteImage(env, icon);
    throw redirect("/404");
  }
  await deleteImage(env, saved.previousIcon);
  publish(context, ["goals", `goal:${params.id}`, "admin"]);
  // Who may hear the goal changed: its streams reconnect through /events' access check (ADR 106).
  if (saved.visibilityChanged) revokeStreams(context, { goal: params.id! });
  return formDone(saved.changes.length ? `Saved: ${saved.changes.join("; ")}.` : "No changes.", {
    result: form.submission.reply(),
  });
}

export default GoalsScreen;
