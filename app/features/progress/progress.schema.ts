/**
 * Input schemas for measured progress (ADR 140): the entry forms on the goal screen and the measure on
 * /create and its later edit. Entries depend on the goal (unit cap, dates) and the goal clock, so the
 * schema is built per request from those facts. Lengths are checked before any pattern.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import * as z from "zod";
import type { IsoDate } from "#app/lib/dates";
import {
  amountProblem,
  customUnitProblem,
  entryDayProblem,
  type EntryIntent,
  HUNDREDTHS,
  isEntryIntent,
  isPresetUnit,
  MAX_GROUP_TARGET,
  MAX_MEMBER_TARGET,
  MAX_NOTE,
  parseQuantity,
  PRESET_KEYS,
} from "./progress";
import { MAX_PLEDGE_MAJOR } from "#app/features/fundraising/fundraising";
import { challengeFields, checkChallenge } from "#app/features/goals/challenge.schema";
import { amount as moneyAmount, pledgeSchema } from "#app/features/fundraising/fundraising.schema";
import { email, REQUIRED } from "#app/lib/fields.schema";
import { containsMarkup } from "#app/lib/text-scan";
import { goalFields } from "#app/features/goals/goal.schema";
import { isSport } from "#app/features/activity/activity";

const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\u202A-\u202E\u2066-\u2069]/;

const id = () =>
  z
    .string({ error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .max(64, { message: "That entry is not one of yours in this goal.", abort: true })
    .regex(/^[A-Za-z0-9_-]+$/, "That entry is not one of yours in this goal.");

const note = z.preprocess(
  (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
  z
    .string({ error: "Write the note as text" })
    .trim()
    // UTF-16 length, as the input's maxLength counts (zod's max counts code points).
    .refine((v) => v.length <= MAX_NOTE, { message: `A note must be at most ${MAX_NOTE} characters`, abort: true })
    .refine((v) => !CONTROL.test(v), "Remove the unusual characters")
    .refine((v) => !containsMarkup(v), "Plain text only: remove the < > tags")
    .optional(),
);

/** The sport a typed entry names (optional): the organiser's factor for it applies (docs/product.md). */
const sport = z.preprocess(
  (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
  z
    .string({ error: "Choose a sport from the list" })
    .max(20, { message: "Choose a sport from the list", abort: true })
    .refine(isSport, "Choose a sport from the list")
    .optional(),
);

export interface EntryContext {
  unit: string;
  start: IsoDate | null;
  end: IsoDate | null;
  today: IsoDate;
}

function entryFields(goal: EntryContext) {
  return {
    amount: z
      .string({ error: REQUIRED })
      .trim()
      .min(1, REQUIRED)
      .max(32, { message: "Enter a number, like 5 or 5.25", abort: true })
      .transform((value, ctx) => {
        const problem = amountProblem(value, goal.unit);
        if (problem) {
          ctx.addIssue({ code: "custom", message: problem });
          return z.NEVER;
        }
        return (parseQuantity(value) as { ok: true; value: number }).value;
      }),
    day: z
      .string({ error: REQUIRED })
      .trim()
      .min(1, REQUIRED)
      .max(10, { message: "Enter a real date", abort: true })
      .superRefine((value, ctx) => {
        const problem = entryDayProblem(value, goal, goal.today);
        if (problem) ctx.addIssue({ code: "custom", message: problem });
      }),
    note,
  };
}

/** One schema per entry form; the form is told by its intent (or, when that is broken, by its fields). */
export function entrySchemas(goal: EntryContext) {
  return {
    "log-entry": z.object({
      intent: z.literal("log-entry"),
      key: z
        .string({ error: REQUIRED })
        .max(64, { message: "Reload the page and try again", abort: true })
        .regex(/^[0-9a-f]{32}$/, "Reload the page and try again"),
      ...entryFields(goal),
      sport,
    }),
    "edit-entry": z.object({ intent: z.literal("edit-entry"), entryId: id(), ...entryFields(goal) }),
    "delete-entry": z.object({ intent: z.literal("delete-entry"), entryId: id() }),
    "remove-entry": z.object({ intent: z.literal("remove-entry"), entryId: id() }),
  };
}

/** The organiser's entries page posts one form (ADR 278); its fields are progressAction's entrySchemas. */
export const REMOVE_ENTRY_FORM = { "remove-entry": z.object({ intent: z.literal("remove-entry") }) };

/**
 * Which entry form a post to the goal screen is, read before its fields (ADR 309): `form`, its intent, or
 * (a broken intent) the form its fields make it, whose schema then tells each field's problem; whether it
 * is an entry form at all (an entry intent, or entry fields without the membership's "complete"); the
 * entry it names, shown with the answer; and how the page asked to be answered (`answer=toast`: in place,
 * ADR 252). Every field is taken as sent (`unknown`, parsed without conform's coercion): a field sent
 * empty is still sent.
 */
const sentAsIs = z.unknown().optional();
const entryFormSchema = z
  .object({
    intent: sentAsIs,
    entryId: sentAsIs,
    amount: sentAsIs,
    key: sentAsIs,
    day: sentAsIs,
    note: sentAsIs,
    answer: sentAsIs,
  })
  .transform((f) => {
    const sent = (v: unknown) => v !== undefined;
    const form: EntryIntent = isEntryIntent(f.intent)
      ? f.intent
      : sent(f.entryId)
        ? sent(f.amount)
          ? "edit-entry"
          : "delete-entry"
        : "log-entry";
    return {
      form,
      isEntryForm:
        isEntryIntent(f.intent) || (f.intent !== "complete" && [f.amount, f.entryId, f.key, f.day, f.note].some(sent)),
      entryId: typeof f.entryId === "string" ? f.entryId.slice(0, 64) : null,
      toast: f.answer === "toast",
    };
  });

/** Which entry form a post is (entryFormSchema): the form, whether it is one, the entry it names, how to answer. */
export function entryFormOf(formData: FormData) {
  const which = parseWithZod(formData, { schema: entryFormSchema, disableAutoCoercion: true });
  // Every field is taken as sent: the schema cannot refuse.
  return which.status === "success"
    ? which.value
    : { form: "log-entry" as const, isEntryForm: false, entryId: null, toast: false };
}

/**
 * Whether a post to the goal screen is one of its entry forms (log, edit, delete, remove) rather than the
 * membership's own (complete, undo, leave): its intent, or the entry fields it carries.
 */
export const isEntryForm = (formData: FormData) => entryFormOf(formData).isEntryForm;

const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

const target = (max: number, label: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .max(32, { message: `Enter ${label} as a number, like 100`, abort: true })
      .transform((value, ctx) => {
        const parsed = parseQuantity(value);
        if (!parsed.ok) {
          ctx.addIssue({
            code: "custom",
            message:
              parsed.problem === "not-positive"
                ? `${label[0]!.toUpperCase()}${label.slice(1)} must be more than zero`
                : parsed.problem === "too-many-decimals"
                  ? "Use at most 2 decimal places"
                  : `Enter ${label} as a number, like 100`,
          });
          return z.NEVER;
        }
        if (parsed.value > max * HUNDREDTHS) {
          ctx.addIssue({ code: "custom", message: `The target can be at most ${max.toLocaleString("en-GB")}` });
          return z.NEVER;
        }
        return parsed.value;
      })
      .optional(),
  );

/** The measure fields of /create and of the measure edit form (all optional: no unit, no measure). */
export const measureFields = {
  unit: z.preprocess(
    blankToUndefined,
    z.enum(["none", ...PRESET_KEYS, "custom"], { error: "Choose a unit" }).optional(),
  ),
  customUnit: z.preprocess(blankToUndefined, z.string().max(64, { message: "Too long", abort: true }).optional()),
  unitTarget: target(MAX_MEMBER_TARGET, "the target per member"),
  groupTarget: target(MAX_GROUP_TARGET, "the group target"),
};

export interface MeasureValue {
  unit?: string;
  customUnit?: string;
  unitTarget?: number;
  groupTarget?: number;
}

/** A unit needs a per-member target; a custom unit needs a good name; no unit, no targets. */
export function checkMeasure(value: MeasureValue, ctx: z.RefinementCtx) {
  const unit = value.unit && value.unit !== "none" ? value.unit : undefined;
  if (!unit) {
    if (value.unitTarget !== undefined)
      ctx.addIssue({ code: "custom", path: ["unit"], message: "Choose a unit for the target" });
    if (value.groupTarget !== undefined)
      ctx.addIssue({ code: "custom", path: ["unit"], message: "Choose a unit for the target" });
    return;
  }
  if (unit === "custom") {
    const problem = customUnitProblem(value.customUnit ?? "");
    if (problem) ctx.addIssue({ code: "custom", path: ["customUnit"], message: problem });
  }
  if (value.unitTarget === undefined)
    ctx.addIssue({ code: "custom", path: ["unitTarget"], message: "Set the target per member, like 100" });
}

/** The goal columns a valid measure stands for (all null: no measure). */
export function measureColumns(value: MeasureValue) {
  const unit = value.unit && value.unit !== "none" ? value.unit : undefined;
  if (!unit) return { unit: null, unitTarget: null, groupTarget: null };
  return {
    unit: unit === "custom" ? value.customUnit!.trim() : unit,
    unitTarget: value.unitTarget ?? null,
    groupTarget: value.groupTarget ?? null,
  };
}

/** The edit form's fields from a stored unit: a preset key, or "custom" with its name. */
export const measureFormValues = (unit: string | null) =>
  !unit
    ? { unit: "none", customUnit: "" }
    : isPresetUnit(unit)
      ? { unit, customUnit: "" }
      : { unit: "custom", customUnit: unit };

/** The measure edit form (its route checks the intent itself, so a broken intent still shows field errors). */
export const editMeasureSchema = z.object(measureFields).superRefine((v, ctx) => checkMeasure(v, ctx));

/** /create: the goal, the month challenge and fundraising (ADR 025), and the measure. */
export const createMeasuredGoalSchema = z
  .object({ ...goalFields, ...challengeFields, ...measureFields })
  .superRefine((value, ctx) => {
    checkChallenge(value, ctx);
    checkMeasure(value, ctx);
  });

/** The field message when a per-unit pledge comes without its maximum. */
export const MAX_REQUIRED = "Set a maximum for a pledge per unit: the most it can grow to";

/** The most a supporter may pledge per unit logged (in major units). */
export const MAX_PER_UNIT_MAJOR = 1_000;

/**
 * The form shows only the chosen option's fields (ADR 241): what the other option's hidden fields still
 * carry is dropped before it is checked, so it can neither refuse nor change the pledge.
 */
function onlyChosenOption(input: unknown) {
  if (!input || typeof input !== "object") return input;
  const { amount, perUnit, max, ...rest } = input as Record<string, unknown>;
  return rest.kind === "per-unit" ? { ...rest, perUnit, max } : { ...rest, amount };
}

/** The team field's message: a team that is not one of this challenge's (ADR 246). */
export const CHOOSE_TEAM = "Choose the whole group or one of the challenge's teams";

/**
 * /give/{id}: a fixed pledge, or (on a measured goal) an amount per unit logged by the whole group or
 * by one member, with a maximum (ADR 142, 215). The fixed amount is required only for a fixed pledge;
 * the per-unit amount and its maximum only for a per-unit one (docs/product.md "Pledges per unit": no
 * pledge is worth more than a fixed pledge can be).
 */
const givePledgeFields = z.object({
  ...pledgeSchema.shape,
  amount: z.preprocess(blankToUndefined, pledgeSchema.shape.amount.optional()),
  kind: z.enum(["fixed", "per-unit"], { error: "Choose a fixed amount or an amount per unit" }).default("fixed"),
  perUnit: z.preprocess(blankToUndefined, moneyAmount(MAX_PER_UNIT_MAJOR, "the amount per unit").optional()),
  memberId: z.preprocess(
    blankToUndefined,
    z
      .string()
      .max(64, { message: "Choose the group or one of its members", abort: true })
      .regex(/^[A-Za-z0-9_-]+$/, "Choose the group or one of its members")
      .optional(),
  ),
  // A team of the challenge (ADR 246); blank is the whole group. Checked against the goal's teams by the server.
  teamId: z.preprocess(
    blankToUndefined,
    z
      .string()
      .max(64, { message: CHOOSE_TEAM, abort: true })
      .regex(/^[A-Za-z0-9_-]+$/, CHOOSE_TEAM)
      .optional(),
  ),
  max: z.preprocess(blankToUndefined, moneyAmount(MAX_PLEDGE_MAJOR, "the maximum").optional()),
  // The form's idempotency key (ADR 218); a page rendered before it existed sends none. One check, the
  // length before the pattern, that does not abort: a broken key (a tampered page) must not stop the
  // form's own checks, so an empty amount is still told on its field (found by the bad-input suite).
  key: z.preprocess(
    blankToUndefined,
    z
      .string()
      .refine((v) => v.length <= 64 && /^[0-9a-f]{32}$/.test(v), "Reload the page and try again")
      .optional(),
  ),
  // Used only for this pledge: the receipt with the supporter's own link, the final amount, reminders
  // (ADR 241). Optional: without it nobody can tell the supporter anything later.
  email: z.preprocess(blankToUndefined, email().optional()),
  // Mail at 50, 90 and 100% of the target (ADR 244): only with an address.
  updates: z.preprocess((v) => v === "on" || v === "true", z.boolean()).default(false),
});

/** The field message when updates are asked for without an address. */
export const UPDATES_NEED_EMAIL = "Enter your e-mail address to get the updates";

export const givePledgeSchema = z.preprocess(onlyChosenOption, givePledgeFields).superRefine((value, ctx) => {
  if (value.kind === "fixed" && value.amount === undefined)
    ctx.addIssue({ code: "custom", path: ["amount"], message: REQUIRED });
  if (value.kind === "per-unit" && value.perUnit === undefined)
    ctx.addIssue({ code: "custom", path: ["perUnit"], message: REQUIRED });
  if (value.kind === "per-unit" && value.max === undefined)
    ctx.addIssue({ code: "custom", path: ["max"], message: MAX_REQUIRED });
  if (value.updates && value.email === undefined)
    ctx.addIssue({ code: "custom", path: ["email"], message: UPDATES_NEED_EMAIL });
});
export type GivePledge = z.output<typeof givePledgeSchema>;
/** The schema as the form sees it: the preprocess takes the same fields it gives. */
export const givePledgeFormSchema = givePledgeSchema as unknown as z.ZodType<
  GivePledge,
  z.input<typeof givePledgeFields>
>;
