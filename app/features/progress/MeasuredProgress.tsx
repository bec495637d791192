/**
 * The goal screen's progress section (ADR 140): my total vs my target, my streak and rank, the group
 * total, the leaderboard, my recent entries (edit, delete) and the group's latest (the log form leads the
 * goal screen, QuickLog.tsx, ADR 224). Every form is a plain POST to /active/{id} (works without JavaScript); with JavaScript they are fetcher
 * forms and the figures move at once (optimistic), the idempotency key stopping a double log.
 */
import { Form, Link, useFetcher, useFetchers } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { formatMonthDay } from "#app/lib/dates";
import { FlashBeside } from "#app/components/FlashMessage";
import { showToast } from "#app/components/Toast";
import { useHydrated } from "#app/components/hooks/useHydrated";
import { EntryDelete } from "./EntryDelete";
import { barFill, percentLabel } from "#app/lib/percent";
import {
  formatQuantity,
  MAX_NOTE,
  parseQuantity,
  percentOfTarget,
  reachedTarget,
} from "#app/features/progress/progress";
import { REACHED_TARGET_ID } from "#app/features/progress/log-form";
import { entryResultOf, type EntryAnswer, type EntryResult } from "#app/features/progress/entry-answer";
import type { ProgressView } from "#app/features/progress/progress-view.server";

type Result = EntryResult | null | undefined;

const errorsOf = (result: Result, name: string) => result?.error?.[name] ?? [];

/**
 * Amount changes of this goal's entry forms still in flight (the optimistic part of my total), and my
 * total with them.
 */
function usePendingChange(view: ProgressView): {
  delta: number;
  logs: { amount: number; day: string }[];
  myTotal: number;
} {
  const fetchers = useFetchers();
  let delta = 0;
  const logs: { amount: number; day: string }[] = [];
  for (const f of fetchers) {
    if (!f.formData || f.formAction?.split("?")[0] !== `/active/${view.goalId}`) continue;
    const intent = f.formData.get("intent");
    const amount = parseQuantity(f.formData.get("amount"));
    if (intent === "log-entry" && amount.ok) {
      delta += amount.value;
      logs.push({ amount: amount.value, day: String(f.formData.get("day") ?? "") });
    } else if (intent === "edit-entry" && amount.ok) {
      const before = view.myEntries.find((e) => e.id === f.formData!.get("entryId"));
      if (before) delta += amount.value - (parseQuantity(before.amount) as { value: number }).value;
    } else if (intent === "delete-entry") {
      const before = view.myEntries.find((e) => e.id === f.formData!.get("entryId"));
      if (before) delta -= (parseQuantity(before.amount) as { value: number }).value;
    }
  }
  return { delta, logs, myTotal: view.me ? Math.max(0, view.me.total + delta) : 0 };
}

function Bar({ label, percent, part, text }: { label: string; percent: number | null; part: number; text: string }) {
  const fill = barFill(percent ?? 0, part);
  return (
    <div className="measure__track" role="progressbar" aria-label={label} aria-valuenow={fill} aria-valuetext={text}>
      <div className="measure__fill" style={{ width: `${fill}%` }} />
    </div>
  );
}

