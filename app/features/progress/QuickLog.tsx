/**
 * The one log form (ADR 220, 224): the first card of the home and the top of a measured goal's screen.
 * Type the amount, Save: logged for today (another day and a note are folded away) in the goal picked
 * (the home's current goal first) or the goal on screen. A plain POST form (works without JavaScript;
 * the offline queue takes any log form sent offline, ADR 227, 228); with JavaScript a fetcher, so the
 * page stays put and the result is read out from the polite live region under Save, once.
 */
import { ActivityFilesLink } from "#app/features/activity/ActivityFilesLink";
import { SportCounts, SportField } from "#app/features/activity/SportField";
import { useFetcher, useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useFlash } from "#app/components/FlashMessage";
import { useHydrated } from "#app/components/hooks/useHydrated";
import { newId } from "#app/lib/ids";
import type { IsoDate } from "#app/lib/dates";
import { LOG_FORM_ID, MAX_NOTE, REACHED_TARGET_ID } from "#app/features/progress/log-form";
import { entryResultOf, type EntryAnswer, type EntryResult } from "./entry-answer";
import type { ProgressView } from "./progress-view.server";
import type { QuickLogData } from "./quick-log.server";

type Reply = EntryResult | null | undefined;

const OFFLINE_UNAVAILABLE =
  "Not saved: this phone is offline and the app could not keep the entry. Save again once connected.";

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

/**
 * The goal screen's log form: the same form for its one goal, from the screen's progress (ADR 224), with
 * the organiser's factors per sport (docs/product.md "Activity files").
 */
export function goalScreenLog(
  view: ProgressView,
  cause: string,
  today: IsoDate,
  factors: QuickLogData["goals"][number]["factors"] = [],
): QuickLogData {
  const { key, min, max } = view.form;
  return { key, today, goals: [{ id: view.goalId, cause, unitLabel: view.unitLabel, min, max, factors }] };
}

