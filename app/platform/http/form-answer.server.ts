/**
 * How an action answers a form (the route contract, ADR 278, 309). Every answer is one of these, or a
 * redirect with a flash message (`redirectWithFlash`, flash.server.ts), the usual answer to a form done:
 * - refused, nothing written, a 4xx: `formErrors` (conform's reply: each field's message and what was
 *   typed, password fields hidden, for the form to show again with or without JavaScript),
 *   `formErrorsAt` (the same under a key, for a screen of several forms), `formRefused` (one line);
 * - done where it stands (a screen that stays, an admin's table): `formDone`, its notice;
 * - a stage of a form taken in more than one post (a preview to confirm, a file's rows to check):
 *   `formStep`;
 * - nothing to say of the form (a link closed meanwhile: the page's loader says so): `answerWithPage`.
 * tests/node/route-contract.test.mjs holds that an action returns nothing else.
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
export function formErrorsAt<Key extends string, Extra extends object = Record<never, never>>(
  key: Key,
  submission: Replies,
  status: number,
  reply?: FormReply,
  extra?: Extra,
): ReturnType<typeof data<Record<Key, SubmissionResult<string[]>> & Extra>> {
  const answer = { ...extra, [key]: submission.reply(reply) } as Record<Key, SubmissionResult<string[]>> & Extra;
  return data(answer, { status });
}

/**
 * A refusal that belongs to no field (a button's form: join, leave, revoke), told as one line where the
 * page shows it (`{ error }`), with a 4xx. Nothing was written. `extra` is what the page shows again
 * beside it (the rows of a file, the stage the form is at). No line (`null`) when each of those rows
 * says its own problem and the form has nothing to add (the activity files' rows, ADR 309).
 */
export function formRefused<Extra extends object = Record<never, never>>(
  message: string,
  status: number,
  extra?: Extra,
  headers?: HeadersInit,
): ReturnType<typeof data<Extra & { error: string }>>;
export function formRefused<Extra extends object>(
  message: null,
  status: number,
  extra: Extra,
  headers?: HeadersInit,
): ReturnType<typeof data<Extra & { error: null }>>;
export function formRefused<Extra extends object>(
  message: string | null,
  status: number,
  extra?: Extra,
  headers?: HeadersInit,
) {
  return data({ ...(extra as Extra), error: message }, { status, headers });
}

/**
 * A form done on a screen that stays where it is (an admin's settings or table): `{ notice }`, told
 * politely where the form is (ActionNotice), with what the page shows beside it (`extra`: the form's
 * reply, what was added).
 */
export function formDone<Extra extends object = Record<never, never>>(
  message: string,
  extra?: Extra,
  headers?: HeadersInit,
) {
  return data({ ...(extra as Extra), notice: message }, { headers });
}

/**
 * The next stage of a form taken in more than one post: a preview to confirm, the rows read from a file
 * to check before they are saved. Nothing was written yet (or the stage says what was).
 */
export function formStep<Step extends object>(step: Step) {
  return data(step);
}

/**
 * No answer of the form's own: the page's loader, run again after the action, says why with this status
 * (a sponsor link closed or revoked while its form was open).
 */
export function answerWithPage(status: number) {
  return data(null, { status });
}
