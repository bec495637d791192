/** A goal's icon: the uploaded image, or a lettered badge in a colour picked from the goal's id. */
const BADGE_COLORS = ["#0f766e", "#7c3aed", "#0369a1", "#b45309", "#be123c", "#15803d", "#4338ca"];

export function GoalIcon({
  goal,
  size = 44,
}: {
  goal: { id: string; cause: string; icon: string | null };
  size?: number;
}) {
  if (goal.icon) {
    return <img className="goal-icon" src={`/images/${goal.icon}`} alt="" width={size} height={size} loading="lazy" />;
  }
  let hash = 0;
  for (const ch of goal.id) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  const background = BADGE_COLORS[hash % BADGE_COLORS.length];
  return (
    <span className="goal-icon goal-icon--badge" style={{ background, width: size, height: size }} aria-hidden="true">
      {goal.cause.trim().slice(0, 1).toUpperCase() || "?"}
    </span>
  );
}
