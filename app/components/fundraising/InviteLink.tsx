import { Form, useSearchParams } from "@remix-run/react";
import { useState } from "react";

/** The signed invite link to share (copy with one tap), and revoke to stop every link shared so far. */
export function InviteLink({ inviteUrl, giveUrl }: { inviteUrl: string; giveUrl: string | null }) {
  const [copied, setCopied] = useState(false);
  const [params] = useSearchParams();
  return (
    <section className="card invite" aria-labelledby="invite-title" id="invite">
      <h2 id="invite-title">Invite link</h2>
      <p>
        Anyone who opens this link can join, even when the goal is private. There is no limit on how many people join.
      </p>
      {params.get("revoked") ? (
        <p className="notice" role="status">
          The old links no longer work. Share this new one.
        </p>
      ) : null}
      <div className="invite__row">
        <label htmlFor="invite-url" className="visually-hidden">
          Invite link
        </label>
        <input id="invite-url" readOnly value={inviteUrl} onFocus={(e) => e.currentTarget.select()} />
        <button
          type="button"
          className="button button--secondary"
          onClick={() => navigator.clipboard?.writeText(inviteUrl).then(() => setCopied(true))}
        >
          {copied ? "Copied" : "Copy link"}
        </button>
      </div>
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