export function QuickLog({
  data,
  action,
  result,
  onGoalScreen = false,
}: {
  data: QuickLogData;
  /** /main (the home), or the goal screen's own /active/{id}. */
  action: string;
  /** The answer without JavaScript (a refusal, or the home's in-place message). */
  result?: Reply;
  /** On the goal's own screen: no card of its own, and the heading need not name the goal. */
  onGoalScreen?: boolean;
}) {
  const fetcher = useFetcher<EntryAnswer>({ key: "quick-log" });
  const form = useRef<HTMLFormElement>(null);
  const hydrated = useHydrated();
  const reply = fetcher.state === "idle" ? (entryResultOf(fetcher.data) ?? result) : undefined;
  const error = reply?.error;
  const initial = (error && reply.initialValue) as Record<string, string> | null;
  const [goalId, setGoalId] = useState(initial?.goal);
  const goal = data.goals.find((g) => g.id === goalId) ?? data.goals[0]!;
  // A goal picked before the page's script started stays picked: the select is not controlled (hydrating
  // a controlled one put it back), and the form follows what it shows once hydrated (ADR 253's rule for
  // fields typed early).
  useEffect(() => {
    const picked = (form.current?.elements.namedItem("goal") as HTMLSelectElement | null)?.value;
    if (picked && picked !== goal.id) setGoalId(picked);
  }, []); // eslint-disable-line react-hooks/exhaustive-deps
  // Without JavaScript the goal screen answers with a redirect back here, its message in a flash.
  const flash = useFlash();
  const told = reply?.message ?? (!fetcher.data && flash?.at === LOG_FORM_ID ? flash.message : undefined);
  const [unsent, setUnsent] = useState<string>();
  const status = useRef<HTMLParagraphElement>(null);
  // Save may sit at the window's bottom edge: bring the message under it into view once, when it is told.
  // A data reload (a live update) that began before that puts the scroll back where it was when it began
  // as it ends (React Router's scroll restoration), so after such a reload it is brought back again,
  // however long the reload took; "nearest" does nothing while it is in view (ADR 253, 224).
  const revalidation = useRevalidator().state;
  const navigation = useNavigation().state;
  const reloading = revalidation !== "idle" || navigation !== "idle";
  const answered = fetcher.state === "idle" ? fetcher.data?.notice : undefined;
  const scroll = useRef({ order: 0, reloadBegan: -1, shown: -1, shownFor: null as unknown, reloading: false });
  useEffect(() => {
    const s = scroll.current;
    if (reloading && !s.reloading) s.reloadBegan = ++s.order;
    const ended = s.reloading && !reloading;
    s.reloading = reloading;
    if (!answered) return;
    if (s.shownFor === fetcher.data && !(ended && s.reloadBegan < s.shown)) return;
    s.shownFor = fetcher.data;
    s.shown = ++s.order;
    // At once, not smoothly (app.css scrolls smoothly): a reload beginning mid-slide would save, then put
    // back, a place short of the message.
    status.current?.scrollIntoView({ block: "nearest", behavior: "instant" });
    // An entry that reached my target also brings the offer to complete the goal, just under the form, into
    // view, as the answer without JavaScript does by landing on the form (ADR 222, 224).
    document.getElementById(REACHED_TARGET_ID)?.scrollIntoView({ block: "nearest", behavior: "instant" });
  }, [fetcher.data, answered, reloading]);
  // The idempotency key (ADR 140): a double submit sends the same key; an entry typed after a submit is a
  // new one and gets a new key before the page has revalidated (it still carries the key just used).
  const [key, setKey] = useState(data.key);
  const sent = useRef("");
  // Fields typed in since the last submit: the next entry, already under way (kept when the answer lands).
  const typedSince = useRef(new Set<string>());
  useEffect(() => setKey(data.key), [data.key]);
  useEffect(() => {
    const el = (name: string) => form.current?.elements.namedItem(name) as HTMLInputElement | null;
    if (fetcher.state !== "idle" || !fetcher.data) return;
    // Refused: to the amount, whose message is read out with it. Logged: empty, ready for the next one.
    if (error) el("amount")?.focus();
    else
      for (const name of ["amount", "note", "day"]) {
        const input = el(name);
        if (input && !typedSince.current.has(name)) input.value = name === "day" ? goal.max : "";
      }
  }, [fetcher.state, fetcher.data]); // eslint-disable-line react-hooks/exhaustive-deps
  const errors = (...names: string[]) => names.flatMap((n) => error?.[n] ?? []);
  const amount = field("amount", errors("amount", "", "key", "goal"));
  const day = field("day", errors("day"));
  const note = field("note", errors("note"));
  const sportErrors = errors("sport");
  const many = data.goals.length > 1;
  return (
    <section
      className={onGoalScreen ? "quick-log quick-log--goal" : "quick-log card"}
      id={LOG_FORM_ID}
      aria-labelledby="quick-log-title"
    >
      <h2 id="quick-log-title" className="quick-log__title">
        {many || onGoalScreen ? "Log today" : `Log today in ${goal.cause}`}
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
        onSubmit={(event) => {
          // Offline before the offline queue has started (it loads after hydration; once started it takes
          // the submit before React does): hand it the entry rather than a request that cannot go out.
          if (!navigator.onLine) {
            event.preventDefault();
            const entry = new FormData(event.currentTarget, (event.nativeEvent as SubmitEvent).submitter);
            const target = event.currentTarget;
            setUnsent(undefined);
            // The offline code is in the page services' chunk, with the notice that shows the entry (ADR 229).
            void import("#app/components/PageServices")
              .then((m) => m.keepOnceStarted(target, entry))
              // Its code could not be had either (offline before the service worker had kept it): say so,
              // the amount stays typed for a Save once connected.
              .catch(() => setUnsent(OFFLINE_UNAVAILABLE));
            return;
          }
          setUnsent(undefined);
          sent.current = key;
          typedSince.current.clear();
        }}
        onInput={(event) => {
          if (sent.current === key) setKey(newId());
          if (sent.current) typedSince.current.add((event.target as HTMLInputElement).name);
        }}
      >
        <input type="hidden" name="intent" value="log-entry" />
        <input type="hidden" name="key" value={key} />
        {/* With JavaScript the goal screen answers here too, not with a redirect (ADR 253); the home always does. */}
        {hydrated ? <input type="hidden" name="answer" value="toast" /> : null}
        {many ? (
          <div className="field">
            <label htmlFor="quick-log-goal">Goal</label>
            <select id="quick-log-goal" name="goal" defaultValue={goal.id} onChange={(e) => setGoalId(e.target.value)}>
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
        <p className="quick-log__status" aria-live="polite" data-testid="quick-log-status" ref={status}>
          {told ?? unsent}
        </p>
      </fetcher.Form>
      <ActivityFilesLink goalId={goal.id} />
    </section>
  );
}