export function MeasuredProgress({
  view,
  result,
  sponsorable,
}: {
  view: ProgressView;
  result?: Result;
  /** The goal raises money: a member can ask friends to sponsor them per unit (ADR 142). */
  sponsorable?: boolean;
}) {
  const pending = usePendingChange(view);
  const me = view.me;
  const myTotal = pending.myTotal;
  const myPercent = me ? percentOfTarget(myTotal, me.target) : null;
  const fmt = (n: number) => formatQuantity(n, view.unit);
  return (
    <section className="measure card" id="progress" aria-labelledby="progress-title">
      <h2 id="progress-title">Progress</h2>
      {me ? (
        <div className="measure__mine">
          <p className="measure__figure">
            <span>My total</span> <strong data-testid="my-total">{fmt(myTotal)}</strong>
            {view.memberTargetText ? <> of {view.memberTargetText}</> : null}
            {myPercent !== null ? <span data-testid="my-percent"> ({percentLabel(myPercent, myTotal)})</span> : null}
          </p>
          <Bar
            label="My progress"
            percent={myPercent}
            part={myTotal}
            text={`${fmt(myTotal)}${view.memberTargetText ? ` of ${view.memberTargetText}` : ""}`}
          />
          <dl className="measure__stats">
            <div>
              <dt>Streak</dt>
              <dd data-testid="streak">
                {me.streak} {me.streak === 1 ? "day" : "days"}
              </dd>
            </div>
            <div>
              <dt>Entries</dt>
              <dd>{me.entries}</dd>
            </div>
            {me.rank ? (
              <div>
                <dt>Rank</dt>
                <dd data-testid="my-rank">
                  {me.rank} of {view.group.loggers}
                </dd>
              </div>
            ) : null}
          </dl>
          {view.standing?.me ? <StandingBlock standing={view.standing.me} testId="my-standing" /> : null}
        </div>
      ) : null}
      <div className="measure__group">
        <p className="measure__figure">
          <span>Group total</span> <strong data-testid="group-total">{view.group.totalText}</strong>
          {view.groupTargetText ? <> of {view.groupTargetText}</> : null}
          {view.group.percent !== null ? <span> ({percentLabel(view.group.percent, view.group.total)})</span> : null}
        </p>
        {view.groupTargetText ? (
          <Bar
            label="Group progress"
            percent={view.group.percent}
            part={view.group.total}
            text={`${view.group.totalText} of ${view.groupTargetText}`}
          />
        ) : null}
        {view.standing ? <StandingBlock standing={view.standing.group} testId="group-standing" /> : null}
      </div>
      {sponsorable && me && view.canLog ? (
        <p className="measure__sponsor">
          <Link to={`/goals/${view.goalId}/sponsor`}>Get sponsored per {view.unitLabel.replace(/s$/, "")}</Link>: your
          own link, QR code and share sheet, so friends can pledge for each {view.unitLabel.replace(/s$/, "")} you log.
        </p>
      ) : null}
      {/* An archived challenge says so once: its notice says why nothing can be logged (the refusal would repeat it). */}
      {view.refusal && !view.archived ? <p className="notice">{view.refusal}</p> : null}
      {view.archived ? (
        <p className="notice" data-testid="archived-notice">
          This challenge is archived: its entries are kept in a file and can no longer be changed or removed. Its totals
          and leaderboard are final.
        </p>
      ) : null}
      {result && result.error?.[""] && result.intent !== "log-entry" ? (
        <p className="form-error" role="alert">
          {result.error[""]!.join(", ")}
        </p>
      ) : null}
      {view.board ? <Leaderboard view={view} /> : null}
      {me ? <MyEntries view={view} pendingLogs={pending.logs} result={result} /> : null}
      {view.latest ? <Latest view={view} /> : null}
    </section>
  );
}

/**
 * Reaching my target offers completion where I am looking (ADR 222, 224): under the log form at the top
 * of the goal screen, as the entry that reached it is saved (counted with the entries still on their
 * way). The goal's own confirm step follows (ADR 161): it never completes by itself.
 */
export function ReachedTarget({ view }: { view: ProgressView }) {
  const { myTotal } = usePendingChange(view);
  const me = view.me;
  if (!me || !view.canLog || !reachedTarget(myTotal, me.target)) return null;
  return (
    <div className="measure__reached notice" role="status" id={REACHED_TARGET_ID}>
      <p>You reached your target. Well done!</p>
      <Form method="get" action={`/active/${view.goalId}`}>
        <input type="hidden" name="confirm" value="complete" />
        <button type="submit" className="button">
          Mark goal complete
        </button>
      </Form>
    </div>
  );
}

/**
 * Where I (or the group) stand (ADR 221): pace, even pace and best day as sentences, then the chart the
 * server drew (an SVG with its text alternative and a table; standing.ts escapes every text in it).
 */
