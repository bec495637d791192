/**
 * The goal screen's badges (ADR 271), a section of its own: the ones my entries have earned (computed,
 * never stored) and the group's latest ("Priya reached 50 km").
 */
import type { BadgesView } from "./badges.server";

export function BadgesSection({ view }: { view: BadgesView }) {
  return (
    <section className="badges card" id="badges" aria-labelledby="badges-title">
      <h2 id="badges-title">Badges</h2>
      {view.mine.length ? (
        <ul className="badges__list" aria-label="My badges" data-testid="my-badges">
          {view.mine.map((b) => (
            <li key={b.key} className={`badge badge--${b.key.split("-")[0]}`}>
              {b.label}
            </li>
          ))}
        </ul>
      ) : (
        <p className="measure__empty">Log your first entry to earn your first badge.</p>
      )}
      {view.feed.length ? (
        <>
          <h3 id="badge-feed-title">Latest in the group</h3>
          <ul className="badges__feed" aria-labelledby="badge-feed-title" data-testid="badge-feed">
            {view.feed.map((f, i) => (
              <li key={`${f.at}-${i}`}>{f.text}</li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
