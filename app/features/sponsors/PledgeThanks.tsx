import { Link } from "@remix-run/react";

/** After a pledge: the hand-off to the charity's own page (the app handles no money, ADR 060). */
export function PledgeThanks({
  charityName,
  charityUrl,
  againHref,
}: {
  charityName: string;
  charityUrl: string;
  againHref: string;
}) {
  return (
    <div className="give__thanks" role="status">
      <h2 id="pledge-title">Thank you for your pledge!</h2>
      <p>
        Now complete your gift on {charityName}&apos;s own page. Every penny goes to them: we never see card details and
        never take a cut.
      </p>
      <a className="button" href={charityUrl} rel="noopener noreferrer external">
        Give on {charityName}&apos;s page
      </a>
      <p>
        <Link to={againHref}>Pledge again</Link>
      </p>
    </div>
  );
}
