import { formatMonthDay, type Progress } from "#app/lib/dates";
import { barFill, percentLabel } from "#app/lib/percent";
import { useToday } from "./hooks/useToday";

/** Day N of M and the share of the time gone by; or the upcoming / ended / undated state. */
export function ProgressBar({
  progress,
  start,
  end,
}: {
  progress: Progress;
  start: string | null;
  end: string | null;
}) {
  const today = useToday();
  if (progress.state === "undated") {
    return <p className="progress__note">This goal has no dates yet, so there is no progress to show.</p>;
  }
  // A running goal is always at least on its first day: a sliver of bar and "<1%", never an empty "0%".
  const percent = progress.state === "running" ? barFill(progress.percent, 1) : progress.state === "expired" ? 100 : 0;
  // The share of the goal's days gone by, said as time so it is not read as the member's progress.
  const label =
    progress.state === "running"
      ? `Day ${progress.day} of ${progress.totalDays} · ${percentLabel(progress.percent, 1)} of the time`
      : progress.state === "upcoming"
        ? `Starts in ${progress.startsIn} ${progress.startsIn === 1 ? "day" : "days"}`
        : "Ended";
  return (
    <div className={`progress progress--${progress.state}`}>
      <div className="progress__top">
        <span className="progress__label">{label}</span>
      </div>
      {/* WAI-ARIA's progressbar ranges over 0-100 by default: no aria-valuemin/max (on every bar). */}
      <div
        className="progress__track"
        role="progressbar"
        aria-label="Time elapsed"
        aria-valuenow={percent}
        aria-valuetext={label}
      >
        <div className="progress__fill" style={{ width: `${percent}%` }} />
      </div>
      <div className="progress__dates">
        <span>{start ? formatMonthDay(start, today) : ""}</span>
        <span>{end ? formatMonthDay(end, today) : ""}</span>
      </div>
      {progress.state === "expired" ? (
        <p className="progress__note">{`This goal ended ${progress.daysSinceEnd} ${progress.daysSinceEnd === 1 ? "day" : "days"} ago.`}</p>
      ) : progress.state === "running" ? (
        <p className="progress__note">
          {progress.daysLeft === 0
            ? "Today is the last day."
            : `${progress.daysLeft} ${progress.daysLeft === 1 ? "day" : "days"} to go.`}
        </p>
      ) : null}
    </div>
  );
}
