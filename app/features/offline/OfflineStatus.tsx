/**
 * What the member needs to know about the phone's connection, at the top of the page (ADR 226, 227):
 * "Offline — showing what you saw at 08:14" on a saved copy, entries waiting to send, and any the app
 * refused once they were sent (with the reason, until dismissed). Nothing at all otherwise. It and the
 * offline machinery (offline.client.ts) are one chunk loaded after hydration (PageServices, ADR 229), so
 * /main's first script is not larger and the notice is here whenever the queue is.
 */
import { useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { formatMonthDay } from "#app/lib/dates";
// Static: in the same chunk as this component (on the server a .client module is empty; used in effects only).
import * as offline from "./offline.client";
import type { OfflineState } from "./offline.client";
import type { QueuedEntry } from "./queue";
import { savedAtText } from "./saved-pages";
import { withUnit } from "#app/lib/unit-text";

const describe = (e: QueuedEntry) =>
  `${e.unit ? withUnit(e.amount, e.unit) : e.amount}${/^\d{4}-\d{2}-\d{2}$/.test(e.day) ? ` on ${formatMonthDay(e.day as never)}` : ""}${e.goalName ? ` in ${e.goalName}` : ""}`;

/** `account`: the signed-in member's id (their queue only; none signed in: nothing to show). */
export function OfflineStatus({ account }: { account: string | null }) {
  const revalidator = useRevalidator();
  const [state, setState] = useState<OfflineState | null>(null);
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  useEffect(() => {
    offline.start(account);
    return offline.subscribe((next, synced) => {
      setState(next);
      if (synced) revalidate.current();
    });
  }, [account]);
  // Back online: the figures on screen are reloaded, and are no longer the saved copy.
  useEffect(() => {
    if (state?.online && state.savedAt && revalidator.state === "idle") {
      offline.fresh();
      revalidate.current();
    }
  }, [state?.online, state?.savedAt, revalidator.state]);
  if (!state) return null;
  const waiting = state.entries.filter((e) => e.status === "waiting");
  const refused = state.entries.filter((e) => e.status === "refused");
  const held = waiting.find((e) => e.heldUntil && e.message);
  if (!state.savedAt && state.online && !waiting.length && !refused.length) return null;
  return (
    <div className="offline-status" role="status" data-testid="offline-status">
      {state.savedAt && !state.online ? (
        <p className="offline-status__notice">Offline — showing what you saw at {savedAtText(state.savedAt)}</p>
      ) : !state.online ? (
        <p className="offline-status__notice">Offline — entries you log are kept on this phone and sent later</p>
      ) : null}
      {waiting.length ? (
        <div className="offline-status__queue">
          <p>
            <strong>{waiting.length === 1 ? "1 entry" : `${waiting.length} entries`} waiting to send</strong>{" "}
            {held ? null : "(sent when the connection returns)"}
          </p>
          {/* Held back by the write limit (ADR 238): why, and that nothing is needed from the member. */}
          {held ? <p className="offline-status__held">{held.message}</p> : null}
          <ul>
            {waiting.map((e) => (
              <li key={e.key}>{describe(e)}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {refused.map((e) => (
        <div className="offline-status__refused" key={e.key}>
          <p>
            <strong>Not logged:</strong> {describe(e)}. {e.message}
          </p>
          <button type="button" className="link-button" onClick={() => void offline.dismiss(e.key)}>
            Dismiss<span className="visually-hidden">{` ${describe(e)}`}</span>
          </button>
        </div>
      ))}
    </div>
  );
}
