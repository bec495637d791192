/**
 * The goal screen's teams (ADR 270), a section of its own beside the member leaderboard: the team
 * board (by total or by average per member, the organiser's choice), my team, and a form per team to
 * join or switch. Plain forms: they work without JavaScript and land back here with a flash message.
 */
import { Form, Link } from "@remix-run/react";
import type { TeamsView } from "./teams.server";

export function TeamsSection({ view }: { view: TeamsView }) {
  const action = `/goals/${view.goalId}/teams`;
  const returnTo = `/active/${view.goalId}`;
  const byAverage = view.ranking === "average";
  const mine = view.teams.find((t) => t.mine);
  return (
    <section className="teams card" id="teams" aria-labelledby="teams-title">
      <h2 id="teams-title">Teams</h2>
      <p className="teams__lead">
        {byAverage
          ? "Ranked by the average per member, so a team's size does not decide it."
          : "Ranked by each team's total."}
        {mine ? (
          <>
            {" "}
            You are in <Link to={`${action}/${mine.id}`}>{mine.name}</Link>.
          </>
        ) : view.member ? (
          " Pick a team: your progress counts for it."
        ) : null}
      </p>
      {view.teams.length ? (
        <ol className="leaderboard team-board" aria-labelledby="teams-title" data-testid="team-board">
          {view.teams.map((t) => (
            <li key={t.id} className={t.mine ? "leaderboard__row leaderboard__row--me" : "leaderboard__row"}>
              <span className="leaderboard__rank">{t.rank}</span>
              <span className="leaderboard__name">
                <Link to={`${action}/${t.id}`}>{t.name}</Link>
                <span className="team-board__members">
                  {" "}
                  {t.members} {t.members === 1 ? "member" : "members"}
                  {t.mine ? ", yours" : ""}
                </span>
              </span>
              {view.measured ? (
                <span className="leaderboard__total" data-testid="team-figure">
                  {byAverage ? `${t.averageText} each` : t.totalText}
                </span>
              ) : null}
              {view.member && !t.mine ? (
                <Form method="post" action={action} className="team-board__join">
                  <input type="hidden" name="intent" value="join" />
                  <input type="hidden" name="teamId" value={t.id} />
                  <input type="hidden" name="returnTo" value={returnTo} />
                  <button type="submit" className="button button--secondary" disabled={t.full}>
                    {t.full ? "Full" : mine ? "Switch" : "Join"}
                    <span className="visually-hidden"> {t.name}</span>
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ol>
      ) : (
        <p className="measure__empty">
          {view.canCreate ? "No teams yet: start the first one." : "No teams yet: the organiser will add them."}
        </p>
      )}
      <p className="teams__more">
        {view.canCreate || view.manager ? (
          <Link to={action}>{view.manager ? "Manage teams" : "Start a team"}</Link>
        ) : null}
        {mine ? (
          <Form method="post" action={action} className="teams__leave">
            <input type="hidden" name="intent" value="leave" />
            <input type="hidden" name="returnTo" value={returnTo} />
            <button type="submit" className="link-button">
              Leave {mine.name}
            </button>
          </Form>
        ) : null}
      </p>
    </section>
  );
}
