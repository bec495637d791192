/** The activity forms told apart by intent (ADR 278). */
import * as z from "zod";
import { MAX_FILES } from "./activity";
import { knownTimeZone } from "./local-day";
import { SPORTS, type Sport } from "./sports";
import { factorProblem } from "./sport-factors";

/** One sport's factor as typed: blank (counts x1), or 0.01 to 100 with at most 2 decimals (factorProblem). */
const factorField = z
  .string()
  .optional()
  .superRefine((text, ctx) => {
    const problem = factorProblem(text ?? "");
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

/** "How sports count": a field per sport, `factor-<sport>`, each checked on its own. */
export const sportFactorsSchema = z.object({
  intent: z.literal("sport-factors"),
  ...(Object.fromEntries(SPORTS.map((sport) => [`factor-${sport}`, factorField])) as Record<
    `factor-${Sport}`,
    typeof factorField
  >),
});

export const SPORT_FACTORS_FORM = { "sport-factors": sportFactorsSchema };

/** The factors set on the form, in hundredths; a blank sport is left out (it counts x1). */
export function factorsOf(value: z.output<typeof sportFactorsSchema>): [Sport, number][] {
  return SPORTS.flatMap((sport): [Sport, number][] => {
    const text = value[`factor-${sport}`]?.trim();
    return text ? [[sport, Math.round(Number(text) * 100)]] : [];
  });
}

/**
 * Files read without JavaScript (ADR 260): the files chosen (the browser's "no file chosen" is none) and
 * the member's time zone as their browser reports it, a zone the runtime knows or none (UTC).
 */
export const READ_FILES_FORM = z.object({
  files: z.array(z.file()).default([]),
  tz: z
    .unknown()
    .optional()
    .transform((zone) => knownTimeZone(zone)),
});

/** A row of the save form: its fields as sent (`name-0`, `amount-0`, ...), "" for one not sent. */
export const SAVE_ROW_FIELDS = ["include", "name", "hash", "day", "amount", "sport", "seconds"] as const;
export type SaveRowFields = Record<(typeof SAVE_ROW_FIELDS)[number], string>;

/**
 * Saving the activity files a member ticked, by intent (ADR 278): the number of rows, then each row's
 * fields as typed; readSaveForm checks each row as a typed entry is checked, its problem beside it.
 */
export const SAVE_ACTIVITIES_FORM = {
  save: z
    .looseObject({ intent: z.literal("save"), rows: z.number().int().min(0).max(MAX_FILES).default(0) })
    .transform(({ rows, ...sent }) => ({
      rows: Array.from(
        { length: rows },
        (_, index): SaveRowFields =>
          Object.fromEntries(
            SAVE_ROW_FIELDS.map((name) => {
              const value = sent[`${name}-${index}`];
              return [name, typeof value === "string" ? value : ""];
            }),
          ) as SaveRowFields,
      ),
    })),
};
