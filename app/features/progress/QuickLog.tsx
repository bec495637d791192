/**
 * The quick log (ADR 220): the first card of the home. Type the amount, Save: logged for today in the
 * goal picked (the home's current goal first). A plain POST form (works without JavaScript, and the
 * offline queue finds it by its data-quick-log hook); with JavaScript a fetcher, so the page stays put
 * and the result is read out from the polite live region under Save, once.
 */
import { ActivityFilesLink } from "#app/features/activity/ActivityFilesLink";
import { SportCounts, SportField } from "#app/features/activity/SportField";
import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { newId } from "#app/lib/ids";
import { MAX_NOTE } from "#app/features/progress/progress";
import type { ProgressActionData } from "./progress-form.server";
import type { QuickLogData } from "./quick-log.server";

type Reply = ProgressActionData["progress"] | null | undefined;

/** A field's input props and its message (ids "quick-log-<name>" and "…-error"). */
function field(name: string, errors: string[]) {
  const id = `quick-log-${name}`;
  return {
    input: {
      id,
      name,
      "aria-invalid": errors.length ? true : undefined,
      "aria-describedby": errors.length ? `${id}-error` : undefined,
    },
    error: errors.length ? (
      <p className="field__error" id={`${id}-error`}>
        {errors.join(", ")}
      </p>
    ) : null,
  };
}

export function QuickLog({ data, action, result }: { data: QuickLogData; action: string; result?: Reply }) {
  const fetcher = useFetcher<ProgressActionData>({ key: "quick-log" });
  const form = useRef<HTMLFormElement>(null);
  const reply = fetcher.state === "idle" ? (fetcher.data?.progress ?? result) : undefined;
  const error = reply?.error;
  const initial = (error && reply.initialValue) as Record<string, string> | null;
  const [goalId, setGoalId] = useState(initial?.goal);
  const goal = data.goals.find((g) => g.id === goalId) ?? data.goals[0]!;
  // The idempotency key (as the goal screen's form, ADR 140): a double submit sends the same key; an
  // entry typed after a submit is a new one and gets a new key before the page has revalidated.
  const [key, setKey] = useState(data.key);
  const sent = useRef("");
  useEffect(() => setKey(data.key), [data.key]);
  useEffect(() => {
    const el = (name: string) => form.current?.elements.namedItem(name) as HTMLInputElement;
    if (fetcher.state !== "idle" || !fetcher.data) return;
    // Refused: to the amount, whose message is read out with it. Logged: empty, ready for the next one.
    if (error) el("amount").focus();
    else for (const name of ["amount", "note", "day"]) el(name).value = name === "day" ? goal.max : "";
  }, [fetcher.state, fetcher.data]); // eslint-disable-line react-hooks/exhaustive-deps
  const errors = (...names: string[]) => names.flatMap((n) => error?.[n] ?? []);
  const amount = field("amount", errors("amount", "", "key", "goal"));
  const day = field("day", errors("day"));
  const note = field("note", errors("note"));
  const sportErrors = errors("sport");
  const many = data.goals.length > 1;
  return (
    <section className="quick-log card" aria-labelledby="quick-log-title">
      <h2 id="quick-log-title" className="quick-log__title">
        {many ? "Log today" : `Log today in ${goal.cause}`}
      </h2>
      <fetcher.Form
        method="post"
        action={action}
        className="form quick-log__form"
        data-quick-log=""
        // Read by the offline queue to name an entry kept on the phone (ADR 227): the goal picked.
        data-goal-id={goal.id}
        data-goal-name={goal.cause}
        data-unit={goal.unitLabel}
        ref={form}
        preventScrollReset
        aria-labelledby="quick-log-title"
        onSubmit={() => (sent.current = key)}
        onInput={() => sent.current === key && setKey(newId())}
      >
        <input type="hidden" name="intent" value="log-entry" />
        <input type="hidden" name="key" value={key} />
        {many ? (
          <div className="field">
            <label htmlFor="quick-log-goal">Goal</label>
            <select id="quick-log-goal" name="goal" value={goal.id} onChange={(e) => setGoalId(e.target.value)}>
              {data.goals.map((g) => (
                <option key={g.id} value={g.id}>
                  {`${g.cause} (${g.unitLabel})`}
                </option>
              ))}
            </select>
          </div>
        ) : (
          <input type="hidden" name="goal" value={goal.id} />
        )}
        <div className="quick-log__row">
          <div className="field quick-log__amount">
            <label htmlFor="quick-log-amount">Amount ({goal.unitLabel})</label>
            <input
              {...amount.input}
              type="text"
              inputMode="decimal"
              autoComplete="off"
              enterKeyHint="done"
              required
              maxLength={32}
              defaultValue={initial?.amount}
            />
          </div>
          <button
            type="submit"
            className="button quick-log__save"
            aria-disabled={fetcher.state !== "idle" || undefined}
          >
            Save
          </button>
        </div>
        {amount.error}
        {/* Day and note stay folded: today is the usual day (open by itself when one of them is wrong). */}
        <details className="quick-log__more" open={!!(day.error || note.error || sportErrors.length) || undefined}>
          <summary>Another day, a sport or a note</summary>
          <div className="quick-log__extra">
            <div className="field">
              <label htmlFor="quick-log-day">Day</label>
              <input
                {...day.input}
                type="date"
                required
                min={goal.min ?? undefined}
                max={goal.max}
                defaultValue={initial?.day ?? goal.max}
              />
              {day.error}
            </div>
            <div className="field">
              <label htmlFor="quick-log-note">
                Note<span className="field__tag">Optional</span>
              </label>
              <input {...note.input} type="text" maxLength={MAX_NOTE} defaultValue={initial?.note} />
              {note.error}
            </div>
            <SportField
              id="quick-log-sport"
              counts={goal.factors?.length ? "quick-log-counts" : undefined}
              defaultValue={initial?.sport}
              errors={sportErrors}
            />
          </div>
        </details>
        <SportCounts id="quick-log-counts" factors={goal.factors ?? []} unitLabel={goal.unitLabel} />
        {/* Always in the page, so what it says is read out when it changes (and only then). */}
        <p className="quick-log__status" aria-live="polite" data-testid="quick-log-status">
          {reply?.message}
        </p>
      </fetcher.Form>
      <ActivityFilesLink goalId={goal.id} />
    </section>
  );
}
