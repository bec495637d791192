/** The activity forms told apart by intent (ADR 278). "How sports count": its factors are read by readFactorsForm. */
import * as z from "zod";

export const SPORT_FACTORS_FORM = { "sport-factors": z.object({ intent: z.literal("sport-factors") }) };

/** Saving the activity files a member ticked, by intent (ADR 278); its rows are read by readSaveForm. */
export const SAVE_ACTIVITIES_FORM = { save: z.object({ intent: z.literal("save") }) };

/** The CSV import's steps, by intent (ADR 278); its file, lines and import id are read by the import. */
export const IMPORT_FORMS = {
  preview: z.object({ intent: z.literal("preview") }),
  import: z.object({ intent: z.literal("import") }),
  "undo-import": z.object({ intent: z.literal("undo-import") }),
};
