import { Link } from "@remix-run/react";
import type { GoalSupport as Support } from "#app/features/fundraising/goal-support.server";
import { CheerList } from "#app/features/social/CheerButton";
import { Discussion } from "#app/features/social/Discussion";
import { Totaliser } from "./Totaliser";

/** Below the goal panel: the totaliser, the organiser's tools, members with cheers and the discussion. */
export function GoalSupport({ support }: { support: Support }) {
  const { goalId, fundraiser, discussion, manager, canPledge, getSponsored } = support;
  const returnTo = `/active/${goalId}`;
  if (!fundraiser && !discussion && !manager) return null;
  return (
    <div className="goal-support">
      {fundraiser ? <Totaliser fundraiser={fundraiser} giveHref={canPledge ? `/give/${goalId}` : undefined} /> : null}
      {fundraiser && getSponsored ? (
        <p className="goal-support__sponsor card">
          <Link to={`/goals/${goalId}/sponsor`}>Get sponsored</Link>: your own link, QR code and share sheet, so friends
          can pledge for you.
        </p>
      ) : null}
      {manager ? (
        <nav className="goal-support__links card" aria-label="Organiser tools">
          <Link to={`/goals/${goalId}/fundraising`} className="button button--secondary">
            {fundraiser ? "Fundraising and invite link" : "Set up fundraising and invite link"}
          </Link>
          <Link to={`/goals/${goalId}/measure`} className="button button--secondary">
            Progress measure
          </Link>
          <a href={`/goals/${goalId}/participants.csv`} className="button button--secondary" download>
            Download participants (CSV)
          </a>
        </nav>
      ) : null}
      {discussion ? (
        <>
          <CheerList goalId={goalId} members={discussion.members} memberTotal={discussion.memberTotal} />
          <Discussion goalId={goalId} messages={discussion.messages} returnTo={returnTo} />
        </>
      ) : null}
    </div>
  );
}
