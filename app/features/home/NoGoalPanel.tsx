import { Link, useRouteLoaderData } from "@remix-run/react";
import type { RootData } from "#app/root";
import { useClientLinks } from "#app/components/hooks/useClientLinks";
import { GoalNavCard, type NavGoal } from "#app/features/goals/GoalNavCard";
import { StartGoalLink } from "#app/features/goals/GoalPanel";

/** How many suggested goals the welcome offers to join; the rest stay under Suggested. */
const WELCOME_SUGGESTIONS = 3;

/**
 * The home with no goal to show (a new member's first screen, docs/design.md "Empty states"): a welcome
 * and the two next steps, join a suggested goal or start one with friends. SPEC's empty nav card ('No
 * Name' / 'No Dates Selected') and the role's empty-state line stay, the card as the place the first goal
 * will take.
 */
export function NoGoalPanel({ canCreate, suggested }: { canCreate: boolean; suggested: NavGoal[] }) {
  const first = useRouteLoaderData<RootData>("root")?.user?.first;
  const offer = suggested.slice(0, WELCOME_SUGGESTIONS);
  // The cards are plain links; the section takes their clicks (ADR 211).
  const links = useClientLinks();
  return (
    <section className="goal-detail goal-detail--empty welcome card" aria-labelledby="empty-title">
      <p className="welcome__hello">{first ? `Welcome, ${first}!` : "Welcome!"}</p>
      <h1 id="empty-title" className="goal-detail__empty">
        {canCreate ? "Create or select a goal to get started" : "Select a goal to get started"}
      </h1>
      <p className="goal-detail__hint">
        {canCreate
          ? "Open one of your goals, join one from Suggested, or create a goal for your community."
          : "Goals are more fun with friends: join one that is already under way, or start your own and invite them."}
      </p>
      {offer.length ? (
        // Not a region of its own: the side nav's "Suggested" is the one region of that name.
        <div className="welcome__step" {...links.handlers}>
          {links.prefetch}
          <h2 id="welcome-join">Join a suggested goal</h2>
          <ul className="welcome__goals" aria-labelledby="welcome-join">
            {offer.map((goal) => (
              <li key={goal.id}>
                <GoalNavCard goal={goal} to={`/join/${goal.id}`} />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="welcome__step">
        <h2 id="welcome-start">{canCreate ? "Create one for your community" : "Or start one with friends"}</h2>
        {canCreate ? (
          <Link to="/create" className="button">
            Create a goal
          </Link>
        ) : (
          <StartGoalLink />
        )}
      </div>
      <figure className="welcome__placeholder">
        <GoalNavCard goal={null} />
        <figcaption>Your goal shows here once you join or start one.</figcaption>
      </figure>
    </section>
  );
}
