/**
 * The home's overview (ADR 141): a compact card per active goal (time bar; measured goals add my total
 * vs target and my streak) and what happened in my goals since my last visit.
 */
import { useLocation } from "@remix-run/react";
import { formatDateRange } from "#app/lib/dates";
import { useClientLinks } from "#app/components/hooks/useClientLinks";
import { useFocusOnArrival } from "#app/components/hooks/useFocusOnArrival";
import { HOME_CARDS_SHOWN } from "#app/features/goals/goals";
import { useToday } from "#app/components/hooks/useToday";
import type { FeedGroup, HomeCard } from "#app/features/home/home.server";
import { QuickLog } from "#app/features/progress/QuickLog";
import type { EntryResult } from "#app/features/progress/entry-answer";
import type { QuickLogData } from "#app/features/progress/quick-log.server";

const timeFormat = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "UTC",
});

function timeLabel(progress: HomeCard["progress"]) {
  switch (progress.state) {
    case "running":
      return { percent: progress.percent, text: `Day ${progress.day} of ${progress.totalDays}` };
    case "upcoming":
      return { percent: 0, text: `Starts in ${progress.startsIn} ${progress.startsIn === 1 ? "day" : "days"}` };
    case "expired":
      return { percent: 100, text: "Ended" };
    default:
      return null;
  }
}

function Card({ card, current, id }: { card: HomeCard; current: boolean; id?: string }) {
  const time = timeLabel(card.progress);
  const measure = card.measure;
  const today = useToday();
  return (
    <li className={current ? "home-card card home-card--current" : "home-card card"} id={id}>
      <a href={`/active/${card.id}`} className="home-card__title" aria-current={current ? "true" : undefined}>
        {card.cause}
      </a>
      <span className="home-card__dates">{formatDateRange(card.start, card.end, today) ?? "No Dates Selected"}</span>
      {time ? (
        <div className="home-card__bar">
          <span className="home-card__label">{time.text}</span>
          <div
            className="measure__track"
            role="progressbar"
            aria-label={`Time in ${card.cause}`}
            aria-valuenow={time.percent}
            aria-valuetext={time.text}
          >
            <div className="measure__fill" style={{ width: `${time.percent}%` }} />
          </div>
        </div>
      ) : null}
      {measure ? (
        <div className="home-card__bar" data-testid="card-measure">
          <span className="home-card__label">
            {measure.totalText}
            {measure.targetText ? ` of ${measure.targetText}` : ""}
            {measure.streak ? ` · ${measure.streak}-day streak` : ""}
          </span>
          <div
            className="measure__track"
            role="progressbar"
            aria-label={`My progress in ${card.cause}`}
            aria-valuenow={Math.min(100, measure.percent ?? 0)}
            aria-valuetext={`${measure.totalText}${measure.targetText ? ` of ${measure.targetText}` : ""}`}
          >
            <div className="measure__fill" style={{ width: `${Math.min(100, measure.percent ?? 0)}%` }} />
          </div>
        </div>
      ) : null}
    </li>
  );
}

export function HomeOverview({
  home,
  currentId,
  quickLogResult,
}: {
  /** `cards`: the first few, or all when asked; `cardTotal`: how many active goals there are (ADR 315). */
  home: { cards: HomeCard[]; cardTotal: number; feed: FeedGroup[]; quickLog: QuickLogData | null };
  currentId: string | null;
  /** The quick log's answer without JavaScript. */
  quickLogResult?: EntryResult;
}) {
  // Cards and feed lines are plain links; the section takes their clicks (ADR 211).
  const links = useClientLinks();
  return (
    <section className="home" aria-labelledby="home-title" {...links.handlers}>
      {links.prefetch}
      {home.quickLog ? <QuickLog data={home.quickLog} action="/main" result={quickLogResult} /> : null}
      <h2 id="home-title" className="home__title">
        Your goals
      </h2>
      <ul className="home__cards" aria-label="Your active goals" data-testid="home-cards">
        {home.cards.map((card, index) => (
          <Card
            key={card.id}
            card={card}
            current={card.id === currentId}
            id={index === HOME_CARDS_SHOWN ? MORE_ID : undefined}
          />
        ))}
      </ul>
      {home.cardTotal > home.cards.length ? <ShowAllCards total={home.cardTotal} /> : <FocusMoreCards />}
      <section className="home__feed card" aria-labelledby="feed-title">
        <h3 id="feed-title">Since your last visit</h3>
        {home.feed.length ? (
          // Grouped by goal, the goal named once (ADR 223).
          <ul className="feed" data-testid="home-feed">
            {home.feed.map((group) => (
              <li key={group.goalId} className="feed__group">
                <h4 className="feed__goal">
                  <a href={`/active/${group.goalId}`}>{group.cause}</a>
                </h4>
                <ul className="feed__lines">
                  {group.items.map((item) => (
                    <li key={item.key} className="feed__item">
                      <span className="feed__text">{item.text}</span>{" "}
                      <time dateTime={item.at} className="feed__time">
                        {`${timeFormat.format(new Date(item.at))} UTC`}
                      </time>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        ) : (
          <p className="measure__empty">Nothing new in your goals since your last visit.</p>
        )}
      </section>
    </section>
  );
}

const MORE_ID = "home-cards-more";

/**
 * "Show all N goals" (ADR 315): the home with every card, landing on the first one past the cut; a plain
 * link (other parameters kept), so it works without JavaScript. Every goal is in the side navigation too.
 */
function ShowAllCards({ total }: { total: number }) {
  const location = useLocation();
  const search = new URLSearchParams(location.search);
  search.set("goals", "all");
  return (
    <p className="home__more">
      <a href={`/main?${search}#${MORE_ID}`} className="button button--secondary">
        {`Show all ${total} goals`}
      </a>
    </p>
  );
}

/** After "Show all N goals" (or on opening its address), focus the first card past the cut. */
function FocusMoreCards() {
  useFocusOnArrival(MORE_ID);
  return null;
}
