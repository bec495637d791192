/**
 * The CSV import's forms, told apart by intent (ADR 278, 309): preview a file or pasted lines, import
 * the preview (its id and lines carried by the preview's form), undo an import (asked first).
 */
import * as z from "zod";

/** The id the preview gave the import (a random id): its length first, then its pattern (docs/security.md). */
const importId = z
  .string()
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);

/** The CSV: the file chosen (the browser's "no file chosen" is none), else the lines pasted, as pasted. */
const csv = { file: z.file().optional(), csv: z.string().optional() };

export const IMPORT_FORMS = {
  preview: z.object({ intent: z.literal("preview"), ...csv }),
  import: z.object({ intent: z.literal("import"), importId, ...csv }),
  "undo-import": z.object({ intent: z.literal("undo-import"), importId, confirm: z.string().optional() }),
};
