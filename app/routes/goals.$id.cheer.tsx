import { parseWithZod } from "@conform-to/zod/v4";
import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { safeReturnTo } from "#app/features/fundraising/fundraising";
import { cheerSchema } from "#app/features/fundraising/fundraising.schema";
import { toggleCheer } from "#app/features/social/discussion.server";
import { supportGoalQuery, toSupportGoal } from "#app/features/fundraising/fundraising.server";
import { requireUser } from "#app/platform/session/session.server";
import { forbidden, notFound } from "#app/platform/http/http-errors.server";
import { readFormData } from "#app/platform/http/form-data.server";

/** Cheer (or un-cheer) a member of the goal, then back to the goal screen. A resource route: plain JSON errors. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const submission = parseWithZod(await readFormData(request), { schema: cheerSchema });
  if (submission.status !== "success") return Response.json({ error: "Choose a member to cheer." }, { status: 400 });
  const goal = toSupportGoal((await supportGoalQuery(context, params.id!, user.id))[0]);
  if (!goal) throw notFound();
  const result = await toggleCheer(context, goal, user, submission.value.memberId);
  if (!result.ok) {
    if (result.status === 403) throw forbidden();
    return Response.json({ error: result.message }, { status: result.status });
  }
  return redirect(safeReturnTo(submission.value.returnTo, goal.id));
}
