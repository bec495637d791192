import { Form } from "@remix-run/react";
import { AskFirst } from "#app/components/AskFirst";
import { CopyLink } from "#app/components/CopyLink";

/**
 * The signed invite link to share (copy with one tap once JavaScript runs; select it by hand without),
 * and revoke to stop every link shared so far: it asks first and says what stops working (ADR 252); the
 * outcome is a flash message (ADR 160).
 */
export function InviteLink({ inviteUrl, giveUrl }: { inviteUrl: string; giveUrl: string | null }) {
  return (
    <section className="card invite" aria-labelledby="invite-title" id="invite">
      <h2 id="invite-title">Invite link</h2>
      <p>
        Anyone who opens this link can join, even when the goal is private. There is no limit on how many people join.
      </p>
      <CopyLink id="invite-url" label="Invite link" url={inviteUrl} />
      {giveUrl ? (
        <p>
          Public pledge page for supporters: <a href={giveUrl}>{giveUrl}</a>
        </p>
      ) : null}
      <RevokeInvite button="Revoke and make a new link" />
    </section>
  );
}

/** Revoking the goal's invite link, asked first (the fundraising page and the share page). */
export function RevokeInvite({ button }: { button: string }) {
  return (
    <AskFirst summary="Revoke this link…" question="Revoke the invite link?" keep="Keep this link">
      <p>
        The link you have shared so far stops working at once: anyone who opens it, in a chat, an e-mail or a QR code,
        is told it is not valid and cannot join with it. Members who already joined stay in. You get a new link to share
        instead.
      </p>
      <Form method="post" className="invite__revoke">
        <input type="hidden" name="intent" value="revoke" />
        <button type="submit" className="button button--danger">
          {button}
        </button>
      </Form>
    </AskFirst>
  );
}
