import { Form } from "@remix-run/react";
import { AskFirst } from "#app/components/AskFirst";
import { ReplaceLinkForm } from "./ReplaceLinkForm";
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
        <ReplaceLinkForm
          summary="Replace one member's sponsor link…"
          question="Replace one member's sponsor link?"
          keep="Keep their link"
          intent="revoke-member-sponsor-link"
          className="sponsor-links__member"
          field={{ id: "revoke-member", name: "memberId", label: "Member", choose: "Choose a member" }}
          options={view.members}
          error={memberError}
          button="Replace their link"
        >
          The member&apos;s link shared so far stops working at once, in chats, e-mails, QR codes and cards; anyone who
          opens it is told it does not work any more. Pledges already made stay, and the other links keep working. The
          member finds their new link on the goal (Get sponsored).
        </ReplaceLinkForm>
      ) : null}
      {view.teams.length ? (
        <ReplaceLinkForm
          summary="Replace a team's sponsor link…"
          question="Replace one team's sponsor link?"
          keep="Keep the team's link"
          intent="revoke-team-sponsor-link"
          className="sponsor-links__team"
          field={{ id: "revoke-team", name: "teamId", label: "Team", choose: "Choose a team" }}
          options={view.teams}
          error={teamError}
          button="Replace the team's link"
        >
          The team&apos;s link shared so far stops working at once, in chats, e-mails, QR codes and cards; anyone who
          opens it is told it does not work any more. Pledges already made stay, and the other links keep working. The
          new link is on the team&apos;s page.
        </ReplaceLinkForm>
      ) : null}
    </section>
  );
}
