/**
 * What a sponsor link shows (ADR 240): the member's display name (or the challenge's), the challenge's
 * title, dates, unit and progress, the charity, the totaliser and the pledge form. Never the member list,
 * the discussion, other members' names or anyone's e-mail address.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { formatDateRange, isExpired, type IsoDate } from "#app/lib/dates";
import { formatQuantity, unitOf } from "#app/features/progress/progress";
import { toFundraiser } from "#app/features/fundraising/fundraising.server";
import { openSponsorLink } from "./sponsor-links.server";
import { teamTarget } from "./team-pledge.server";

export type SponsorPage =
  | { state: "broken" }
  | { state: "closed"; cause: string }
  | {
      state: "open";
      goal: { id: string; cause: string; dates: string | null; ended: boolean };
      member: { id: string; name: string } | null;
      /** A team's link (ADR 275): "Team Hill Harriers". */
      team: { id: string; name: string } | null;
      unit: string | null;
      progress: { total: number; totalText: string; target: number | null; targetText: string | null } | null;
      fundraiser: ReturnType<typeof toFundraiser>;
    };

export async function loadSponsorPage(context: AppLoadContext, token: string, today: IsoDate) {
  const opened = await openSponsorLink(context, token.slice(0, 300));
  if (!opened) return { page: { state: "broken" } as SponsorPage, target: null };
  const { goal, member, team, progress, totals, pledges } = opened;
  if (!goal.sponsoring) return { page: { state: "closed", cause: goal.cause } as SponsorPage, target: null };
  const target = member ? goal.unitTarget : team ? teamTarget(goal.unitTarget, team.members) : goal.groupTarget;
  const page: SponsorPage = {
    state: "open",
    goal: {
      id: goal.id,
      cause: goal.cause,
      dates: formatDateRange(goal.start, goal.end, today),
      ended: isExpired(goal.end, today),
    },
    member,
    team: team ? { id: team.id, name: team.name } : null,
    unit: goal.unit ? unitOf(goal.unit).label : null,
    progress: goal.unit
      ? {
          total: progress,
          totalText: formatQuantity(progress, goal.unit),
          target,
          targetText: target ? formatQuantity(target, goal.unit) : null,
        }
      : null,
    fundraiser: toFundraiser(goal, totals, pledges, false, today),
  };
  return { page, target: opened };
}
