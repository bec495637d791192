import { Link } from "@remix-run/react";
import type { GoalSupport as Support } from "#app/features/fundraising/goal-support.server";
import { CheerList } from "#app/features/social/CheerButton";
import { Discussion } from "#app/features/social/Discussion";
import { Totaliser } from "./Totaliser";

/** Below the goal panel: the totaliser, members with cheers and the discussion (the organiser's tools lead the panel, ADR 251). */
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
      {discussion ? (
        <>
          <CheerList goalId={goalId} members={discussion.members} memberTotal={discussion.memberTotal} />
          <Discussion goalId={goalId} messages={discussion.messages} returnTo={returnTo} />
        </>
      ) : null}
    </div>
  );
}
