/**
 * The org's home leads with the challenges it runs (ADR 251): per challenge the figures of /challenges
 * (members, the group's total, pledged and paid) and the one next thing to do.
 */
import { Link } from "@remix-run/react";
import { formatDateRange } from "#app/lib/dates";
import { useToday } from "#app/components/hooks/useToday";
import { DEFAULT_CURRENCY, formatAmount } from "#app/features/fundraising/fundraising";
import { formatQuantity } from "#app/features/progress/progress";
import { PHASE_LABELS } from "#app/features/goals/goal-state";
import type { HomeChallenge } from "./challenges.server";

export function ChallengesOverview({ challenges, more }: { challenges: HomeChallenge[]; more: boolean }) {
  const today = useToday();
  return (
    <section className="org-home" aria-labelledby="org-home-title">
      <div className="org-home__head">
        <h2 id="org-home-title">Your challenges</h2>
        <Link to="/challenges">{more ? "All my challenges" : "My challenges: the full table"}</Link>
      </div>
      {challenges.length ? (
        <ul className="org-home__cards" aria-label="Challenges you run">
          {challenges.map((c) => {
            const money = (minor: number) => formatAmount(minor, c.currency ?? DEFAULT_CURRENCY);
            return (
              <li key={c.id} className="card org-card" data-testid="org-challenge">
                <div className="org-card__head">
                  <Link to={`/active/${c.id}`} className="org-card__title">
                    {c.cause}
                  </Link>
                  <span className={`tag tag--${c.phase}`}>{PHASE_LABELS[c.phase]}</span>
                </div>
                <span className="org-card__dates">{formatDateRange(c.start, c.end, today) ?? "No Dates Selected"}</span>
                <dl className="org-card__figures">
                  <div>
                    <dt>Members</dt>
                    <dd>{c.members}</dd>
                  </div>
                  {c.unit ? (
                    <div>
                      <dt>Group total</dt>
                      <dd>
                        {formatQuantity(c.groupTotal, c.unit)}
                        {c.groupTarget ? ` of ${formatQuantity(c.groupTarget, c.unit)}` : ""}
                      </dd>
                    </div>
                  ) : (
                    <div>
                      <dt>Completed</dt>
                      <dd>{c.completed}</dd>
                    </div>
                  )}
                  {c.fundraising || c.pledged ? (
                    <div>
                      <dt>Pledged / paid</dt>
                      <dd>
                        {money(c.pledged)} / {money(c.paid)}
                      </dd>
                    </div>
                  ) : null}
                </dl>
                {c.next ? (
                  <p className="org-card__next">
                    <span className="org-card__why">{c.next.why}</span>
                    <Link to={c.next.href} className="button">
                      {c.next.label}
                      <span className="visually-hidden"> for {c.cause}</span>
                    </Link>
                  </p>
                ) : (
                  <p className="org-card__next">
                    <Link to={`/active/${c.id}`} className="button button--secondary">
                      Open the challenge<span className="visually-hidden"> {c.cause}</span>
                    </Link>
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="measure__empty">Nothing running or coming up. Ended challenges are all reconciled.</p>
      )}
    </section>
  );
}
