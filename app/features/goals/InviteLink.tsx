import { Form } from "@remix-run/react";
import { CopyLink } from "#app/components/CopyLink";

/**
 * The signed invite link to share (copy with one tap once JavaScript runs; select it by hand without),
 * and revoke to stop every link shared so far (the outcome is a flash message, ADR 160).
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
      <Form method="post" className="invite__revoke">
        <input type="hidden" name="intent" value="revoke" />
        <button type="submit" className="button button--danger">
          Revoke and make a new link
        </button>
      </Form>
    </section>
  );
}
