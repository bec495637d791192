import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { csvResponse } from "#app/lib/csv";
import { canManageGoal, goalFileSlug } from "#app/features/fundraising/fundraising";
import { today } from "#app/platform/session/clock.server";
import { supportGoalQuery, toSupportGoal } from "#app/features/fundraising/fundraising.server";
import { pledgesCsvQuery, pledgesCsvRows } from "#app/features/fundraising/pledges-csv.server";
import { requireUser } from "#app/platform/session/session.server";
import { forbidden, notFound } from "#app/platform/http/http-errors.server";

/** The org's (or an admin's) download of every pledge of a goal, to reconcile with the charity. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  // Authorised first from the goal's one row (ADR 215); then one bounded query.
  const goal = toSupportGoal((await supportGoalQuery(context, params.id!, null))[0]);
  if (!goal) throw notFound();
  if (!canManageGoal(goal, user)) throw forbidden();
  const rows = await pledgesCsvQuery(context, params.id!);
  return csvResponse(
    pledgesCsvRows(goal, rows, today(request, context.cloudflare.env)),
    `${goalFileSlug(goal.cause)}-pledges.csv`,
  );
}
