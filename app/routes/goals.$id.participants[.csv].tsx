import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { csvResponse } from "#app/lib/csv";
import { formatAmount } from "#app/features/fundraising/fundraising";
import { toIsoDate } from "#app/lib/dates";
import {
  participantsProgressQuery,
  supportGoalQuery,
  toSupportGoal,
} from "#app/features/fundraising/fundraising.server";
import { canManageGoal, goalFileSlug } from "#app/features/fundraising/fundraising";
import { today } from "#app/platform/session/clock.server";
import {
  formerParticipantsQuery,
  participantMeasureQueries,
  toParticipantMeasures,
} from "#app/features/progress/progress-participants.server";
import { memberTeamsQuery, teamSettingsQuery, toMemberTeams } from "#app/features/teams/teams.server";
import { requireUser } from "#app/platform/session/session.server";
import { runGroups } from "#app/platform/db/batch.server";
import { forbidden, notFound } from "#app/platform/http/http-errors.server";

/** The org's CSV of participants' progress (no e-mail addresses: names, dates, status, pledged). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  // Authorised first from the goal's one row (ADR 215): nothing else is read for anyone else.
  const goal = toSupportGoal((await supportGoalQuery(context, params.id!, null))[0]);
  if (!goal) throw notFound();
  if (!canManageGoal(goal, user)) throw forbidden();
  const day = today(request, context.cloudflare.env);
  const {
    csv: [rows, formerRows],
    measures: measureRows,
    teams: [teamSettings, teamRows],
  } = await runGroups(context.db, {
    csv: [
      participantsProgressQuery(context, params.id!),
      // Progress that counts in the group total from people no longer members (left, or deleted, ADR 146).
      formerParticipantsQuery(context, params.id!),
    ],
    // Measured progress (ADR 140, 146): each member's total, entries, streak and last entry day.
    measures: participantMeasureQueries(context, params.id!, day),
    // Teams (ADR 270): each member's current team.
    teams: [teamSettingsQuery(context, params.id!), memberTeamsQuery(context, params.id!)],
  });
  const teams = toMemberTeams(teamSettings, teamRows);
  const measures = toParticipantMeasures(measureRows, day);
  const currency = goal.currency ?? "GBP";
  const table = [
    [
      "First name",
      "Last name",
      "Joined",
      "Status",
      "Completed on",
      "Pledged",
      ...(measures ? [`Total (${measures.unitLabel})`, "Entries", "Streak (days)", "Last entry day"] : []),
      ...(teams ? ["Team"] : []),
    ],
    ...rows.map((r) => {
      const m = measures?.byUser.get(r.userId);
      return [
        r.first,
        r.last,
        toIsoDate(new Date(r.joinedAt)),
        r.completed ? "Completed" : "Active",
        r.completedAt ? toIsoDate(new Date(r.completedAt)) : "",
        formatAmount(Number(r.pledged), currency),
        ...(measures ? [m?.total ?? "0", m?.entries ?? 0, m?.streak ?? 0, m?.lastDay ?? ""] : []),
        ...(teams ? [teams.get(r.userId) ?? ""] : []),
      ];
    }),
    ...formerRows.map((r) => {
      const m = measures?.byUser.get(r.userId);
      const deleted = r.first === null;
      return [
        deleted ? "Deleted member" : r.first,
        deleted ? "" : r.last,
        "",
        deleted ? "Account deleted" : "Left",
        "",
        deleted ? "" : formatAmount(Number(r.pledged), currency),
        ...(measures ? [m?.total ?? "0", m?.entries ?? 0, m?.streak ?? 0, m?.lastDay ?? ""] : []),
        ...(teams ? [teams.get(r.userId) ?? ""] : []),
      ];
    }),
  ];
  return csvResponse(table, `${goalFileSlug(goal.cause)}-participants.csv`);
}
