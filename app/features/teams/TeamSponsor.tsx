import { Form } from "@remix-run/react";
import { AskFirst } from "#app/components/AskFirst";
import { FlashBeside } from "#app/components/FlashMessage";
import { ShareCard } from "#app/features/cards/ShareCard";
import { SponsorKit } from "#app/features/sponsors/SponsorKit";
import type { QrCode } from "#app/lib/qr";

export const TEAM_SPONSOR_ID = "sponsor-team";

export interface TeamSponsorView {
  open: boolean;
  raising: boolean;
  charityName: string | null;
  link: string;
  wide: string;
  square: string;
  qr: QrCode;
}

/**
 * "Sponsor this team" on the team page (ADR 275): the team's own sponsor link (signed, unlisted, works for
 * anyone who holds it whatever the goal's visibility), its QR code and share sheet, the team's card to share
 * as a picture, and for the organiser a way to replace the link (it asks first, ADR 252).
 */
export function TeamSponsor({
  cause,
  teamName,
  unit,
  view,
  manager,
}: {
  cause: string;
  teamName: string;
  unit: string | null;
  view: TeamSponsorView;
  manager: boolean;
}) {
  const charity = view.charityName ? ` for ${view.charityName}` : "";
  return (
    <>
      <section className="card" aria-labelledby="team-sponsor-title" id={TEAM_SPONSOR_ID}>
        <h2 id="team-sponsor-title">Sponsor this team</h2>
        <FlashBeside at={TEAM_SPONSOR_ID} />
        {!view.open ? (
          <p className="notice" role="status">
            The organiser has paused sponsoring: the team&apos;s sponsor link is not taking pledges until they switch it
            on.
          </p>
        ) : (
          <>
            {!view.raising ? (
              <p className="notice">The organiser has not set up fundraising for this challenge yet.</p>
            ) : null}
            <p>
              Anyone with this link can sponsor {teamName}
              {charity}
              {unit ? `, with a fixed amount or per ${unit} the team logs` : ""}, even without an account. It shows the
              team&apos;s name, the challenge, the team&apos;s progress and its supporters; never its members, the
              discussion or anyone&apos;s e-mail address.
            </p>
            <p>
              <a className="button" href={view.link}>
                Sponsor this team
              </a>
            </p>
            <SponsorKit
              id="team-sponsor-url"
              url={view.link}
              qr={view.qr}
              label="The team's sponsor link"
              shareTitle={`Sponsor ${teamName}`}
              shareText={`Sponsor ${teamName} in ${cause}${charity}`}
            />
          </>
        )}
        {manager ? (
          <AskFirst
            summary="Replace the team's sponsor link…"
            question="Replace this team's sponsor link?"
            keep="Keep the link"
          >
            <p>
              The link shared so far stops working at once, in chats, e-mails, QR codes and cards. Pledges already made
              stay. The new link is here on the team page.
            </p>
            <Form method="post" action={`#${TEAM_SPONSOR_ID}`}>
              <input type="hidden" name="intent" value="revoke-sponsor-link" />
              <button type="submit" className="button button--danger">
                Replace the link
              </button>
            </Form>
          </AskFirst>
        ) : null}
      </section>
      {view.open ? (
        <ShareCard
          cause={cause}
          card={view}
          words={{
            title: "The team's card",
            lead: `The progress of ${teamName} as a picture, with a QR code of the team's sponsor link. The link shows it when you paste it into a chat.`,
            alt: `The card of ${teamName} for ${cause}: the team's progress and a QR code of its sponsor link.`,
            ask: `Sponsor ${teamName}`,
            file: "team-card",
          }}
        />
      ) : null}
    </>
  );
}
