import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { GoalNavCard } from "#app/features/goals/GoalNavCard";
import { ProgressBar } from "#app/components/ProgressBar";
import { MeasureBar } from "#app/features/progress/MeasureBar";
import { goalProgress } from "#app/lib/dates";
import { today } from "#app/platform/session/clock.server";
import { currentGoalQuery } from "#app/features/goals/goals.server";
import { currentGoalIdSql } from "#app/features/home/home.server";
import { myMeasureQuery, toMyMeasure } from "#app/features/progress/progress.server";
import { readScreen } from "#app/platform/session/read-screen.server";
import goalsStyles from "#app/styles/goals.css";
import memberStyles from "#app/styles/member.css";
import type { LiveHandle } from "#app/features/live/useLiveUpdates";
import { screenMeta } from "#app/lib/meta";
import { stylesheet } from "#app/lib/stylesheet";

export const links: LinksFunction = () => [stylesheet(goalsStyles), stylesheet(memberStyles)];

export const meta: MetaFunction = () =>
  screenMeta("Progress Bar", { description: "How far along your current goal you are." });

// Live (ADR 043): goal edits; the viewer's own joins and completions come through root's user topic.
export const handle: LiveHandle = { live: () => ["goals"] };

export async function loader({ request, context }: LoaderFunctionArgs) {
  // The session and the current goal in one round trip (ADR 057).
  const { rows } = await readScreen({
    request,
    context,
    reads: (viewerId) => ({
      goal: [currentGoalQuery(context, viewerId)],
      // Measured progress (ADR 140): my total in the current goal, for the bar beside the time bar.
      measure: [myMeasureQuery(context, currentGoalIdSql(viewerId), viewerId)],
    }),
    // Built once per isolate, then only bound (ADR 209).
    template: { key: "bar", values: {} },
  });
  const [goal] = rows.goal[0];
  const [mine] = rows.measure[0];
  const day = today(request, context.cloudflare.env);
  return {
    today: day,
    goal: goal && { id: goal.id, cause: goal.cause, start: goal.start, end: goal.end, icon: goal.icon },
    measure: goal ? toMyMeasure(mine) : null,
  };
}

export default function ProgressBarRoute() {
  const { goal, today, measure } = useLoaderData<typeof loader>();
  return (
    <main className="member-page">
      <h1>Progress Bar</h1>
      {goal ? (
        <section className="card goal-detail" aria-label="Current goal">
          <GoalNavCard goal={goal} to={`/active/${goal.id}`} />
          <ProgressBar progress={goalProgress(goal.start, goal.end, today)} start={goal.start} end={goal.end} />
          {measure ? <MeasureBar measure={measure} /> : null}
        </section>
      ) : (
        <section className="card goal-detail goal-detail--empty">
          <GoalNavCard goal={null} />
          <p className="goal-detail__empty">You are not pursuing a goal right now.</p>
          <Link to="/main" className="button">
            Find a goal
          </Link>
        </section>
      )}
    </main>
  );
}
