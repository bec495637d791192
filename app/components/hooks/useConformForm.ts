/**
 * Every form's conform setup in one place (docs/security.md, "V5"): the zod schema validates in the
 * browser with the same rules the action uses, and the action's `lastResult` shows the server's verdict.
 * - "onBlur" (the default, named for its HTML constraints): required, maxlength... from the schema; the
 *   form is checked when sent, then each field again on every input (ADR 280). Not on blur: an error
 *   appearing as the last field loses focus to the submit button moved the button from under the
 *   pointer, and that first click was lost.
 * - "onSubmit": no HTML constraints, checked only when sent (switch lists, developer tools).
 * `lastResult` is whatever the action or loader answered: conform reads its own result shape from it.
 */
import { useForm, type DefaultValue, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";

export function useConformForm<Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(
  schema: Schema,
  options: {
    id: string;
    lastResult?: unknown;
    defaultValue?: DefaultValue<z.input<Schema>>;
    validate?: "onBlur" | "onSubmit";
  },
) {
  const validate = options.validate ?? "onBlur";
  return useForm<z.input<Schema>, z.output<Schema>>({
    id: options.id,
    // Loaders and actions answer unions conform's types cannot narrow; the shape is conform's own.
    lastResult: options.lastResult as SubmissionResult<string[]> | null | undefined,
    defaultValue: options.defaultValue,
    constraint: validate === "onBlur" ? getZodConstraint(schema) : undefined,
    shouldValidate: "onSubmit",
    shouldRevalidate: validate === "onBlur" ? "onInput" : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
}
