/** Input schemas for fundraising, pledges, discussion and cheers (conform uses them in the browser too). */
import * as z from "zod";
import {
  CURRENCIES,
  isSafeDonationUrl,
  MAX_MESSAGE,
  MAX_PLEDGE_MAJOR,
  MAX_TARGET_MAJOR,
  parseAmount,
} from "./fundraising";
import { containsMarkup, isNegativeAmount } from "#app/lib/text-scan";
import { atMost, REQUIRED, requiredText, singleLineText } from "#app/lib/fields.schema";

/** An amount typed in major units ('25', '12.50') -> minor units within (0, max]. */
export const amount = (maxMajor: number, label: string) =>
  z
    .string({ error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .max(32, atMost(`Enter ${label} as a number, like 25 or 12.50`))
    .transform((value, ctx) => {
      const minor = parseAmount(value);
      if (isNegativeAmount(value)) {
        ctx.addIssue({ code: "custom", message: `${capitalise(label)} must be more than zero` });
        return z.NEVER;
      }
      if (minor === null) {
        ctx.addIssue({ code: "custom", message: `Enter ${label} as a number, like 25 or 12.50` });
        return z.NEVER;
      }
      if (minor <= 0) {
        ctx.addIssue({ code: "custom", message: `${capitalise(label)} must be more than zero` });
        return z.NEVER;
      }
      if (minor > maxMajor * 100) {
        ctx.addIssue({
          code: "custom",
          message: `${capitalise(label)} can be at most ${maxMajor.toLocaleString("en-GB")}`,
        });
        return z.NEVER;
      }
      return minor;
    });

/** Plain text only: anything that looks like an HTML tag is refused, so markup is never stored. */
const NO_MARKUP = "Plain text only: remove the < > tags";
const plain = <T extends z.ZodType<string | undefined>>(schema: T) =>
  schema.refine((v) => v === undefined || !containsMarkup(v), NO_MARKUP);

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

const optionalText = (max: number, label: string) =>
  z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    z
      .string()
      .trim()
      .max(max, atMost(`${label} must be at most ${max} characters`))
      .refine((v) => !/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.test(v), "Remove the unusual characters")
      .optional(),
  );

const checkbox = z.preprocess((v) => v === "on" || v === "true", z.boolean()).default(false);

export const currencySchema = z.enum(CURRENCIES, { error: "Choose one of the currencies" });

export const fundraisingSettingsSchema = z.object({
  intent: z.literal("save"),
  charityName: plain(singleLineText(100, "Charity name")),
  charityUrl: z
    .string({ error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .max(500, atMost("The link must be at most 500 characters"))
    .refine(isSafeDonationUrl, "Use the charity's own https:// donation page"),
  target: amount(MAX_TARGET_MAJOR, "the target"),
  currency: currencySchema,
});

export const pledgeSchema = z.object({
  name: plain(singleLineText(80, "Name")),
  amount: amount(MAX_PLEDGE_MAJOR, "the amount"),
  message: plain(optionalText(280, "Message")),
  anonymous: checkbox,
});

/** Where a goal's social forms send the browser back to (checked by safeReturnTo). */
const returnTo = z.unknown().optional();

export const messageSchema = z.object({
  intent: z.literal("post"),
  body: plain(requiredText(MAX_MESSAGE, "Message")),
  returnTo,
});

const id = () => z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(64, atMost("Unknown id"));

export const deleteMessageSchema = z.object({ intent: z.literal("delete"), messageId: id(), returnTo });

export const discussionSchema = z.discriminatedUnion("intent", [messageSchema, deleteMessageSchema]);

export const cheerSchema = z.object({ memberId: id(), returnTo });

export const revokeInviteSchema = z.object({ intent: z.literal("revoke") });

export const fundraisingActionSchema = z.discriminatedUnion("intent", [fundraisingSettingsSchema, revokeInviteSchema]);
