import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { GoalNavCard } from "#app/features/goals/GoalNavCard";
import { FIND_MAX_QUERY, FIND_PAGE_SIZE, findHref, readFindRequest } from "#app/features/discover/find-goals";
import { findGoalsQuery } from "#app/features/discover/find-goals.server";
import { isVisibleTo } from "#app/features/goals/goals";
import { useClientLinks } from "#app/components/hooks/useClientLinks";
import { today } from "#app/platform/session/clock.server";
import { readScreen } from "#app/platform/session/read-screen.server";
import goalsStyles from "#app/styles/goals.css";
import memberStyles from "#app/styles/member.css";
import type { LiveHandle } from "#app/features/live/useLiveUpdates";
import { screenMeta } from "#app/lib/meta";
import { stylesheet } from "#app/lib/stylesheet";

export const links: LinksFunction = () => [stylesheet(goalsStyles), stylesheet(memberStyles)];

export const meta: MetaFunction = () =>
  screenMeta("Find a goal", { description: "Every goal you could join, by name, closing soonest first." });

// Live (ADR 043): goals created, edited or joined change the list.
export const handle: LiveHandle = { live: () => ["goals"] };

/**
 * "Find a goal" (ADR 263): what Suggested could list, page by page and by name. A search too long is
 * refused with its message (400) before any query is built from it.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const find = readFindRequest(new URL(request.url).searchParams);
  const day = today(request, context.cloudflare.env);
  const pattern = find.ok ? find.pattern : null;
  const page = find.ok ? find.page : 1;
  const { user, rows } = await readScreen({
    request,
    context,
    reads: (viewerId) => ({
      goals: find.ok
        ? ([findGoalsQuery(context, viewerId, { day, pattern, offset: (page - 1) * FIND_PAGE_SIZE })] as const)
        : null,
    }),
  });
  const found = (rows.goals?.[0] ?? []).filter((g) => isVisibleTo(g, user));
  const shown = found
    .slice(0, FIND_PAGE_SIZE)
    .map(({ id, cause, start, end, icon }) => ({ id, cause, start, end, icon }));
  const body = {
    q: find.q,
    problem: find.ok ? null : find.problem,
    page,
    goals: shown,
    more: found.length > FIND_PAGE_SIZE,
  };
  return find.ok ? body : data(body, { status: 400 });
}

export default function FindGoalRoute() {
  const { q, problem, page, goals, more } = useLoaderData<typeof loader>();
  const searching = useNavigation().location?.pathname === "/goals/find";
  const cardLinks = useClientLinks();
  const first = (page - 1) * FIND_PAGE_SIZE + 1;
  return (
    <main className="member-page find-goal">
      <h1>Find a goal</h1>
      <Form method="get" action="/goals/find" className="find-goal__form" role="search" key={q}>
        <div className="field">
          <label htmlFor="find-q">Goal name</label>
          <div className="find-goal__row">
            <input
              id="find-q"
              type="search"
              name="q"
              defaultValue={q}
              maxLength={FIND_MAX_QUERY}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? "find-q-error" : undefined}
            />
            <button type="submit" className="button">
              {searching ? "Searching..." : "Search"}
            </button>
          </div>
          {problem ? (
            <p className="field__error" id="find-q-error">
              {problem}
            </p>
          ) : null}
        </div>
      </Form>
      {problem ? null : (
        <>
          <p className="member-page__lead" aria-live="polite">
            {goals.length
              ? `${q ? `Goals named like “${q}”` : "Goals you could join"}, closing soonest first: ${first} to ${first + goals.length - 1}.`
              : q
                ? `No goal you could join is named like “${q}”.`
                : "No more goals to suggest at this time"}
          </p>
          {goals.length ? (
            // Plain links, navigated in the app by their container (ADR 211).
            <div {...cardLinks.handlers}>
              {cardLinks.prefetch}
              <ul className="completed-list">
                {goals.map((goal) => (
                  <li key={goal.id}>
                    <GoalNavCard goal={goal} to={`/join/${goal.id}`} />
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {page > 1 || more ? (
            <nav className="find-goal__pages" aria-label="Pages of goals">
              {page > 1 ? (
                <Link className="button button--secondary" to={findHref(q, page - 1)} rel="prev">
                  Previous page
                </Link>
              ) : null}
              <span>Page {page}</span>
              {more ? (
                <Link className="button button--secondary" to={findHref(q, page + 1)} rel="next">
                  Next page
                </Link>
              ) : null}
            </nav>
          ) : null}
        </>
      )}
      <p>
        <Link className="back-link" to="/main">
          Back to your goals
        </Link>
      </p>
    </main>
  );
}