function StandingBlock({
  standing,
  testId,
}: {
  standing: NonNullable<ProgressView["standing"]>["group"];
  testId: string;
}) {
  return (
    <div className="standing" data-testid={testId}>
      <ul className="standing__lines">
        {standing.lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <div className="standing__figure" dangerouslySetInnerHTML={{ __html: standing.html }} />
    </div>
  );
}

function EntryFields({
  idPrefix,
  view,
  result,
  values,
}: {
  idPrefix: string;
  view: ProgressView;
  result: Result;
  values: { amount: string; day: string; note: string };
}) {
  const initial = result?.initialValue as Record<string, string> | null | undefined;
  const field = (name: "amount" | "day" | "note") => {
    const errors = errorsOf(result, name);
    const id = `${idPrefix}-${name}`;
    return {
      id,
      name,
      defaultValue: (initial?.[name] as string | undefined) ?? values[name],
      "aria-invalid": errors.length ? true : undefined,
      "aria-describedby": errors.length ? `${id}-error` : undefined,
      error: errors.length ? (
        <p className="field__error" id={`${id}-error`}>
          {errors.join(", ")}
        </p>
      ) : null,
    };
  };
  const amount = field("amount");
  const day = field("day");
  const note = field("note");
  return (
    <>
      <div className="field">
        <label htmlFor={amount.id}>Amount ({view.unitLabel})</label>
        <input
          id={amount.id}
          name="amount"
          type="text"
          inputMode="decimal"
          autoComplete="off"
          required
          maxLength={32}
          defaultValue={amount.defaultValue}
          aria-invalid={amount["aria-invalid"]}
          aria-describedby={amount["aria-describedby"]}
        />
        {amount.error}
      </div>
      <div className="field">
        <label htmlFor={day.id}>Day</label>
        <input
          id={day.id}
          name="day"
          type="date"
          required
          min={view.form.min ?? undefined}
          max={view.form.max}
          defaultValue={day.defaultValue}
          aria-invalid={day["aria-invalid"]}
          aria-describedby={day["aria-describedby"]}
        />
        {day.error}
      </div>
      <div className="field measure__note">
        <label htmlFor={note.id}>
          Note<span className="field__tag">Optional</span>
        </label>
        <input
          id={note.id}
          name="note"
          type="text"
          maxLength={MAX_NOTE}
          defaultValue={note.defaultValue}
          aria-invalid={note["aria-invalid"]}
          aria-describedby={note["aria-describedby"]}
        />
        {note.error}
      </div>
    </>
  );
}

function Leaderboard({ view }: { view: ProgressView }) {
  const board = view.board ?? [];
  return (
    <div className="measure__board">
      <h3 id="board-title">Leaderboard</h3>
      {board.length ? (
        <ol className="leaderboard" aria-labelledby="board-title" data-testid="leaderboard">
          {board.map((row) => (
            <li key={`${row.rank}`} className={row.isMe ? "leaderboard__row leaderboard__row--me" : "leaderboard__row"}>
              <span className="leaderboard__rank">{row.rank}</span>
              <span className="leaderboard__dot" style={{ background: row.color }} aria-hidden="true" />
              <span className="leaderboard__name">
                {row.name}
                {row.isMe ? " (you)" : ""}
              </span>
              <span className="leaderboard__total">{row.totalText}</span>
            </li>
          ))}
          {view.myRow ? (
            <li className="leaderboard__row leaderboard__row--me leaderboard__row--gap">
              <span className="leaderboard__rank">{view.myRow.rank}</span>
              <span className="leaderboard__dot" aria-hidden="true" />
              <span className="leaderboard__name">You</span>
              <span className="leaderboard__total">{view.myRow.totalText}</span>
            </li>
          ) : null}
        </ol>
      ) : (
        <p className="measure__empty">No entries yet. Be the first to log progress.</p>
      )}
    </div>
  );
}

function MyEntries({
  view,
  pendingLogs,
  result,
}: {
  view: ProgressView;
  pendingLogs: { amount: number; day: string }[];
  result: Result;
}) {
  const empty = !view.myEntries.length && !pendingLogs.length;
  // An edit or delete whose entry is not on this page (gone since, or a tampered form) has no form to
  // show its errors on: say so above the list, with every field's message.
  const orphan =
    result?.error &&
    (result.intent === "edit-entry" || result.intent === "delete-entry") &&
    !view.myEntries.some((e) => e.id === result.entryId)
      ? Object.values(result.error).flatMap((m) => m ?? [])
      : [];
  return (
    <div className="measure__entries" id="my-entries">
      <h3 id="my-entries-title">{view.allEntries ? "My entries" : "My recent entries"}</h3>
      <FlashBeside at="my-entries" />
      {orphan.length ? (
        <p className="form-error" role="alert">
          That entry could not be changed: {orphan.join(", ")}
        </p>
      ) : null}
      {empty ? (
        <p className="measure__empty">You have not logged anything yet.</p>
      ) : (
        <ul className="entries" aria-labelledby="my-entries-title" data-testid="my-entries">
          {pendingLogs.map((p, i) => (
            <li key={`pending-${i}`} className="entry entry--pending">
              <span className="entry__amount">{formatQuantity(p.amount, view.unit)}</span>
              <span className="entry__day">{p.day ? formatMonthDay(p.day) : ""}</span>
              <span className="entry__note">Saving...</span>
            </li>
          ))}
          {view.myEntries.map((e) => (
            <MyEntry
              key={e.id}
              entry={e}
              view={view}
              result={result?.entryId === e.id && result.intent === "edit-entry" ? result : undefined}
              deleteResult={result?.entryId === e.id && result.intent === "delete-entry" ? result : undefined}
            />
          ))}
        </ul>
      )}
      {view.allEntries ? (
        <p className="measure__more">
          <Link to={`/active/${view.goalId}#my-entries-title`} preventScrollReset>
            Show only my recent entries
          </Link>
        </p>
      ) : view.me && view.me.entries > view.myEntries.length ? (
        <p className="measure__more">
          <Link to={`/active/${view.goalId}?entries=all#my-entries-title`} preventScrollReset>
            {`Show all my ${view.me.entries.toLocaleString("en-GB")} entries`}
          </Link>
        </p>
      ) : null}
    </div>
  );
}

function MyEntry({
  entry,
  view,
  result,
  deleteResult,
}: {
  entry: ProgressView["myEntries"][number];
  view: ProgressView;
  result: Result;
  deleteResult: Result;
}) {
  const edit = useFetcher<EntryAnswer>();
  const hydrated = useHydrated();
  const [gone, setGone] = useState(false);
  const editPanel = useRef<HTMLDetailsElement>(null);
  const editReply = entryResultOf(edit.data) ?? result;
  const editing = edit.formData ? parseQuantity(edit.formData.get("amount")) : null;
  const shownAmount = editing?.ok ? formatQuantity(editing.value, view.unit) : entry.amountText;
  const errors = [...errorsOf(editReply, ""), ...errorsOf(editReply, "entryId")];
  const deleteErrors = [...errorsOf(deleteResult, ""), ...errorsOf(deleteResult, "entryId")];
  // Saved with JavaScript (ADR 252): the panel closes and a toast says so where the member is looking.
  const saved = edit.state === "idle" ? edit.data?.notice : undefined;
  useEffect(() => {
    if (!saved) return;
    if (editPanel.current) editPanel.current.open = false;
    showToast(saved);
  }, [edit.data, saved]);
  if (gone) return null;
  return (
    <li className="entry" id={`entry-${entry.id}`}>
      <span className="entry__amount">{shownAmount}</span>
      <span className="entry__day">{formatMonthDay(entry.day)}</span>
      {entry.note ? <span className="entry__note">{entry.note}</span> : null}
      {view.canLog ? (
        <span className="entry__actions">
          <details open={!!editReply?.error || undefined} ref={editPanel}>
            <summary>
              Edit<span className="visually-hidden"> entry of {entry.amountText}</span>
            </summary>
            <edit.Form method="post" action={view.formAction} className="form entry__form" preventScrollReset>
              <input type="hidden" name="intent" value="edit-entry" />
              <input type="hidden" name="entryId" value={entry.id} />
              {hydrated ? <input type="hidden" name="answer" value="toast" /> : null}
              <EntryFields
                idPrefix={`edit-${entry.id}`}
                view={view}
                result={edit.state === "idle" ? editReply : undefined}
                values={{ amount: entry.amount, day: entry.day, note: entry.note ?? "" }}
              />
              {errors.length ? (
                <p className="form-error" role="alert">
                  {errors.join(", ")}
                </p>
              ) : null}
              <button type="submit" className="button button--secondary">
                Save<span className="visually-hidden"> entry</span>
              </button>
            </edit.Form>
          </details>
          <EntryDelete
            action={view.formAction}
            intent="delete-entry"
            entryId={entry.id}
            verb="Delete"
            what={`entry of ${entry.amountText}`}
            message="Entry deleted."
            onGone={setGone}
          />
          {deleteErrors.length ? (
            <span className="form-error" role="alert">
              {deleteErrors.join(", ")}
            </span>
          ) : null}
        </span>
      ) : null}
      <FlashBeside at={`entry-${entry.id}`} />
    </li>
  );
}

function Latest({ view }: { view: ProgressView }) {
  const latest = view.latest ?? [];
  if (!latest.length) return null;
  return (
    <div className="measure__latest" id="latest">
      <h3 id="latest-title">Latest from the group</h3>
      <FlashBeside at="latest" />
      <ul className="entries" aria-labelledby="latest-title" data-testid="latest-entries">
        {latest.map((e) => (
          <LatestEntry key={e.id} entry={e} view={view} />
        ))}
      </ul>
      {view.canRemove ? (
        <p className="measure__more">
          <Link to={`/goals/${view.goalId}/entries`}>Every entry of the group</Link>, to find and remove an abusive one.
        </p>
      ) : null}
    </div>
  );
}

/** One of the group's latest entries; the organiser removes an abusive one (undoable, ADR 252). */
function LatestEntry({ entry: e, view }: { entry: NonNullable<ProgressView["latest"]>[number]; view: ProgressView }) {
  const [gone, setGone] = useState(false);
  if (gone) return null;
  return (
    <li className="entry">
      <span className="entry__who">
        <span className="leaderboard__dot" style={{ background: e.color }} aria-hidden="true" />
        {e.name}
      </span>
      <span className="entry__amount">{e.amountText}</span>
      <span className="entry__day">{formatMonthDay(e.day)}</span>
      {e.note ? <span className="entry__note">{e.note}</span> : null}
      {view.canRemove ? (
        <EntryDelete
          action={`/active/${view.goalId}`}
          intent="remove-entry"
          entryId={e.id}
          verb="Remove"
          what={`entry by ${e.name}`}
          message="Entry removed; the removal is in the audit log."
          onGone={setGone}
        />
      ) : null}
    </li>
  );
}
