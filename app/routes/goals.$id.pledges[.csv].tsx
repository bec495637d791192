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
  const [goalRows, rows] = await context.db.batch([
    supportGoalQuery(context, params.id!, user.id),
    pledgesCsvQuery(context, params.id!),
  ]);
  const goal = toSupportGoal(goalRows[0]);
  if (!goal) throw notFound();
  if (!canManageGoal(goal, user)) throw forbidden();
  return csvResponse(
    pledgesCsvRows(goal, rows, today(request, context.cloudflare.env)),
    `${goalFileSlug(goal.cause)}-pledges.csv`,
  );
}
