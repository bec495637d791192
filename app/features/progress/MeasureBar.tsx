/** My total vs my target in a measured goal, as a bar (the Progress Bar screen, ADR 140). */
export function MeasureBar({
  measure,
}: {
  measure: { totalText: string; targetText: string | null; percent: number | null };
}) {
  const fill = Math.min(100, measure.percent ?? 0);
  const text = `${measure.totalText}${measure.targetText ? ` of ${measure.targetText}` : ""}`;
  return (
    <div className="progress progress--measure" data-testid="measure-bar">
      <div className="progress__top">
        <span className="progress__label">My progress: {text}</span>
        {measure.percent !== null ? <span className="progress__percent">{measure.percent}%</span> : null}
      </div>
      <div
        className="progress__track"
        role="progressbar"
        aria-label="My measured progress"
        aria-valuenow={fill}
        aria-valuetext={text}
      >
        <div className="progress__fill" style={{ width: `${fill}%` }} />
      </div>
    </div>
  );
}
