/**
 * The activity files screen's parts (ADR 260): the upload (picker and drop zone; read in the browser
 * with JavaScript, posted whole to the server without), the proposed entries to untick or edit, and
 * what happened to each file. The same markup serves both ways, so a member without JavaScript gets
 * every step too.
 */
import { Form, Link, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { formatMonthDay } from "#app/lib/dates";
import { SPORT_LABELS, type Sport } from "./activity";
import { factorSentence } from "./sport-factors";
import {
  formatDuration,
  rowViewOf,
  type ActivityGoal,
  type FileResult,
  type RowError,
  type RowView,
} from "./activity-files";

export interface Refused {
  name: string;
  message: string;
}

export const ACCEPT = ".gpx,.tcx,.fit,application/gpx+xml,application/vnd.garmin.tcx+xml,application/octet-stream";

/** "Cycling counts x0.25": the organiser's factors, shown to members beside the upload. */
export function SportFactorsNote({ factors, unitLabel }: { factors: [Sport, number][]; unitLabel: string }) {
  if (factors.length === 0) return null;
  return (
    <div className="activity__factors">
      <h2 id="factors-title">How sports count here</h2>
      <ul aria-labelledby="factors-title">
        {factors.map(([sport, factor]) => (
          <li key={sport}>{factorSentence(sport, factor, unitLabel)}</li>
        ))}
      </ul>
    </div>
  );
}

export function PrivacyNote() {
  return (
    <p className="activity__privacy">
      Your route stays private: we keep only each activity&apos;s day, amount, moving time, sport and a fingerprint of
      the file (so the same file is never logged twice), never the map or its points. With JavaScript on, files are read
      on your device and only those figures are sent.
    </p>
  );
}

/** The picker and drop zone. With JavaScript the files are read here and never uploaded. */
export function UploadForm({
  goal,
  today,
  onRead,
  problem,
}: {
  goal: ActivityGoal;
  today: string;
  onRead: (results: FileResult[]) => void;
  problem: string | null;
}) {
  const [reading, setReading] = useState(false);
  const [dragging, setDragging] = useState(false);
  const navigation = useNavigation();
  async function read(files: File[]) {
    if (files.length === 0) return;
    setReading(true);
    try {
      const { readFilesInBrowser } = await import("./read-in-browser.client");
      const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
      onRead(await readFilesInBrowser(files, goal, timeZone ? { timeZone } : null, today));
    } finally {
      setReading(false);
    }
  }
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      className={dragging ? "form activity__upload activity__upload--over" : "form activity__upload"}
      aria-labelledby="upload-title"
      onSubmit={(event) => {
        const input = event.currentTarget.elements.namedItem("files") as HTMLInputElement | null;
        event.preventDefault();
        void read([...(input?.files ?? [])]);
      }}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(event) => {
        event.preventDefault();
        setDragging(false);
        void read([...event.dataTransfer.files]);
      }}
    >
      <h2 id="upload-title">Choose files</h2>
      <input type="hidden" name="intent" value="read" />
      <div className="field">
        <label htmlFor="activity-files">GPX, TCX or FIT files from your watch or app</label>
        <p className="field__hint" id="activity-files-hint">
          Up to 50 files at once, 10 MB each. You can also drop them here.
        </p>
        <input
          id="activity-files"
          type="file"
          name="files"
          multiple
          accept={ACCEPT}
          aria-describedby={problem ? "activity-files-hint activity-files-error" : "activity-files-hint"}
          aria-invalid={problem ? true : undefined}
          onChange={(event) => void read([...(event.currentTarget.files ?? [])])}
        />
        {problem ? (
          <p className="field__error" id="activity-files-error" role="alert">
            {problem}
          </p>
        ) : null}
      </div>
      <button type="submit" className="button button--secondary" aria-disabled={reading || undefined}>
        {reading || navigation.formData?.get("intent") === "read" ? "Reading..." : "Read files"}
      </button>
    </Form>
  );
}

/** Files that give no entry, each with its reason. */
export function RefusedFiles({ refused }: { refused: Refused[] }) {
  if (refused.length === 0) return null;
  return (
    <div className="activity__refused" role="alert">
      <h2 id="refused-title">
        {refused.length === 1 ? "1 file was not read" : `${refused.length} files were not read`}
      </h2>
      <ul aria-labelledby="refused-title">
        {refused.map((r, i) => (
          <li key={`${r.name}-${i}`}>
            <strong>{r.name}</strong>: {r.message}
          </li>
        ))}
      </ul>
    </div>
  );
}

export const splitResults = (results: FileResult[]) => ({
  rows: results.flatMap((r) => (r.ok ? [rowViewOf(r.entry)] : [])),
  refused: results.flatMap((r) => (r.ok ? [] : [{ name: r.name, message: r.message }])),
});

