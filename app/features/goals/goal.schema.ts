/**
 * The goal form (/create). The fields are a plain shape so later features extend it without rewriting
 * it: e.g. `z.object({ ...goalFields, ...fundraisingFields }).superRefine(checkGoalDates)` (ADR 025).
 */
import * as z from "zod";
import { isIsoDate } from "#app/lib/dates";
import { atMost, singleLineText } from "#app/lib/fields.schema";

const optionalDate = () =>
  z
    .string()
    .trim()
    .max(10, atMost("Enter a real date"))
    .optional()
    .refine((v) => v === undefined || v === "" || isIsoDate(v), "Enter a real date")
    .transform((v) => (v ? v : null));

export const goalFields = {
  cause: singleLineText(120, "The cause"),
  start: optionalDate(),
  end: optionalDate(),
  visibility: z.enum(["public", "private"], { error: "Choose public or private" }).default("public"),
  demo: z
    .string()
    .max(10, atMost())
    .optional()
    .transform((v) => v === "on" || v === "true"),
  icon: z.instanceof(File, { error: "Choose an image file" }).optional(),
};

/** End on or after start: a goal can be a single day, never negative. */
export function checkGoalDates(value: { start: string | null; end: string | null }, ctx: z.RefinementCtx) {
  if (value.start && value.end && value.end < value.start) {
    ctx.addIssue({ code: "custom", path: ["end"], message: "The end date must be on or after the start date" });
  }
}

export const createGoalSchema = z.object(goalFields).superRefine(checkGoalDates);
export type CreateGoalInput = z.output<typeof createGoalSchema>;

/** A member's own buttons on a goal's screen (ADR 161), by intent (ADR 278): complete, undo, leave. */
export const MEMBERSHIP_FORMS = {
  complete: z.object({ intent: z.literal("complete") }),
  undo: z.object({ intent: z.literal("undo") }),
  leave: z.object({ intent: z.literal("leave") }),
};
