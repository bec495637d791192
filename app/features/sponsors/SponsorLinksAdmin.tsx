import { Form } from "@remix-run/react";
import { SponsorKit } from "./SponsorKit";
import type { QrCode } from "./qr.server";

/**
 * The organiser's sponsor links (ADR 240): the challenge's own link to hand on, sponsoring on or off,
 * and revoking every link or one member's (each answer is a flash message, ADR 160).
 */
export function SponsorLinksAdmin({
  cause,
  view,
}: {
  cause: string;
  view: { url: string; qr: QrCode; sponsoring: boolean; members: { id: string; name: string }[] };
}) {
  return (
    <section className="card sponsor-links" aria-labelledby="sponsor-links-title" id="sponsor-links">
      <h2 id="sponsor-links-title">Sponsor links</h2>
      <p>
        Every member has their own sponsor link (on the goal: Get sponsored), and the challenge has this one. They work
        for anyone who holds them, even for a private goal, and show only the fundraising: never the members, the
        discussion or anyone&apos;s e-mail address.
      </p>
      <p data-testid="sponsoring-state">
        Sponsoring is <strong>{view.sponsoring ? "on" : "paused"}</strong>
        {view.sponsoring ? "." : ": sponsor links say so and only members can pledge."}
      </p>
      <Form method="post" className="sponsor-links__toggle">
        <input type="hidden" name="intent" value="sponsoring" />
        <input type="hidden" name="on" value={view.sponsoring ? "false" : "true"} />
        <button type="submit" className="button button--secondary">
          {view.sponsoring ? "Pause sponsoring" : "Switch sponsoring on"}
        </button>
      </Form>
      <SponsorKit
        id="challenge-sponsor-url"
        url={view.url}
        qr={view.qr}
        label="The challenge's sponsor link"
        shareTitle={`Sponsor ${cause}`}
        shareText={`Sponsor ${cause}`}
      />
      <Form method="post" className="sponsor-links__revoke">
        <input type="hidden" name="intent" value="revoke-sponsor-links" />
        <button type="submit" className="button button--danger">
          Revoke every sponsor link
        </button>
      </Form>
      {view.members.length ? (
        <Form method="post" className="form sponsor-links__member">
          <input type="hidden" name="intent" value="revoke-member-sponsor-link" />
          <div className="field">
            <label htmlFor="revoke-member">Replace one member&apos;s sponsor link</label>
            <select id="revoke-member" name="memberId" required defaultValue="">
              <option value="" disabled>
                Choose a member
              </option>
              {view.members.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.name}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="button button--danger">
            Revoke their link
          </button>
        </Form>
      ) : null}
    </section>
  );
}
