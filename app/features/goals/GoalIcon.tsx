/**
 * A goal's icon: the uploaded image, or a lettered badge in one of seven colours picked from the goal's
 * id. Its size and colour are classes of goals.css, not inline styles: a nav card repeats 40 times on
 * /main (docs/benchmarks.md, "/main's HTML").
 */
const BADGE_HUES = 7;
const SIZE_CLASS = { 44: "", 56: " goal-icon--56", 64: " goal-icon--64" } as const;

export function GoalIcon({
  goal,
  size = 44,
}: {
  goal: { id: string; cause: string; icon: string | null };
  size?: keyof typeof SIZE_CLASS;
}) {
  if (goal.icon) {
    return (
      <img
        className={`goal-icon${SIZE_CLASS[size]}`}
        src={`/images/${goal.icon}`}
        alt=""
        width={size}
        height={size}
        loading="lazy"
      />
    );
  }
  let hash = 0;
  for (const ch of goal.id) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return (
    <span
      className={`goal-icon goal-icon--badge goal-icon--hue${hash % BADGE_HUES}${SIZE_CLASS[size]}`}
      aria-hidden="true"
    >
      {goal.cause.trim().slice(0, 1).toUpperCase() || "?"}
    </span>
  );
}
