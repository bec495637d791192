import { Link, useLocation } from "@remix-run/react";
import { SUGGESTIONS_SHOWN } from "#app/features/goals/goals";
import { Drawer } from "#app/components/Drawer";
import { GoalNavCard, type NavGoal } from "#app/features/goals/GoalNavCard";
import { StartGoalLink } from "#app/features/goals/GoalPanel";
import { useClientLinks } from "#app/components/hooks/useClientLinks";
import { useFocusOnArrival } from "#app/components/hooks/useFocusOnArrival";

/** SPEC's side navigation: Goals (the user's active goals) and Suggested (goals they could join). */
export function SideNav({
  active,
  suggested,
  moreSuggested = false,
  fromFriends = [],
  selectedId,
  canCreate,
}: {
  active: NavGoal[];
  suggested: NavGoal[];
  /** Suggested is cut at SUGGESTIONS_SHOWN and there are more: a "Show more" link (ADR 191). */
  moreSuggested?: boolean;
  /** Goals the viewer's friends pursue, shown first in Suggested (ADR 185). */
  fromFriends?: NavGoal[];
  selectedId?: string;
  canCreate: boolean;
}) {
  // The cards are plain links; the nav takes their clicks (ADR 211).
  const links = useClientLinks();
  return (
    <nav className="sidenav" aria-label="Goals navigation" {...links.handlers}>
      {links.prefetch}
      <Drawer id="goals-drawer" side="left" labelledBy="goals-heading">
        <div className="sidenav__head">
          <h2 id="goals-heading">Goals</h2>
          {canCreate ? <CreateGoalButton /> : null}
        </div>
        {active.length ? (
          <ul className="sidenav__list">
            {active.map((goal) => (
              <li key={goal.id}>
                <GoalNavCard goal={goal} to={`/active/${goal.id}`} current={goal.id === selectedId} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="empty-state">Empty State</p>
        )}
        <p className="sidenav__start">
          <StartGoalLink className="button button--secondary" />
        </p>
      </Drawer>
      <Drawer id="suggested-drawer" side="right" labelledBy="suggested-heading">
        <div className="sidenav__head">
          <h2 id="suggested-heading">Suggested</h2>
        </div>
        {fromFriends.length ? (
          <>
            <h3 className="sidenav__group" id="from-friends-heading">
              From friends
            </h3>
            <ul className="sidenav__list" aria-labelledby="from-friends-heading">
              {fromFriends.map((goal) => (
                <li key={goal.id}>
                  <GoalNavCard goal={goal} to={`/join/${goal.id}`} current={goal.id === selectedId} />
                </li>
              ))}
            </ul>
          </>
        ) : null}
        {suggested.length ? (
          <ul className="sidenav__list">
            {suggested.map((goal, index) => (
              // The first goal past the cut is where "Show more" lands (ADR 191).
              <li key={goal.id} id={index === SUGGESTIONS_SHOWN ? MORE_ID : undefined}>
                <GoalNavCard goal={goal} to={`/join/${goal.id}`} current={goal.id === selectedId} />
              </li>
            ))}
          </ul>
        ) : fromFriends.length ? null : (
          <p className="empty-state">No more goals to suggest at this time</p>
        )}
        {moreSuggested ? <ShowMoreSuggested /> : <FocusMoreSuggested />}
        {suggested.length ? (
          // Every goal to join, by name and page by page, past the 50 the list stops at (ADR 263).
          <p className="sidenav__more">
            <Link to="/goals/find" className="button button--secondary">
              Find a goal
            </Link>
          </p>
        ) : null}
      </Drawer>
    </nav>
  );
}

const MORE_ID = "suggested-more";

/**
 * "Show more" (ADR 191): the same screen with every suggestion, landing on the first one past the cut.
 * A plain link, so it works without JavaScript (the fragment scrolls there and the next Tab goes to
 * it; in a phone's drawer, `:has(:target)` keeps the drawer open); with JavaScript it is a client-side
 * navigation and focus moves to that goal (FocusMoreSuggested).
 */
function ShowMoreSuggested() {
  const location = useLocation();
  const search = new URLSearchParams(location.search);
  search.set("suggested", "all");
  return (
    <p className="sidenav__more">
      <Link to={{ search: `?${search}`, hash: `#${MORE_ID}` }} preventScrollReset className="button button--secondary">
        Show more<span className="visually-hidden"> suggested goals</span>
      </Link>
    </p>
  );
}

/** After "Show more" (or on opening its address), focus the first goal past the cut. */
function FocusMoreSuggested() {
  useFocusOnArrival(MORE_ID);
  return null;
}

/** SPEC: admins and orgs see a plus button leading to /create. */
export function CreateGoalButton() {
  return (
    <Link to="/create" className="plus-button" aria-label="Create a goal" title="Create a goal">
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path d="M12 5v14M5 12h14" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" fill="none" />
      </svg>
    </Link>
  );
}
