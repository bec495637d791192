/** The activity forms told apart by intent (ADR 278). */
import * as z from "zod";
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

/** Saving the activity files a member ticked, by intent (ADR 278); its rows are read by readSaveForm. */
export const SAVE_ACTIVITIES_FORM = { save: z.object({ intent: z.literal("save") }) };

/** The CSV import's steps, by intent (ADR 278); its file, lines and import id are read by the import. */
export const IMPORT_FORMS = {
  preview: z.object({ intent: z.literal("preview") }),
  import: z.object({ intent: z.literal("import") }),
  "undo-import": z.object({ intent: z.literal("undo-import") }),
};
