import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { GoalNavCard } from "#app/features/goals/GoalNavCard";
import { useToday } from "#app/components/hooks/useToday";
import { formatMonthDay, toIsoDate } from "#app/lib/dates";
import { completedGoalsQuery } from "#app/features/goals/goals.server";
import { readScreen } from "#app/platform/session/read-screen.server";
import goalsStyles from "#app/styles/goals.css";
import memberStyles from "#app/styles/member.css";
import type { LiveHandle } from "#app/features/live/useLiveUpdates";
import { screenMeta } from "#app/lib/meta";
import { stylesheet } from "#app/lib/stylesheet";

export const links: LinksFunction = () => [stylesheet(goalsStyles), stylesheet(memberStyles)];

export const meta: MetaFunction = () => screenMeta("Completed Goals", { description: "The goals you have completed." });

// Live (ADR 043): goal edits; the viewer's own joins and completions come through root's user topic.
export const handle: LiveHandle = { live: () => ["goals"] };

export async function loader({ request, context }: LoaderFunctionArgs) {
  // The session and the list in one round trip (ADR 057).
  const { rows } = await readScreen({
    request,
    context,
    reads: (viewerId) => ({
      completed: [completedGoalsQuery(context, viewerId)],
    }),
    // Built once per isolate, then only bound (ADR 209).
    template: { key: "completedgoals", values: {} },
  });
  const [completed] = rows.completed;
  return {
    goals: completed.map((g) => ({
      id: g.id,
      cause: g.cause,
      start: g.start,
      end: g.end,
      icon: g.icon,
      completedOn: g.completedAt ? toIsoDate(g.completedAt) : null,
    })),
  };
}

export default function CompletedGoalsRoute() {
  const { goals } = useLoaderData<typeof loader>();
  const today = useToday();
  return (
    <main className="member-page">
      <h1>Completed Goals</h1>
      {goals.length ? (
        <>
          <p className="member-page__lead">
            {goals.length} {goals.length === 1 ? "goal" : "goals"} completed. Well done!
          </p>
          <ul className="completed-list">
            {goals.map((goal) => (
              <li key={goal.id}>
                <GoalNavCard goal={goal} to={`/active/${goal.id}`} />
                {goal.completedOn ? (
                  <time dateTime={goal.completedOn}>Completed {formatMonthDay(goal.completedOn, today)}</time>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      ) : (
        <div className="card goal-detail goal-detail--empty">
          <p className="empty-state">Empty State</p>
          <p>Goals you complete will appear here.</p>
          <Link to="/main" className="button">
            Back to your goals
          </Link>
        </div>
      )}
    </main>
  );
}
