import { Link } from "@remix-run/react";
import { Drawer } from "./Drawer";
import { GoalNavCard, type NavGoal } from "./GoalNavCard";
import { StartGoalLink } from "./GoalPanel";

/** SPEC's side navigation: Goals (the user's active goals) and Suggested (goals they could join). */
export function SideNav({
  active,
  suggested,
  fromFriends = [],
  selectedId,
  canCreate,
}: {
  active: NavGoal[];
  suggested: NavGoal[];
  /** Goals the viewer's friends pursue, shown first in Suggested (ADR 185). */
  fromFriends?: NavGoal[];
  selectedId?: string;
  canCreate: boolean;
}) {
  return (
    <nav className="sidenav" aria-label="Goals navigation">
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
            {suggested.map((goal) => (
              <li key={goal.id}>
                <GoalNavCard goal={goal} to={`/join/${goal.id}`} current={goal.id === selectedId} />
              </li>
            ))}
          </ul>
        ) : fromFriends.length ? null : (
          <p className="empty-state">No more goals to suggest at this time</p>
        )}
      </Drawer>
    </nav>
  );
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
