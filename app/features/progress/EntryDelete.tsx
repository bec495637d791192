import { Form, useRevalidator } from "@remix-run/react";
import { AskFirst } from "#app/components/AskFirst";
import { postInPlace, showToast, undoable } from "#app/components/Toast";
import { useHydrated } from "#app/components/hooks/useHydrated";

/**
 * Delete (my entry) or Remove (the organiser, someone's entry), never at one tap's mercy (ADR 252): with
 * JavaScript the entry leaves the list at once with a toast offering Undo for a few seconds, and is
 * deleted when the toast goes; without it the first tap asks first, with the real button.
 */
export function EntryDelete({
  action,
  intent,
  entryId,
  verb,
  what,
  message,
  onGone,
}: {
  action: string;
  intent: "delete-entry" | "remove-entry";
  entryId: string;
  /** "Delete" or "Remove". */
  verb: string;
  /** The entry, for screen readers and the question: "entry of 5 km", "5 km by Gil Tester on 11/27". */
  what: string;
  /** The toast, e.g. "Entry deleted." */
  message: string;
  /** The row leaves the screen (true) or comes back (false). */
  onGone: (gone: boolean) => void;
}) {
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  if (hydrated)
    return (
      <button
        type="button"
        className="link-button"
        onClick={() =>
          undoable({
            key: `${intent}:${entryId}`,
            message,
            hide: () => onGone(true),
            restore: () => onGone(false),
            commit: () =>
              void postInPlace(action, { intent, entryId }).then((ok) => {
                if (ok) revalidator.revalidate();
                else {
                  onGone(false);
                  showToast(`That entry could not be ${verb === "Delete" ? "deleted" : "removed"}. Try again.`);
                }
              }),
          })
        }
      >
        {verb}
        <span className="visually-hidden"> {what}</span>
      </button>
    );
  return (
    <AskFirst
      summary={
        <>
          {verb}
          <span className="visually-hidden"> {what}</span>
        </>
      }
      summaryClassName="link-button"
      question={`${verb} this entry?`}
      keep="Keep it"
    >
      <p>
        {intent === "delete-entry"
          ? "It leaves your total, the leaderboard and any badge it earned."
          : "It leaves the member's total and the leaderboard; the removal is in the audit log."}
      </p>
      <Form method="post" action={action} className="entry__delete">
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="entryId" value={entryId} />
        <button type="submit" className="button button--danger">
          {`Yes, ${verb.toLowerCase()} it`}
          <span className="visually-hidden"> ({what})</span>
        </button>
      </Form>
    </AskFirst>
  );
}
