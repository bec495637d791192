import { Form } from "@remix-run/react";
import { AskFirst } from "#app/components/AskFirst";
import { SponsorKit } from "./SponsorKit";
import type { QrCode } from "#app/lib/qr";

/**
 * The organiser's sponsor links (ADR 240): the challenge's own link to hand on, sponsoring on or off,
 * and revoking every link (it asks first and says what stops working, ADR 252), one member's (asks first
 * too, ADR 298) or one team's (ADR 268). Each answer is a flash message (ADR 160); a refused member or
 * team is told on its field.
 */
export function SponsorLinksAdmin({
  cause,
  view,
  teamError,
  memberError,
}: {
  cause: string;
  view: {
    url: string;
    qr: QrCode;
    sponsoring: boolean;
    members: { id: string; name: string }[];
    teams: { id: string; name: string }[];
  };
  /** The refusal of a team's replacement (a team not of this challenge). */
  teamError?: string | null;
  /** The refusal of a member's replacement (not a member of this goal). */
  memberError?: string | null;
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
      <AskFirst
        summary="Revoke every sponsor link…"
        question="Revoke every sponsor link of this challenge?"
        keep="Keep the links"
      >
        <p>
          Every sponsor link shared so far stops working at once: the challenge&apos;s own and every member&apos;s, in
          chats, e-mails and QR codes. Anyone who opens one is told it does not work any more. Pledges already made
          stay, and their supporters keep their own links. Members find their new link on the goal.
        </p>
        <Form method="post" className="sponsor-links__revoke">
          <input type="hidden" name="intent" value="revoke-sponsor-links" />
          <button type="submit" className="button button--danger">
            Revoke every sponsor link
          </button>
        </Form>
      </AskFirst>
      {view.members.length ? (
        <AskFirst
          summary="Replace one member's sponsor link…"
          question="Replace one member's sponsor link?"
          keep="Keep their link"
          open={!!memberError}
        >
          <p>
            The member&apos;s link shared so far stops working at once, in chats, e-mails, QR codes and cards; anyone
            who opens it is told it does not work any more. Pledges already made stay, and the other links keep working.
            The member finds their new link on the goal (Get sponsored).
          </p>
          <Form method="post" className="form sponsor-links__member" action="#sponsor-links">
            <input type="hidden" name="intent" value="revoke-member-sponsor-link" />
            <div className="field">
              <label htmlFor="revoke-member">Member</label>
              <select
                id="revoke-member"
                name="memberId"
                required
                defaultValue=""
                aria-invalid={memberError ? true : undefined}
                aria-describedby={memberError ? "revoke-member-error" : undefined}
              >
                <option value="" disabled>
                  Choose a member
                </option>
                {view.members.map((m) => (
                  <option key={m.id} value={m.id}>
                    {m.name}
                  </option>
                ))}
              </select>
              {memberError ? (
                <p className="field__error" id="revoke-member-error" role="alert">
                  {memberError}
                </p>
              ) : null}
            </div>
            <button type="submit" className="button button--danger">
              Replace their link
            </button>
          </Form>
        </AskFirst>
      ) : null}
      {view.teams.length ? (
        <AskFirst
          summary="Replace a team's sponsor link…"
          question="Replace one team's sponsor link?"
          keep="Keep the team's link"
          open={!!teamError}
        >
          <p>
            The team&apos;s link shared so far stops working at once, in chats, e-mails, QR codes and cards; anyone who
            opens it is told it does not work any more. Pledges already made stay, and the other links keep working. The
            new link is on the team&apos;s page.
          </p>
          <Form method="post" className="form sponsor-links__team" action="#sponsor-links">
            <input type="hidden" name="intent" value="revoke-team-sponsor-link" />
            <div className="field">
              <label htmlFor="revoke-team">Team</label>
              <select
                id="revoke-team"
                name="teamId"
                required
                defaultValue=""
                aria-invalid={teamError ? true : undefined}
                aria-describedby={teamError ? "revoke-team-error" : undefined}
              >
                <option value="" disabled>
                  Choose a team
                </option>
                {view.teams.map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.name}
                  </option>
                ))}
              </select>
              {teamError ? (
                <p className="field__error" id="revoke-team-error" role="alert">
                  {teamError}
                </p>
              ) : null}
            </div>
            <button type="submit" className="button button--danger">
              Replace the team&apos;s link
            </button>
          </Form>
        </AskFirst>
      ) : null}
    </section>
  );
}
