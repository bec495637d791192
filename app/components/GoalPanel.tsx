import { Form, Link } from "@remix-run/react";
import { formatDateRange, formatMonthDay, goalProgress, toIsoDate } from "#app/lib/dates";
import type { SelectedGoal } from "#app/server/goals.server";
import { SubmitButton } from "./forms";
import { GoalIcon } from "./GoalIcon";
import { GoalNavCard } from "./GoalNavCard";
import { ProgressBar } from "./ProgressBar";

type PanelGoal = Omit<SelectedGoal, "membership"> & {
  membership: { completed: boolean; joinedAt: string | Date; completedAt: string | Date | null } | null;
};

/** The selected goal on the main screen: its card, progress, who is in it, and Join or Complete. */
export function GoalPanel({
  goal,
  today,
  refusal,
  error,
}: {
  goal: PanelGoal;
  today: string;
  /** For a goal the viewer is not in: why they cannot join it, or null when they can. */
  refusal?: string | null;
  error?: string;
}) {
  const progress = goalProgress(goal.start, goal.end, today);
  const membership = goal.membership;
  return (
    <article className="goal-detail card" aria-labelledby="goal-title">
      <header className="goal-detail__head">
        <GoalIcon goal={goal} size={64} />
        <div className="goal-detail__heading">
          <h1 id="goal-title">{goal.cause}</h1>
          <p className="goal-detail__dates">{formatDateRange(goal.start, goal.end) ?? "No Dates Selected"}</p>
        </div>
        <div className="goal-detail__tags">
          {goal.visibility === "private" ? <span className="tag">Private</span> : null}
          {goal.demo ? <span className="tag">Demo</span> : null}
          {membership?.completed ? <span className="tag tag--success">Completed</span> : null}
          {membership && !membership.completed ? <span className="tag tag--brand">Active</span> : null}
        </div>
      </header>
      <ProgressBar progress={progress} start={goal.start} end={goal.end} />
      <dl className="goal-detail__stats">
        <div>
          <dt>Pursuing</dt>
          <dd>{goal.activeCount}</dd>
        </div>
        <div>
          <dt>Completed</dt>
          <dd>{goal.completedCount}</dd>
        </div>
      </dl>
      {error || refusal ? (
        <p className={error ? "form-error" : "notice"} role={error ? "alert" : undefined}>
          {error ?? refusal}
        </p>
      ) : null}
      {!membership ? (
        refusal ? null : (
          <Form method="post" action={`/join/${goal.id}`} className="goal-detail__actions">
            <SubmitButton name="intent" value="join">
              Join goal
            </SubmitButton>
          </Form>
        )
      ) : membership.completed ? (
        <p className="notice">
          You completed this goal
          {membership.completedAt ? ` on ${formatMonthDay(toIsoDate(new Date(membership.completedAt)))}` : ""}. Well
          done!
        </p>
      ) : (
        <Form method="post" action={`/active/${goal.id}`} className="goal-detail__actions">
          <SubmitButton name="intent" value="complete">
            Complete goal
          </SubmitButton>
        </Form>
      )}
    </article>
  );
}

/** The panel for /main: SPEC's empty nav card and the role's empty-state line. */
export function NoGoalPanel({ canCreate }: { canCreate: boolean }) {
  return (
    <section className="goal-detail goal-detail--empty card" aria-labelledby="empty-title">
      <GoalNavCard goal={null} />
      <h1 id="empty-title" className="goal-detail__empty">
        {canCreate ? "Create or select a goal to get started" : "Select a goal to get started"}
      </h1>
      <p className="goal-detail__hint">
        {canCreate
          ? "Open one of your goals, join one from Suggested, or create a goal for your community."
          : "Open one of your goals, or join one from Suggested."}
      </p>
      {canCreate ? (
        <Link to="/create" className="button">
          Create a goal
        </Link>
      ) : null}
    </section>
  );
}

/** A goal the viewer may not see: a message, and nothing about the goal. */
export function HiddenGoalPanel({ message }: { message: string }) {
  return (
    <section className="goal-detail card" aria-labelledby="hidden-title">
      <h1 id="hidden-title">Goal not available</h1>
      <p className="notice">{message}</p>
    </section>
  );
}
