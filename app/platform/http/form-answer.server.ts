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
