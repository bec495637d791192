import { Form, Link } from "@remix-run/react";
import { FlashBeside } from "#app/components/FlashMessage";
import { Table, type Column } from "#app/components/Table";
import { PLEDGE_STATES, STATE_LABELS, type PledgeState } from "./sponsors";
import type { ReconcileView } from "./reconcile.server";

type Pledge = ReconcileView["pledges"][number];

const BULK_FORM = "confirm-many";

const COLUMNS: Column<Pledge>[] = [
  {
    header: "Select",
    action: true,
    cell: (p) =>
      p.state === "confirmed" ? null : (
        // The label around the box is the tap target: 44 px on a phone, the box itself stays small.
        <label className="reconcile__tick-area">
          <input
            type="checkbox"
            name="pledgeId"
            value={p.id}
            form={BULK_FORM}
            className="reconcile__tick"
            aria-label={`Select the pledge from ${p.name}`}
          />
        </label>
      ),
  },
  {
    header: "Supporter",
    rowHeader: true,
    cell: (p) => (
      <>
        <span className="reconcile__name">{p.name}</span>
        {p.anonymous ? <span className="tag">Shown as Anonymous</span> : null}
      </>
    ),
  },
  { header: "Pledge", cell: (p) => p.terms },
  { header: "Owes", numeric: true, cell: (p) => p.owesText },
  {
    header: "State",
    cell: (p) => (
      <>
        <span className={`pledge-state pledge-state--${p.state}`}>{p.stateText}</span>
        {p.saidPaidOn ? <span className="reconcile__note">{p.saidPaidOn}</span> : null}
        {p.told ? <span className="reconcile__note">{p.told}</span> : null}
      </>
    ),
  },
  {
    header: "Paid to the charity",
    action: true,
    cell: (p) => (
      <Form method="post" preventScrollReset>
        <input type="hidden" name="intent" value="paid" />
        <input type="hidden" name="pledgeId" value={p.id} />
        <input type="hidden" name="paid" value={p.paid ? "false" : "true"} />
        {/* Paid is a status, not a button that looks pressed; taking it back is a quiet link (ADR 255). */}
        {p.paid ? (
          <span className="pledge-paid">
            <span className="status status--success">
              <span aria-hidden="true">✓</span> Paid
            </span>
            <button type="submit" className="link-button">
              Mark not paid<span className="visually-hidden"> pledge from {p.name}</span>
            </button>
          </span>
        ) : (
          <button type="submit" className="button button--secondary">
            Mark paid<span className="visually-hidden"> pledge from {p.name}</span>
          </button>
        )}
      </Form>
    ),
  },
];

/**
 * The organiser's reconciliation (ADR 243): who pledged, what each owes, whether it is owed, said paid or
 * confirmed; a filter by state (plain links), and ticks that confirm many at once (the ticks belong to
 * one form by their `form` attribute, so each row keeps its own one-tap toggle; no script needed).
 */
export function Reconciliation({
  view,
  goalId,
  raisedText,
  saidPaidText,
  csvHref,
  error,
}: {
  error: string | null;
  view: ReconcileView;
  goalId: string;
  raisedText: string;
  saidPaidText: string;
  csvHref: string;
}) {
  const here = `/goals/${goalId}/fundraising`;
  const rows = view.pledges;
  const confirmable = rows.some((p) => !p.paid);
  const filters: { state: PledgeState | null; label: string; n: number }[] = [
    { state: null, label: "All", n: view.all },
    ...PLEDGE_STATES.map((s) => ({ state: s, label: STATE_LABELS[s], n: view.count[s] })),
  ];
  return (
    <section className="card reconcile" aria-labelledby="pledges-title" id="pledges">
      <h2 id="pledges-title">Pledges</h2>
      <p className="reconcile__sums" data-testid="reconcile-sums">
        <strong>{raisedText}</strong> raised (confirmed by you) · <strong>{saidPaidText}</strong> the supporters say
        they&apos;ve paid, waiting for your confirmation
      </p>
      <p>
        When {view.ended ? "the charity" : "the challenge has ended and the charity"} shows a payment, confirm it here:
        only confirmed pledges count as raised. Supporters with an address are told the final amount and reminded until
        they say they&apos;ve paid.
      </p>
      <FlashBeside at="pledges" />
      {error ? (
        <p className="form-error" role="alert" id="confirm-many-error">
          {error}
        </p>
      ) : null}
      {view.all ? (
        <>
          <nav aria-label="Show pledges by state" className="reconcile__filters">
            <ul>
              {filters.map((f) => (
                <li key={f.label}>
                  <Link
                    to={f.state ? `${here}?state=${f.state}#pledges` : `${here}#pledges`}
                    aria-current={view.filter === f.state ? "page" : undefined}
                    preventScrollReset
                  >
                    {f.label} ({f.n})
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          {rows.length ? (
            <>
              <Table
                caption={`Pledges${view.filter ? `: ${STATE_LABELS[view.filter]}` : ""}, newest first, with what each owes and whether it is paid`}
                columns={COLUMNS}
                rows={rows}
                rowKey={(p) => p.id}
              />
              {confirmable ? (
                <Form method="post" id={BULK_FORM} className="reconcile__bulk" preventScrollReset>
                  <input type="hidden" name="intent" value="confirm-many" />
                  {view.filter ? <input type="hidden" name="state" value={view.filter} /> : null}
                  <button type="submit" className="button">
                    Confirm the ticked pledges as paid
                  </button>
                </Form>
              ) : null}
            </>
          ) : (
            <p>No pledges in this state.</p>
          )}
          <p>
            <a className="button button--secondary" href={csvHref} download>
              Download pledges (CSV)
            </a>{" "}
            Every pledge with its amount now, its final amount once the challenge has ended, and its state.
          </p>
        </>
      ) : (
        <p>No pledges yet.</p>
      )}
    </section>
  );
}
