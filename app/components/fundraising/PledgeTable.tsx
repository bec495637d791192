import { Form } from "@remix-run/react";
import type { Fundraiser } from "#app/server/fundraising.server";

/** Every pledge for the org, with real names (anonymous ones marked) and a paid toggle. */
export function PledgeTable({ pledges }: { pledges: Fundraiser["pledges"] }) {
  return (
    <section className="card" aria-labelledby="pledges-title" id="pledges">
      <h2 id="pledges-title">Pledges</h2>
      {pledges.length ? (
        <div className="table-scroll">
          <table className="pledge-table">
            <thead>
              <tr>
                <th scope="col">Supporter</th>
                <th scope="col">Amount</th>
                <th scope="col">Message</th>
                <th scope="col">Paid to the charity</th>
              </tr>
            </thead>
            <tbody>
              {pledges.map((p) => (
                <tr key={p.id}>
                  <td>
                    {p.name}
                    {p.anonymous ? <span className="tag">Shown as Anonymous</span> : null}
                  </td>
                  <td>{p.amountText}</td>
                  <td>{p.message ?? ""}</td>
                  <td>
                    <Form method="post" preventScrollReset>
                      <input type="hidden" name="intent" value="paid" />
                      <input type="hidden" name="pledgeId" value={p.id} />
                      <input type="hidden" name="paid" value={p.paid ? "false" : "true"} />
                      <button type="submit" className={p.paid ? "button" : "button button--secondary"} aria-pressed={p.paid}>
                        {p.paid ? "Paid" : "Mark paid"}
                        <span className="visually-hidden"> pledge from {p.name}</span>
                      </button>
                    </Form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p>No pledges yet.</p>
      )}
    </section>
  );
}
