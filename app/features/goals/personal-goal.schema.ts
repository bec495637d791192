/**
 * A member's own goal (/goals/new, ADR 183): a cause, start and end dates and an optional measure.
 * Built per request from today, since the dates are bounded by it: a personal goal starts today or
 * within a year, and runs at most a year. Lengths are checked before any pattern (ADR 101).
 */
import * as z from "zod";
import { addDays, isIsoDate, type IsoDate } from "#app/lib/dates";
import { atMost, REQUIRED, singleLineText } from "#app/lib/fields.schema";
import { checkMeasure, measureFields } from "#app/features/progress/progress.schema";

/** How far ahead a personal goal may start, and how long it may run (in days). */
export const PERSONAL_GOAL_MAX_DAYS = 366;
/** Personal goals a member may start in a day: enough for anyone, too few to spam friends with. */
export const PERSONAL_GOALS_PER_DAY = 10;

const day = () =>
  z
    .string({ error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .max(10, atMost("Enter a real date"))
    .refine(isIsoDate, "Enter a real date");

export function personalGoalSchema(today: IsoDate) {
  const latestStart = addDays(today, PERSONAL_GOAL_MAX_DAYS - 1);
  return z
    .object({ cause: singleLineText(120, "The cause"), start: day(), end: day(), ...measureFields })
    .superRefine((value, ctx) => {
      checkMeasure(value, ctx);
      // zod still runs this after a field's own check failed: compare real dates only.
      if (!isIsoDate(value.start) || !isIsoDate(value.end)) return;
      if (value.start < today)
        ctx.addIssue({ code: "custom", path: ["start"], message: "The start date cannot be in the past" });
      else if (value.start > latestStart)
        ctx.addIssue({ code: "custom", path: ["start"], message: "Start within a year from today" });
      if (value.end < value.start)
        ctx.addIssue({ code: "custom", path: ["end"], message: "The end date must be on or after the start date" });
      else if (value.end > addDays(value.start, PERSONAL_GOAL_MAX_DAYS - 1))
        ctx.addIssue({ code: "custom", path: ["end"], message: "A goal can run for at most a year" });
    });
}
export type PersonalGoalInput = z.output<ReturnType<typeof personalGoalSchema>>;
