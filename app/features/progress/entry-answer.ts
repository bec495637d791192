/**
 * The goal screen's entry forms (log, edit, delete, remove; the quick log) answer through the route
 * contract (ADR 309): refused, conform's reply under `progress` (formErrorsAt); done in place, formDone's
 * `notice`; either way `entry` says which form it was, the goal screen's forms being matched by it.
 * The forms read one result from it, with or without JavaScript.
 */

/** Which entry form answered: its intent, and the entry it was about (edit, delete, remove). */
export interface EntryForm {
  intent: string;
  entryId: string | null;
}

/** An entry form's answer as it comes back (formErrorsAt("progress", ...) or formDone, with `entry`). */
export interface EntryAnswer {
  entry: EntryForm;
  progress?: {
    error?: Record<string, string[] | null> | null;
    initialValue?: Record<string, unknown> | null;
  };
  notice?: string;
}

/** What an entry form shows of its answer: each field's messages and what was typed, or what was done. */
export interface EntryResult extends EntryForm {
  error: Record<string, string[] | null> | null;
  initialValue: Record<string, unknown> | null;
  /** What happened, when the form answers in place (the quick log, ADR 220) instead of redirecting. */
  message?: string;
}

/** The result an entry form shows, from its answer; undefined when there is none. */
export function entryResultOf(answer: EntryAnswer | null | undefined): EntryResult | undefined {
  if (!answer) return undefined;
  return {
    ...answer.entry,
    error: answer.progress?.error ?? null,
    initialValue: answer.progress?.initialValue ?? null,
    ...(answer.notice === undefined ? {} : { message: answer.notice }),
  };
}
