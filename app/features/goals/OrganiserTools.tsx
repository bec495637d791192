import { Link } from "@remix-run/react";
import { FlashBeside } from "#app/components/FlashMessage";

/**
 * The organiser's tools lead their own goal's screen (ADR 251), right under its title: sharing and
 * fundraising first, then the measure, every entry and the participants. Joining is a secondary choice.
 * Right after /create the organiser lands here (#organiser-tools), told so beside them (ADR 254).
 */
export function OrganiserTools({
  goalId,
  fundraising,
  measured,
}: {
  goalId: string;
  fundraising: boolean;
  measured: boolean;
}) {
  return (
    <nav className="organiser-tools" aria-label="Organiser tools" id="organiser-tools">
      <p className="organiser-tools__title">You run this challenge</p>
      <FlashBeside at="organiser-tools" />
      <div className="organiser-tools__links">
        <Link to={`/goals/${goalId}/fundraising`} className="button">
          {fundraising ? "Fundraising and invite link" : "Set up fundraising and invite link"}
        </Link>
        {fundraising ? (
          <Link to={`/goals/${goalId}/fundraising#pledges`} className="button button--secondary">
            Pledges and Mark paid
          </Link>
        ) : null}
        {measured ? (
          <Link to={`/goals/${goalId}/entries`} className="button button--secondary">
            Every entry
          </Link>
        ) : null}
        <Link to={`/goals/${goalId}/measure`} className="button button--secondary">
          Progress measure
        </Link>
        <a href={`/goals/${goalId}/participants.csv`} className="button button--secondary" download>
          Download participants (CSV)
        </a>
      </div>
    </nav>
  );
}
