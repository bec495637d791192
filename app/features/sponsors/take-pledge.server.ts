/**
 * Takes a pledge from the public pledge page (/give/{id}) or a sponsor link (/sponsor/{token}): the
 * honeypot, the form's schema, the rules only the server knows (a goal's unit, its member, its end), a
 * brake per e-mail and per client address (ADR 074), then the write and a redirect to the thank-you.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { FLASH } from "#app/lib/flash";
import { redirectWithFlash } from "#app/platform/session/flash.server";
import { appUrl } from "#app/platform/http/env.server";
import { readPublicForm, type Refusal } from "#app/platform/http/public-form.server";
import { LIMITS } from "#app/platform/session/rate-limit.server";
import { CHOOSE_TEAM, givePledgeSchema, type GivePledge } from "#app/features/progress/progress.schema";
import { recordPledge, type SupportGoal } from "#app/features/fundraising/fundraising.server";
import { outboxRow } from "#app/features/mail/mail.server";
import { unitOf } from "#app/features/progress/progress";
import type { IsoDate } from "#app/lib/dates";
import { newId } from "#app/lib/ids";
import { and, eq } from "drizzle-orm";
import { pledges } from "#drizzle/schema";
import { pledgeAt } from "./sponsors";
import { supporterPath } from "#app/features/supporters/supporter-link.server";
import { pledgeTeam } from "./team-pledge.server";
import { receiptMail, type PledgeFacts } from "#app/features/supporters/supporter-mail";

export interface PledgeTarget {
  goal: SupportGoal;
  /** Whether the goal has fundraising set up (a charity and a target). */
  raising: boolean;
  /** The member the pledge backs: the sponsor link's, or the one the form named on /give. */
  member: { id: string; name: string } | null;
  /** The team a team's sponsor link names (ADR 275): the pledge backs it, whatever the form says. */
  team?: { id: string; name: string } | null;
  user: { id: string; email: string } | null;
  /** Ended by the goal clock: no pledge per unit any more (nothing is left to log). */
  ended: boolean;
  /** The page the form was on ("Pledge again" on the thank-you). */
  backTo: string;
  /** The progress a per-unit pledge follows (hundredths), when the page knew it: the receipt's value. */
  progress?: number | null;
  /** The goal clock's today. */
  today: IsoDate;
}

/**
 * `targetOf` finds what the pledge backs (a 404 or 403 thrown for a goal the visitor cannot support):
 * on /give the member the form names, on a sponsor link the link's own.
 */
export async function takePledge(
  request: Request,
  context: AppLoadContext,
  targetOf: (memberId: string | null) => PledgeTarget | Promise<PledgeTarget>,
) {
  const form = await readPublicForm(request, context, {
    schema: givePledgeSchema,
    check: async (pledge) => {
      const target = await targetOf(pledge.memberId ?? null);
      const refusal = pledgeRefusal(pledge, target);
      if (refusal) return refusal;
      // A team of this goal, its teams switched on (ADR 246); never beside a member (a sponsor link names one).
      const { goal, member } = target;
      const team = target.team ?? (pledge.teamId && !member ? await pledgeTeam(context, goal.id, pledge.teamId) : null);
      if (pledge.teamId && !team) return { status: 400, fieldErrors: { teamId: [CHOOSE_TEAM] } };
      if (!target.raising) return { status: 409, formErrors: ["This goal is not raising money yet."] };
      return { checked: { target, team } };
    },
    // Per the signed-in pledger's e-mail and per client address (ADR 074).
    throttle: { email: LIMITS.pledgeEmail, address: LIMITS.pledgeAddress, emailOf: (_, c) => c?.target.user?.email },
  });
  if (form.refused) return form.refused;
  const { target, team } = form.checked;
  const { goal, member, user } = target;
  const pledge = form.value;
  const perUnit = pledge.kind === "per-unit";
  const id = newId();
  const env = context.cloudflare.env;
  const supporterLink = await supporterPath(env, id);
  const facts: PledgeFacts = {
    name: pledge.name,
    amount: perUnit ? 0 : pledge.amount!,
    perUnit: perUnit ? pledge.perUnit! : null,
    maxAmount: perUnit ? (pledge.max ?? null) : null,
    memberName: member?.name ?? team?.name ?? null,
    currency: goal.currency ?? "GBP",
    unitLabel: goal.unit ? unitOf(goal.unit).label : null,
    cause: goal.cause,
    charityName: goal.charityName ?? "the charity",
    charityUrl: goal.charityUrl ?? "",
    end: goal.end,
  };
  const valueNow =
    // The page's progress is the member's, the team link's or the group's; /give's team choice has none.
    perUnit && (!team || target.team) && target.progress != null
      ? pledgeAt(facts.perUnit!, target.progress, facts.maxAmount)
      : null;
  const receipt = pledge.email
    ? await outboxRow(context, {
        to: pledge.email,
        ...receiptMail(facts, valueNow, target.today),
        kind: "pledge-receipt",
        link: `${appUrl(request, env)}${supporterLink}`,
      })
    : null;
  const recorded = await recordPledge(
    context,
    goal,
    user?.id ?? null,
    {
      name: pledge.name,
      message: pledge.message,
      anonymous: pledge.anonymous,
      amount: perUnit ? 0 : pledge.amount!,
      perUnit: perUnit ? pledge.perUnit : null,
      // A sponsor link's fixed pledges back its member too (their supporters list, their bell).
      memberId: member?.id ?? null,
      teamId: team?.id ?? null,
      maxAmount: perUnit ? (pledge.max ?? null) : null,
      key: pledge.key ?? null,
      email: pledge.email ?? null,
      updates: pledge.updates && !!pledge.email,
    },
    appUrl(request, env),
    { id, mail: receipt },
  );
  // The thank-you is the supporter's own page: their link, even without an e-mail address (ADR 241).
  // The same form sent again (its key, ADR 218) lands on the pledge the first one made.
  const again = encodeURIComponent(target.backTo);
  const first = recorded.id ? null : await pledgeByKey(context, goal.id, pledge.key);
  const link = recorded.id ? supporterLink : first ? await supporterPath(env, first) : null;
  throw await redirectWithFlash(env, link ? `${link}?from=${again}` : target.backTo, FLASH.pledged, "pledged");
}

/** The rules only the server knows that refuse a pledge on its fields (a 400). */
function pledgeRefusal(pledge: GivePledge, target: PledgeTarget): Refusal | null {
  if (pledge.kind === "per-unit" && !target.goal.unit)
    return { status: 400, fieldErrors: { kind: ["This goal does not track progress: pledge an amount"] } };
  if (pledge.kind === "per-unit" && target.ended)
    return { status: 400, fieldErrors: { kind: ["This challenge has ended: pledge a fixed amount instead"] } };
  if (pledge.memberId && !target.member)
    return { status: 400, fieldErrors: { memberId: ["Choose the group or one of its members"] } };
  return null;
}

async function pledgeByKey(context: AppLoadContext, goalId: string, key: string | undefined) {
  if (!key) return null;
  const [row] = await context.db
    .select({ id: pledges.id })
    .from(pledges)
    .where(and(eq(pledges.goalId, goalId), eq(pledges.idempotencyKey, key)))
    .limit(1);
  return row?.id ?? null;
}
