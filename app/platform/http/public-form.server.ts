/**
 * The one guard call of a public form (sign-in, sign-up, early access, password reset, pledges; ADR 278):
 * the body read once (form-data.server.ts), the honeypot (honeypot.server.ts), the form's schema, then
 * the form's throttle, which counts the address the form names (or the signed-in member's) and the
 * client's address. What it refuses is answered here: a 400 for the honeypot (thrown), the schema's field
 * messages with a 400, "Too Many Requests Try Again Later" with a 429. The same-origin check is the
 * request guard's, for every mutation (ADR 071). A route or a feature never calls a throttle or the
 * honeypot of a public form itself (tests/node/route-contract.test.mjs).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { parseWithZod } from "@conform-to/zod/v4";
import type * as z from "zod";
import { countersFor, hit, TOO_MANY_REQUESTS, type Limit } from "#app/platform/session/rate-limit.server";
import { formErrors } from "./form-answer.server";
import { readFormData } from "./form-data.server";
import { checkHoneypot } from "./honeypot.server";

export interface PublicFormOptions<Schema extends z.ZodType, Checked> {
  schema: Schema;
  /** Fields never sent back with the errors (a password). */
  hideFields?: string[];
  /**
   * The rules only the server knows, checked after the schema and before the throttle counts: a
   * refusal (its messages and status) is answered as the form's errors and is not counted; otherwise
   * what the check found (`checked`) comes back with the value.
   */
  check?: (value: z.output<Schema>) => Promise<Refusal | { checked: Checked }> | Refusal | { checked: Checked };
  /**
   * The form's brake (rate-limit.server.ts LIMITS): a counter per e-mail address and one per client
   * address; `emailOf` names the address counted (the form's, or the signed-in member's). A refusal is
   * told under the `field` named, else as the form's message.
   */
  throttle?: {
    email?: Limit;
    address?: Limit;
    emailOf?: (value: z.output<Schema>, checked: Checked | undefined) => string | null | undefined;
    field?: string;
  };
}

/** A refusal by a form's `check`: a 4xx with the messages for its fields or for the whole form. */
export interface Refusal {
  status: number;
  fieldErrors?: Record<string, string[]>;
  formErrors?: string[];
}

/**
 * A public form read and guarded: its typed value, what its check found and the submission (for the
 * errors its command may still add), or `refused`, the answer to return as it is.
 */
export async function readPublicForm<Schema extends z.ZodType, Checked = undefined>(
  request: Request,
  context: AppLoadContext,
  options: PublicFormOptions<Schema, Checked>,
) {
  const formData = await readFormData(request);
  await checkHoneypot(context, formData);
  const submission = parseWithZod(formData, { schema: options.schema });
  const { hideFields, throttle } = options;
  if (submission.status !== "success")
    return { refused: formErrors(submission, 400, hideFields && { hideFields }) } as const;
  const value = submission.value as z.output<Schema>;
  const outcome = options.check ? await options.check(value) : undefined;
  if (outcome && !("checked" in outcome)) {
    const { status, ...errors } = outcome;
    return { refused: formErrors(submission, status, { ...errors, hideFields }) } as const;
  }
  const checked = outcome?.checked;
  if (throttle) {
    const counters = countersFor(request, throttle, throttle.emailOf?.(value, checked));
    if (await hit(context.db, counters)) {
      const errors = throttle.field
        ? { fieldErrors: { [throttle.field]: [TOO_MANY_REQUESTS] } }
        : { formErrors: [TOO_MANY_REQUESTS] };
      return { refused: formErrors(submission, 429, { ...errors, hideFields }) } as const;
    }
  }
  return { submission, value, checked: checked as Checked, refused: null } as const;
}
