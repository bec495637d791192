/**
 * A screen whose forms post to one action, told apart by their `intent` (a hidden input or the button's
 * value; the route contract, ADR 278): the body read once (form-data.server.ts) and parsed with that
 * intent's schema, which holds the intent as a literal. A route never reads the intent, or any field,
 * from the form itself (tests/node/route-contract.test.mjs).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import type { Submission } from "@conform-to/react";
import type * as z from "zod";
import { formErrors } from "./form-answer.server";
import { readFormData } from "./form-data.server";

type Parsed<Schema extends z.ZodType> = Submission<z.input<Schema>, string[], z.output<Schema>>;

/**
 * The intent the form named with its parsed submission, or `intent: null` when it named none of them;
 * `formData` for a feature's own reader of fields no schema lists (a row per sport, per file).
 */
export type IntentForm<Schemas extends Record<string, z.ZodType>> =
  | {
      [K in keyof Schemas & string]: { intent: K; submission: Parsed<Schemas[K]>; formData: FormData };
    }[keyof Schemas & string]
  | { intent: null; submission: null; formData: FormData };

/**
 * Parses a form already read (an upload read by readUploadForm) by its intent's schema. With `otherwise`,
 * a form naming no known intent is parsed by that intent's schema (whose literal then refuses it), so a
 * screen's one typed-in field still gets its own message.
 */
export function parseIntentForm<Schemas extends Record<string, z.ZodType>>(
  formData: FormData,
  schemas: Schemas,
  otherwise?: keyof Schemas & string,
): IntentForm<Schemas> {
  const named = formData.get("intent");
  const intent = typeof named === "string" && Object.hasOwn(schemas, named) ? named : otherwise;
  if (!intent) return { intent: null, submission: null, formData };
  const submission = parseWithZod(formData, { schema: schemas[intent]! });
  return { intent, submission, formData } as IntentForm<Schemas>;
}

/** Reads the body once and parses it by its intent's schema (`otherwise`: as parseIntentForm). */
export async function readIntentForm<Schemas extends Record<string, z.ZodType>>(
  request: Request,
  schemas: Schemas,
): Promise<IntentForm<Schemas>>;
export async function readIntentForm<Schemas extends Record<string, z.ZodType>>(
  request: Request,
  schemas: Schemas,
  otherwise: keyof Schemas & string,
): Promise<Exclude<IntentForm<Schemas>, { intent: null }>>;
export async function readIntentForm<Schemas extends Record<string, z.ZodType>>(
  request: Request,
  schemas: Schemas,
  otherwise?: keyof Schemas & string,
): Promise<IntentForm<Schemas>> {
  return parseIntentForm(await readFormData(request), schemas, otherwise);
}

/** The first message of a refused submission (a form whose only answer is one line), or `fallback`. */
export function firstError(submission: { error?: Record<string, string[] | null> | null }, fallback: string) {
  for (const messages of Object.values(submission.error ?? {})) if (messages?.[0]) return messages[0];
  return fallback;
}

/**
 * The answer to a form that named none of the screen's intents (a stale or tampered page): "Unknown
 * action." as the form's error, with `schema`'s messages for what was sent, 400.
 */
export function unknownIntent(form: { formData: FormData }, schema: z.ZodType) {
  return formErrors(parseWithZod(form.formData, { schema }), 400, { formErrors: ["Unknown action."] });
}
