/**
 * A form with one image among its fields (a profile picture, a goal's icon; the route contract, ADR 309):
 * the upload read once (too large a body is refused before it is parsed), the fields parsed with the
 * schema, the image checked (a real PNG or JPEG, its metadata stripped: uploads.server.ts) and the
 * screen's own rules (`check`) applied, in one call. The answer is the value with the checked image, or
 * the submission to refuse with formErrors: every field's message at once, the image's under its field.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import type { Submission, SubmissionResult } from "@conform-to/react";
import type { AppLoadContext } from "@remix-run/cloudflare";
import type * as z from "zod";
import { readImageUpload, readUploadForm, type CheckedImage } from "./uploads.server";

/** Told under the image's field when the body is beyond any image we accept (413). */
export const UPLOAD_TOO_LARGE = "This upload is too large. Choose an image up to 2 MB.";

type FieldErrors = Record<string, string[]>;

export type ImageForm<Schema extends z.ZodType> =
  | {
      ok: true;
      value: z.output<Schema>;
      /** The new image, or null when none was chosen (the current one stays). */
      image: CheckedImage | null;
      submission: Submission<z.input<Schema>, string[], z.output<Schema>>;
    }
  | {
      ok: false;
      status: 400 | 413;
      /** What formErrors answers: the fields' messages and what was typed. */
      submission: { reply(options?: { fieldErrors?: FieldErrors }): SubmissionResult<string[]> };
    };

export async function readImageForm<Schema extends z.ZodType>(
  request: Request,
  context: AppLoadContext,
  options: {
    schema: Schema;
    /** The file input's name. */
    image: string;
    /** The rules only the server knows (who may choose what), by field; run on a valid form only. */
    check?: (value: z.output<Schema>) => FieldErrors;
  },
): Promise<ImageForm<Schema>> {
  const formData = await readUploadForm(request, context);
  if (!formData) {
    const tooLarge: SubmissionResult<string[]> = { status: "error", error: { [options.image]: [UPLOAD_TOO_LARGE] } };
    return { ok: false, status: 413, submission: { reply: () => tooLarge } };
  }
  const submission = parseWithZod(formData, { schema: options.schema });
  const upload = await readImageUpload(formData.get(options.image));
  const errors: FieldErrors = submission.status === "success" ? { ...options.check?.(submission.value) } : {};
  if (upload.error) errors[options.image] = [upload.error];
  if (submission.status !== "success" || Object.keys(errors).length) {
    const fieldErrors = Object.keys(errors).length ? errors : undefined;
    return { ok: false, status: 400, submission: { reply: () => submission.reply({ fieldErrors }) } };
  }
  return { ok: true, value: submission.value, image: upload.image ?? null, submission };
}
