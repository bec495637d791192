/**
 * /create with the month-challenge template and optional fundraising (ADR 025, 060), built on the goal
 * form's own shape (ADR 025): `goalFields` plus `challengeFields`, checked together.
 */
import * as z from "zod";
import {
  isSafeDonationUrl,
  MAX_TARGET_MAJOR,
  monthChallengeDates,
  parseAmount,
} from "#app/features/fundraising/fundraising";
import { currencySchema } from "#app/features/fundraising/fundraising.schema";
import { containsMarkup } from "#app/lib/text-scan";
import { atMost } from "#app/lib/fields.schema";
import { checkGoalDates, goalFields } from "./goal.schema";

const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

export const challengeFields = {
  template: z.enum(["custom", "month"], { error: "Choose custom dates or a month challenge" }).default("custom"),
  month: z.preprocess(blankToUndefined, z.string().trim().max(7, atMost()).optional()),
  charityName: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .max(100, atMost("Charity name must be at most 100 characters"))
      .refine((v) => !containsMarkup(v), "Plain text only: remove the < > tags")
      .optional(),
  ),
  charityUrl: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .max(500, atMost("The link must be at most 500 characters"))
      .refine(isSafeDonationUrl, "Use the charity's own https:// donation page")
      .optional(),
  ),
  target: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .max(32, atMost())
      .refine(
        (v) => {
          const minor = parseAmount(v);
          return minor !== null && minor > 0 && minor <= MAX_TARGET_MAJOR * 100;
        },
        `Enter a target between 1 and ${MAX_TARGET_MAJOR.toLocaleString("en-GB")}, like 500 or 1,250.50`,
      )
      .optional(),
  ),
  currency: currencySchema.default("GBP"),
};

type ChallengeValue = {
  template: "custom" | "month";
  month?: string;
  start: string | null;
  end: string | null;
  charityName?: string;
  charityUrl?: string;
  target?: string;
};

/** A month challenge needs a month (its own dates win); fundraising is all three fields or none. */
export function checkChallenge(value: ChallengeValue, ctx: z.RefinementCtx) {
  if (value.template === "month") {
    if (!monthChallengeDates(value.month ?? ""))
      ctx.addIssue({ code: "custom", path: ["month"], message: "Choose the month of the challenge" });
  } else {
    checkGoalDates(value, ctx);
  }
  const given = [value.charityName, value.charityUrl, value.target].filter((v) => v !== undefined).length;
  if (given > 0 && given < 3) {
    const missing = "Fill in the charity, its donation page and the target, or leave all three empty";
    if (!value.charityName) ctx.addIssue({ code: "custom", path: ["charityName"], message: missing });
    if (!value.charityUrl) ctx.addIssue({ code: "custom", path: ["charityUrl"], message: missing });
    if (value.target === undefined) ctx.addIssue({ code: "custom", path: ["target"], message: missing });
  }
}

export const createChallengeSchema = z.object({ ...goalFields, ...challengeFields }).superRefine(checkChallenge);

/** The dates and fundraising columns a valid submission stands for. */
export function challengeColumns(value: z.output<typeof createChallengeSchema>) {
  const dates =
    value.template === "month" ? monthChallengeDates(value.month!)! : { start: value.start, end: value.end };
  const fundraising =
    value.charityName && value.charityUrl && value.target
      ? {
          charityName: value.charityName,
          charityUrl: value.charityUrl,
          targetAmount: parseAmount(value.target)!,
          currency: value.currency,
        }
      : {};
  return { ...dates, ...fundraising };
}
