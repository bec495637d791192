/**
 * Takes a pledge from the public pledge page (/give/{id}) or a sponsor link (/sponsor/{token}): the
 * honeypot, the form's schema, the rules only the server knows (a goal's unit, its member, its end), a
 * brake per e-mail and per client address (ADR 074), then the write and a redirect to the thank-you.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type AppLoadContext } from "@remix-run/cloudflare";
import { FLASH } from "#app/lib/flash";
import { redirectWithFlash } from "#app/platform/session/flash.server";
import { appUrl } from "#app/platform/http/env.server";
import { checkHoneypot } from "#app/platform/http/honeypot.server";
import { countersFor, hit, LIMITS, TOO_MANY_REQUESTS } from "#app/platform/session/rate-limit.server";
import { givePledgeSchema } from "#app/features/progress/progress.schema";
import { recordPledge, type SupportGoal } from "#app/features/fundraising/fundraising.server";

export interface PledgeTarget {
  goal: SupportGoal;
  /** Whether the goal has fundraising set up (a charity and a target). */
  raising: boolean;
  /** The member the pledge backs: the sponsor link's, or the one the form named on /give. */
  member: { id: string; name: string } | null;
  user: { id: string; email: string } | null;
  /** Ended by the goal clock: no pledge per unit any more (nothing is left to log). */
  ended: boolean;
  /** Where the thank-you shows (the page the form was on). */
  backTo: string;
}

export async function takePledge(request: Request, context: AppLoadContext, formData: FormData, target: PledgeTarget) {
  const { goal, member, user } = target;
  await checkHoneypot(context, formData);
  const submission = parseWithZod(formData, { schema: givePledgeSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const pledge = submission.value;
  if (pledge.kind === "per-unit" && !goal.unit)
    return data(submission.reply({ fieldErrors: { kind: ["This goal does not track progress: pledge an amount"] } }), {
      status: 400,
    });
  if (pledge.kind === "per-unit" && target.ended)
    return data(
      submission.reply({ fieldErrors: { kind: ["This challenge has ended: pledge a fixed amount instead"] } }),
      { status: 400 },
    );
  if (pledge.memberId && !member)
    return data(submission.reply({ fieldErrors: { memberId: ["Choose the group or one of its members"] } }), {
      status: 400,
    });
  if (!target.raising)
    return data(submission.reply({ formErrors: ["This goal is not raising money yet."] }), { status: 409 });
  if (
    await hit(
      context.db,
      countersFor(request, { email: LIMITS.pledgeEmail, address: LIMITS.pledgeAddress }, user?.email),
    )
  ) {
    return data(submission.reply({ formErrors: [TOO_MANY_REQUESTS] }), { status: 429 });
  }
  const perUnit = pledge.kind === "per-unit";
  await recordPledge(
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
      maxAmount: perUnit ? (pledge.max ?? null) : null,
      key: pledge.key ?? null,
    },
    appUrl(request, context.cloudflare.env),
  );
  throw await redirectWithFlash(context.cloudflare.env, target.backTo, FLASH.pledged, "pledged");
}
