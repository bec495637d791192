/**
 * The supporter's own pledge page (ADR 241): what it shows, and its four actions (a new maximum, "I've
 * paid", cancel, stop the mail), each answered with a flash redirect, or a field message and a 4xx that
 * writes nothing.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import type { AppLoadContext } from "@remix-run/cloudflare";
import * as z from "zod";
import { formatAmount } from "#app/features/fundraising/fundraising";
import { unitOf } from "#app/features/progress/progress";
import { formatDateRange, isExpired, type IsoDate } from "#app/lib/dates";
import { formDone, formErrorsAt, formRefused } from "#app/platform/http/form-answer.server";
import { parseIntentForm } from "#app/platform/http/intent-form.server";
import { redirectWithFlash } from "#app/platform/session/flash.server";
import { pledgeState } from "#app/features/sponsors/sponsors";
import { pledgeTerms } from "./supporter-mail";
import { cancelPledgeSchema, pledgeMaxSchema, type SupporterIntent } from "./supporter.schema";
import {
  cancelPledge,
  changePledgeMax,
  sayPledgePaid,
  stopPledgeMail,
  type SupporterPledge,
} from "./supporter-link.server";

const NO_STORE = { "Cache-Control": "private, no-store" };

export const SUPPORTER_FLASH = {
  max: "Your maximum is changed.",
  paid: "Thank you: the organiser confirms it once the charity does.",
  cancelled: "Your pledge is cancelled.",
  stopped: "No more e-mails about this pledge.",
};

/** What the page shows of one pledge. */
export function supporterView(p: SupporterPledge, today: IsoDate) {
  const currency = p.currency ?? "GBP";
  const ended = isExpired(p.end, today);
  const perUnit = p.perUnit !== null;
  const state = pledgeState(p);
  return {
    name: p.name,
    cause: p.cause,
    dates: formatDateRange(p.start, p.end, today),
    ended,
    perUnit,
    backs: p.memberName ?? "The whole group",
    charityName: p.charityName ?? "the charity",
    charityUrl: p.charityUrl,
    terms: pledgeTerms({
      name: p.name,
      amount: p.amount,
      perUnit: p.perUnit,
      maxAmount: p.maxAmount,
      memberName: p.memberName,
      currency,
      unitLabel: p.unit ? unitOf(p.unit).label : null,
      cause: p.cause,
      charityName: p.charityName ?? "",
      charityUrl: p.charityUrl ?? "",
      end: p.end,
    }),
    valueText: formatAmount(Number(p.value), currency),
    currency,
    maxMajor: p.maxAmount ? (p.maxAmount / 100).toFixed(2).replace(/\.00$/, "") : "",
    state,
    saidPaidOn: p.saidPaidAt ? new Date(p.saidPaidAt).toISOString().slice(0, 10) : null,
    hasEmail: !!p.email,
    mailStopped: p.mailStopped,
    /** What the supporter may do now (the writes check it again as their condition). */
    can: {
      max: perUnit && !ended,
      cancel: !ended && state === "owed",
      paid: state === "owed" && (!perUnit || ended),
      stopMail: !!p.email && !p.mailStopped,
    },
  };
}
export type SupporterView = ReturnType<typeof supporterView>;

/** The page's forms by intent (ADR 278): a new maximum, cancel (ticked to confirm), "I've paid", stop the mail. */
const SUPPORTER_FORMS = {
  max: pledgeMaxSchema.extend({ intent: z.literal("max") }),
  cancel: cancelPledgeSchema.extend({ intent: z.literal("cancel") }),
  paid: z.object({ intent: z.literal("paid") }),
  "stop-mail": z.object({ intent: z.literal("stop-mail") }),
} satisfies Record<SupporterIntent, z.ZodType>;

/**
 * A mail client's one-click unsubscribe (RFC 8058, ADR 245): every supporter mail's List-Unsubscribe is
 * this link. It comes without a cookie or an intent (none at all: parsed as sent), and is answered here,
 * not redirected.
 */
const ONE_CLICK = z.object({ intent: z.never().optional(), "List-Unsubscribe": z.literal("One-Click") });

export async function supporterAction(
  context: AppLoadContext,
  pledge: SupporterPledge,
  formData: FormData,
  today: IsoDate,
  here: string,
) {
  const env = context.cloudflare.env;
  if (parseWithZod(formData, { schema: ONE_CLICK, disableAutoCoercion: true }).status === "success") {
    await stopPledgeMail(context, pledge);
    return formDone(SUPPORTER_FLASH.stopped, { intent: "stop-mail" as const, result: null, error: null }, NO_STORE);
  }
  const { intent, submission } = parseIntentForm(formData, SUPPORTER_FORMS);
  if (!intent) return formRefused("Choose what to do with your pledge.", 400, { intent: null, result: null });
  if (intent === "max") {
    if (submission.status !== "success")
      return formErrorsAt("result", submission, 400, undefined, { intent, error: null });
    if (!(await changePledgeMax(context, pledge, submission.value.max, today)))
      return formErrorsAt(
        "result",
        submission,
        409,
        { formErrors: ["The challenge has ended: the maximum can no longer change."] },
        { intent, error: null },
      );
    throw await redirectWithFlash(env, here, SUPPORTER_FLASH.max);
  }
  if (intent === "cancel") {
    if (submission.status !== "success")
      return formErrorsAt("result", submission, 400, undefined, { intent, error: null });
    if (!(await cancelPledge(context, pledge, today)))
      return formErrorsAt(
        "result",
        submission,
        409,
        { formErrors: ["This pledge can no longer be cancelled: the challenge has ended or it is marked paid."] },
        { intent, error: null },
      );
    throw await redirectWithFlash(env, here, SUPPORTER_FLASH.cancelled);
  }
  if (intent === "paid") {
    if (!(await sayPledgePaid(context, pledge, today)))
      return formRefused(
        pledge.perUnit !== null && !isExpired(pledge.end, today)
          ? "A pledge per unit is paid once the challenge ends: we tell you the final amount then."
          : "This pledge is already marked paid.",
        409,
        { intent, result: null },
      );
    throw await redirectWithFlash(env, here, SUPPORTER_FLASH.paid);
  }
  await stopPledgeMail(context, pledge);
  throw await redirectWithFlash(env, here, SUPPORTER_FLASH.stopped);
}
