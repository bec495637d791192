import { Form, Link } from "@remix-run/react";
import { SubmitButton } from "#app/components/SubmitButton";
import { MAX_IMPORT_ROWS } from "./csv-import";

/** A checked row as the preview shows it. */
export interface PreviewRow {
  line: number;
  email: string;
  member: string | null;
  day: string;
  amount: string;
  errors: string[];
}

export interface PastImport {
  id: string;
  when: string;
  rows: number;
  total: string;
  by: string | null;
  undone: boolean;
}

/** The file (or pasted rows) and the Preview button: nothing is written by it. */
export function ImportForm({ problem, pasted }: { problem: string | null; pasted: string }) {
  return (
    <Form method="post" encType="multipart/form-data" className="form card" aria-labelledby="import-title">
      <h2 id="import-title">Preview an import</h2>
      <input type="hidden" name="intent" value="preview" />
      <div className="field">
        <label htmlFor="import-file">CSV file</label>
        <input id="import-file" name="file" type="file" accept=".csv,text/csv" aria-describedby="import-hint" />
        <p className="field__hint" id="import-hint">
          One entry a line: the member&apos;s e-mail, the day as year-month-day (2026-11-27), the amount. Up to{" "}
          {MAX_IMPORT_ROWS} lines; a first line of column names is skipped.
        </p>
      </div>
      <div className="field">
        <label htmlFor="import-csv">
          Or paste the lines<span className="field__tag">Optional</span>
        </label>
        <textarea
          id="import-csv"
          name="csv"
          rows={5}
          defaultValue={pasted}
          placeholder={"ann@example.com, 2026-11-27, 5.5"}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? "import-csv-error" : undefined}
        />
        {problem ? (
          <p className="field__error" id="import-csv-error">
            {problem}
          </p>
        ) : null}
      </div>
      <div className="form-actions">
        <SubmitButton>Preview</SubmitButton>
      </div>
    </Form>
  );
}

/** Every row, what it will write or why it cannot; the Import button only when every row is fine. */
export function ImportPreview({
  rows,
  csv,
  importId,
  total,
  unitLabel,
}: {
  rows: PreviewRow[];
  csv: string;
  importId: string;
  total: string;
  unitLabel: string;
}) {
  const bad = rows.filter((r) => r.errors.length).length;
  return (
    <section className="card import-preview" aria-labelledby="preview-title">
      <h2 id="preview-title">
        {bad
          ? `${bad} of ${rows.length} lines need fixing`
          : `${rows.length} ${rows.length === 1 ? "entry" : "entries"} to import`}
      </h2>
      {bad ? <p>Fix these lines in the file and preview it again: an import goes in whole or not at all.</p> : null}
      <div className="import-preview__scroll">
        <table className="import-preview__table">
          <thead>
            <tr>
              <th scope="col">Line</th>
              <th scope="col">Member</th>
              <th scope="col">Day</th>
              <th scope="col">Amount ({unitLabel})</th>
              <th scope="col">Check</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.line} className={r.errors.length ? "import-preview__bad" : undefined}>
                <td>{r.line}</td>
                <td>{r.member ? `${r.member} (${r.email})` : r.email || "(blank)"}</td>
                <td>{r.day || "(blank)"}</td>
                <td>{r.amount || "(blank)"}</td>
                <td>{r.errors.length ? r.errors.join(". ") : "Ready"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {bad ? null : (
        <Form method="post" className="form-actions">
          <input type="hidden" name="intent" value="import" />
          <input type="hidden" name="importId" value={importId} />
          <input type="hidden" name="csv" value={csv} />
          <SubmitButton>{`Import ${rows.length} ${rows.length === 1 ? "entry" : "entries"} (${total})`}</SubmitButton>
        </Form>
      )}
    </section>
  );
}

/** The goal's latest imports, each undone as a whole (asked first). */
export function PastImports({ imports, confirm }: { imports: PastImport[]; confirm: string | null }) {
  if (!imports.length) return null;
  return (
    <section aria-labelledby="past-title">
      <h2 id="past-title">Latest imports</h2>
      <ul className="import-list">
        {imports.map((i) => (
          <li key={i.id} id={`import-${i.id}`}>
            <span>{`${i.when}: ${i.rows} ${i.rows === 1 ? "entry" : "entries"}, ${i.total}${i.by ? `, by ${i.by}` : ""}`}</span>
            {i.undone ? (
              <span className="import-list__undone"> Undone</span>
            ) : confirm === i.id ? (
              <Form method="post" className="import-list__confirm">
                <p role="alert">{`Undo this import? Its ${i.rows} ${i.rows === 1 ? "entry is" : "entries are"} taken off the members' totals, edited since or not.`}</p>
                <input type="hidden" name="intent" value="undo-import" />
                <input type="hidden" name="importId" value={i.id} />
                <input type="hidden" name="confirm" value="yes" />
                <button type="submit" className="button">
                  Undo import
                </button>{" "}
                <Link to=".">Keep it</Link>
              </Form>
            ) : (
              <Form method="post" className="import-list__undo">
                <input type="hidden" name="intent" value="undo-import" />
                <input type="hidden" name="importId" value={i.id} />
                <button type="submit" className="button button--secondary">
                  Undo<span className="visually-hidden">{` the import of ${i.when}`}</span>
                </button>
              </Form>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
