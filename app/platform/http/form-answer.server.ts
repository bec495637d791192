/**
 * How an action answers a form (the route contract, ADR 278): the form's errors with a 4xx, here, or a
 * redirect with a flash message (`redirectWithFlash`, flash.server.ts). The errors are conform's reply to
 * the submission: each field's message and what was typed (password fields hidden), for the form to show
 * again, with or without JavaScript.
 */
import { data } from "@remix-run/cloudflare";
import type { Submission, SubmissionResult } from "@conform-to/react";

/** What the form is told besides the schema's own messages (conform's reply options). */
export type FormReply = NonNullable<Parameters<Submission<unknown>["reply"]>[0]>;

/** A submission of any schema: all this needs is its reply. */
interface Replies {
  reply(options?: FormReply): SubmissionResult<string[]>;
}

/**
 * The form's errors, answered with `status` (a 4xx: nothing was written). `reply` adds the messages only
 * the server knows (`fieldErrors`, `formErrors`) and the fields not to send back (`hideFields`).
 */
export function formErrors(submission: Replies, status: number, reply?: FormReply, headers?: HeadersInit) {
  return data(submission.reply(reply), { status, headers });
}

/** The form's errors kept under `key`, for a screen with several forms (`{ settings: reply }`), with a 4xx. */
export function formErrorsAt<Key extends string>(
  key: Key,
  submission: Replies,
  status: number,
  reply?: FormReply,
): ReturnType<typeof data<Record<Key, SubmissionResult<string[]>>>> {
  return data({ [key]: submission.reply(reply) } as Record<Key, SubmissionResult<string[]>>, { status });
}

/**
 * A refusal that belongs to no field (a button's form: join, leave, revoke), told as one line where the
 * page shows it (`{ error }`), with a 4xx. Nothing was written.
 */
export function formRefused(message: string, status: number, headers?: HeadersInit) {
  return data({ error: message }, { status, headers });
}
