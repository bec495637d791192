import { formatDateRange } from "#app/lib/dates";
import { useToday } from "#app/components/hooks/useToday";
import { GoalIcon } from "./GoalIcon";

export interface NavGoal {
  id: string;
  cause: string;
  start: string | null;
  end: string | null;
  icon: string | null;
  visibility?: "public" | "private" | "friends";
}

/**
 * SPEC's goal nav card: the cause and 'start - end' as month/day, or 'No Name' / 'No Dates Selected'.
 * With `to` it is a plain link: render it inside a container using `useClientLinks` (SideNav does), which
 * navigates in the app and prefetches on intent as `<Link>` would, for much less server work (ADR 211).
 */
export function GoalNavCard({
  goal,
  to,
  current,
  badge,
}: {
  goal: NavGoal | null;
  to?: string;
  current?: boolean;
  badge?: string;
}) {
  const name = goal?.cause.trim() || "No Name";
  // SPEC's month/day within the current year; the year too for a date in another one.
  const today = useToday();
  const dates = (goal && formatDateRange(goal.start, goal.end, today)) || "No Dates Selected";
  const body = (
    <>
      {goal ? <GoalIcon goal={goal} /> : <span className="goal-icon goal-icon--empty" aria-hidden="true" />}
      <span className="goal-card__text">
        <span className="goal-card__name">{name}</span>
        <span className="goal-card__dates">{dates}</span>
      </span>
      {badge || (goal?.visibility && goal.visibility !== "public") ? (
        <span className="goal-card__badge">{badge ?? (goal?.visibility === "friends" ? "Friends" : "Private")}</span>
      ) : null}
    </>
  );
  return to ? (
    <a href={to} className="goal-card goal-card--link" aria-current={current ? "page" : undefined}>
      {body}
    </a>
  ) : (
    <div className="goal-card">{body}</div>
  );
}
