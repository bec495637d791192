import { Form, Link } from "@remix-run/react";
import { SubmitButton } from "#app/components/forms";

/** The "Account" part of /profile: every account task one step away (ADR 180). */
export function AccountSection({ hasPicture }: { hasPicture: boolean }) {
  return (
    <section className="card account" aria-labelledby="account-heading">
      <h2 id="account-heading">Account</h2>
      <ul className="account__actions">
        <li>
          <Link to="/friends">Friends</Link>
        </li>
        <li>
          <Link to="/profile/email">Change e-mail</Link>
        </li>
        <li>
          <Link to="/profile/password">Change password</Link>
        </li>
        <li>
          {/* A file download: a document request, not a client-side navigation. */}
          <Link to="/profile/data.json" reloadDocument>
            Download my data
          </Link>{" "}
          <span className="account__hint">
            (JSON: profile, goals, progress entries, messages, pledges, cheers, friends)
          </span>
        </li>
        {hasPicture ? (
          <li>
            <Form method="post" action="/profile/picture">
              <SubmitButton className="button button--secondary">Remove profile picture</SubmitButton>
            </Form>
          </li>
        ) : null}
        <li>
          <Link to="/profile/delete" className="account__danger">
            Delete account
          </Link>
        </li>
      </ul>
    </section>
  );
}
