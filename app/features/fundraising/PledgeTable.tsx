import { Form } from "@remix-run/react";
import { Table, type Column } from "#app/components/Table";
import type { Fundraiser } from "#app/features/fundraising/fundraising.server";

type Pledge = Fundraiser["pledges"][number];

const PLEDGE_COLUMNS: Column<Pledge>[] = [
  {
    header: "Supporter",
    rowHeader: true,
    cell: (p) => (
      <>
        {p.name}
        {p.anonymous ? <span className="tag">Shown as Anonymous</span> : null}
      </>
    ),
  },
  { header: "Amount", numeric: true, cell: (p) => p.amountText },
  { header: "Message", wrap: "wrap-anywhere", cell: (p) => p.message ?? "" },
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

/** Every pledge for the org, with real names (anonymous ones marked) and a paid toggle. */
export function PledgeTable({ pledges, csvHref }: { pledges: Fundraiser["pledges"]; csvHref: string }) {
  return (
    <section className="card" aria-labelledby="pledges-title" id="pledges">
      <h2 id="pledges-title">Pledges</h2>
      {pledges.length ? (
        <p>
          <a className="button button--secondary" href={csvHref} download>
            Download pledges (CSV)
          </a>{" "}
          Every pledge with its amount now, its final amount once the goal has ended, and whether it is paid.
        </p>
      ) : null}
      {pledges.length ? (
        <Table
          caption="Pledges, newest first, with who has paid the charity"
          columns={PLEDGE_COLUMNS}
          rows={pledges}
          rowKey={(p) => p.id}
        />
      ) : (
        <p>No pledges yet.</p>
      )}
    </section>
  );
}