/** The proposed entries: untick one to leave it out, correct a day or an amount, save them all at once. */
export function ProposedEntries({
  rows,
  errors,
  unitLabel,
  goalId,
}: {
  rows: RowView[];
  errors: RowError[];
  unitLabel: string;
  goalId: string;
}) {
  const [included, setIncluded] = useState(() => rows.map((r) => r.include));
  const navigation = useNavigation();
  const count = included.filter(Boolean).length;
  const errorOf = (i: number, field: RowError["field"]) => errors.find((e) => e.index === i && e.field === field);
  return (
    <Form method="post" className="form activity__proposed" aria-labelledby="proposed-title">
      <h2 id="proposed-title">Entries from your files</h2>
      <input type="hidden" name="intent" value="save" />
      <input type="hidden" name="rows" value={rows.length} />
      <ul className="activity__rows">
        {rows.map((row, i) => {
          const dayError = errorOf(i, "day");
          const amountError = errorOf(i, "amount");
          const rowError = errorOf(i, "row");
          return (
            <li key={`${row.hash}-${i}`} className="activity__row">
              <input type="hidden" name={`name-${i}`} value={row.name} />
              <input type="hidden" name={`hash-${i}`} value={row.hash} />
              <input type="hidden" name={`sport-${i}`} value={row.sport} />
              <input type="hidden" name={`seconds-${i}`} value={row.seconds} />
              <div className="field field--checkbox">
                <input
                  id={`include-${i}`}
                  type="checkbox"
                  name={`include-${i}`}
                  defaultChecked={row.include}
                  onChange={(e) => {
                    const checked = e.currentTarget.checked;
                    setIncluded((now) => now.map((v, j) => (j === i ? checked : v)));
                  }}
                />
                <label htmlFor={`include-${i}`}>
                  Log <span className="activity__name">{row.name}</span>
                </label>
              </div>
              <p className="activity__facts">
                {[
                  row.sport ? SPORT_LABELS[row.sport as Sport] : null,
                  row.seconds ? `${formatDuration(row.seconds)} moving` : null,
                ]
                  .filter(Boolean)
                  .join(", ")}
              </p>
              <div className="activity__fields">
                <div className="field">
                  <label htmlFor={`day-${i}`}>Day</label>
                  <input
                    id={`day-${i}`}
                    type="date"
                    name={`day-${i}`}
                    defaultValue={row.day}
                    aria-invalid={dayError ? true : undefined}
                    aria-describedby={dayError ? `day-${i}-error` : undefined}
                  />
                  {dayError ? (
                    <p className="field__error" id={`day-${i}-error`}>
                      {dayError.message}
                    </p>
                  ) : null}
                </div>
                <div className="field">
                  <label htmlFor={`amount-${i}`}>Amount ({unitLabel})</label>
                  <input
                    id={`amount-${i}`}
                    type="text"
                    inputMode="decimal"
                    name={`amount-${i}`}
                    defaultValue={row.amount}
                    aria-invalid={amountError ? true : undefined}
                    aria-describedby={amountError ? `amount-${i}-error` : undefined}
                  />
                  {amountError ? (
                    <p className="field__error" id={`amount-${i}-error`}>
                      {amountError.message}
                    </p>
                  ) : null}
                </div>
              </div>
              {rowError ? <p className="field__error">{rowError.message}</p> : null}
            </li>
          );
        })}
      </ul>
      <div className="form-actions">
        <button type="submit" className="button" aria-disabled={navigation.state === "submitting" || undefined}>
          {navigation.formData?.get("intent") === "save"
            ? "Saving..."
            : `Save ${count} ${count === 1 ? "entry" : "entries"}`}
        </button>
        <Link to={`/active/${goalId}#progress`}>Cancel</Link>
      </div>
    </Form>
  );
}

/** After a save in which some files were already logged: what went in and what did not. */
export function SaveOutcome({
  saved,
  already,
  earned,
  goalId,
}: {
  saved: { name: string; text: string; day: string }[];
  already: { name: string; message: string }[];
  earned: string;
  goalId: string;
}) {
  return (
    <div className="activity__outcome" role="status">
      <h2>
        {saved.length === 0
          ? "Nothing new was saved"
          : `Saved ${saved.length} ${saved.length === 1 ? "entry" : "entries"}`}
      </h2>
      <ul>
        {saved.map((s, i) => (
          <li key={`s-${i}`}>
            <strong>{s.name}</strong>: {s.text} on {formatMonthDay(s.day)}
          </li>
        ))}
        {already.map((a, i) => (
          <li key={`a-${i}`}>
            <strong>{a.name}</strong>: {a.message}
          </li>
        ))}
      </ul>
      {earned ? <p>{earned}</p> : null}
      <p>
        <Link to={`/active/${goalId}#progress`} className="back-link">
          Back to the goal
        </Link>
      </p>
    </div>
  );
}
