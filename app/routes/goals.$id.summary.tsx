import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { GoalErrorBoundary } from "#app/features/goals/GoalForbidden";
import { loadSummary } from "#app/features/summary/summary.server";
import { badgesLine, groupLine, raisedLine, standingLine } from "#app/features/summary/summary";
import { formatMonthDay } from "#app/lib/dates";
import { screenMeta } from "#app/lib/meta";
import { notFound } from "#app/platform/http/http-errors.server";
import { today } from "#app/platform/session/clock.server";
import { requireUser } from "#app/platform/session/session.server";
import memberStyles from "#app/styles/member.css";
import { stylesheet } from "#app/lib/stylesheet";

export const links: LinksFunction = () => [stylesheet(memberStyles)];

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  screenMeta(data ? `Your summary: ${data.cause}` : "Your summary");

/** A member's end-of-challenge summary and certificate (ADR 274). Members (and former members with progress) only. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const view = await loadSummary(context, params.id!, user, today(request, context.cloudflare.env));
  if (!view) throw notFound();
  if (view.state === "running")
    return { state: view.state, goalId: view.goalId, cause: view.cause, end: view.end, lines: null };
  const { facts } = view;
  return {
    state: view.state,
    goalId: view.goalId,
    cause: facts.cause,
    end: facts.end,
    lines: {
      standing: standingLine(facts),
      group: groupLine(facts),
      raised: raisedLine(facts),
      badges: facts.badges,
      noBadges: facts.badges.length ? null : badgesLine(facts),
    },
  };
}

export default function SummaryRoute() {
  const { state, goalId, cause, end, lines } = useLoaderData<typeof loader>();
  const certificate = `/goals/${goalId}/certificate.png`;
  return (
    <main className="page summary-page">
      <p>
        <Link to={`/active/${goalId}`}>Back to {cause}</Link>
      </p>
      <h1>{state === "ended" ? `${cause} has ended` : cause}</h1>
      {state === "running" || !lines ? (
        <p className="notice">
          Your summary and certificate are ready the day after the challenge ends
          {end ? ` on ${formatMonthDay(end)}` : ""}. Until then, every entry counts.
        </p>
      ) : (
        <>
          <section className="card" aria-labelledby="summary-title">
            <h2 id="summary-title">How you did</h2>
            <p className="summary-page__standing">{lines.standing}</p>
            <p>{lines.group}</p>
            {lines.raised ? <p>{lines.raised}</p> : null}
            {lines.badges.length ? (
              <>
                <h3>Your badges</h3>
                <ul className="summary-page__badges">
                  {lines.badges.map((badge) => (
                    <li key={badge}>{badge}</li>
                  ))}
                </ul>
              </>
            ) : (
              <p>{lines.noBadges}</p>
            )}
          </section>
          <section className="card share-card" aria-labelledby="certificate-title">
            <h2 id="certificate-title">Your certificate</h2>
            <img
              className="share-card__image"
              src={certificate}
              width={1200}
              height={630}
              alt={`Your certificate for ${cause}: ${lines.standing}`}
            />
            <p className="share-card__downloads">
              <a href={certificate} download="certificate.png">
                Download your certificate (1200 × 630)
              </a>
            </p>
          </section>
        </>
      )}
      <p>
        <Link to="/main">Find your next goal</Link>
      </p>
    </main>
  );
}

export const ErrorBoundary = GoalErrorBoundary;
