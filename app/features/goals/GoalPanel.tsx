import { Form, Link, useSearchParams } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { formatDateRange, formatMonthDay, goalProgress, toIsoDate } from "#app/lib/dates";
import {
  goalPhase,
  memberActions,
  memberStatus,
  PHASE_LABELS,
  STATUS_LABELS,
  type GoalPhase,
} from "#app/features/goals/goal-state";
import type { SelectedGoal } from "#app/features/goals/goals.server";
import { SubmitButton } from "#app/components/SubmitButton";
import { GoalIcon } from "./GoalIcon";
import { ProgressBar } from "#app/components/ProgressBar";

type PanelGoal = Omit<SelectedGoal, "orgId" | "friendOfOwner" | "membership"> & {
  membership: { completed: boolean; completedAt: string | Date | null } | null;
};

/** The selected goal on the main screen: its state, time, who is in it, and the actions valid now. */
export function GoalPanel({
  goal,
  today,
  refusal,
  error,
  tools,
  lead,
  measured = false,
}: {
  goal: PanelGoal;
  today: string;
  /** The log form on a measured goal the member logs in (ADR 224): first under the goal's name. */
  lead?: React.ReactNode;
  /** The organiser's tools (ADR 251): they lead the panel, and joining becomes a secondary choice. */
  tools?: React.ReactNode;
  /** The goal has a measure: progress and its log lead, Complete joins Leave in the menu (ADR 222). */
  measured?: boolean;
  /** For a goal the viewer is not in: why they cannot join it, or null when they can. */
  refusal?: string | null;
  error?: string;
}) {
  const progress = goalProgress(goal.start, goal.end, today);
  const membership = goal.membership;
  const phase = goalPhase(goal, today);
  const status = memberStatus(membership);
  const actions = memberActions(phase, status);
  // The second step of Complete and Leave (ADR 161): a plain GET, so it works without JavaScript too.
  const [params] = useSearchParams();
  const asked = params.get("confirm");
  const confirming = asked === "complete" || asked === "leave" ? (actions.includes(asked) ? asked : null) : null;
  return (
    <article className="goal-detail card" aria-labelledby="goal-title">
      <header className="goal-detail__head">
        <GoalIcon goal={goal} size={64} />
        <div className="goal-detail__heading">
          <h1 id="goal-title">{goal.cause}</h1>
          <p className="goal-detail__dates">{formatDateRange(goal.start, goal.end, today) ?? "No Dates Selected"}</p>
        </div>
        <div className="goal-detail__tags">
          <span className={`tag tag--${phase}`}>{PHASE_LABELS[phase]}</span>
          {goal.visibility === "private" ? <span className="tag">Private</span> : null}
          {goal.visibility === "friends" ? <span className="tag">Friends</span> : null}
          {goal.demo ? <span className="tag">Demo</span> : null}
          {status ? (
            <span className={status === "completed" ? "tag tag--success" : "tag tag--brand"}>
              {STATUS_LABELS[status]}
            </span>
          ) : null}
        </div>
      </header>
      {lead}
      {tools}
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
            {tools ? <p className="goal-detail__aside">Taking part yourself as well?</p> : null}
            <SubmitButton name="intent" value="join" className={tools ? "button button--secondary" : undefined}>
              Join goal
            </SubmitButton>
          </Form>
        )
      ) : (
        <>
          <MemberNote goal={goal} phase={phase} completedAt={membership.completedAt} today={today} />
          {confirming ? (
            <ConfirmStep goal={goal} action={confirming} />
          ) : (!measured && actions.includes("complete")) || actions.includes("undo") ? (
            <div className="goal-detail__actions">
              {/* A goal without a measure is done by saying so: Complete stays in sight (ADR 222). */}
              {!measured && actions.includes("complete") ? <ConfirmLink goal={goal} action="complete" primary /> : null}
              {actions.includes("undo") ? (
                <Form method="post" action={`/active/${goal.id}`}>
                  <SubmitButton name="intent" value="undo" className="button button--secondary">
                    Undo completion
                  </SubmitButton>
                </Form>
              ) : null}
            </div>
          ) : null}
        </>
      )}
      <div className="goal-detail__share">
        <Link to={`/goals/${goal.id}/share`} className="button button--secondary">
          Share
        </Link>
        {/* Out of the way (ADR 222): a measured goal is completed from its progress once the target is
            reached, or here; leaving is always here. A details element: a menu without JavaScript too. */}
        {membership && !confirming && (actions.includes("leave") || (measured && actions.includes("complete"))) ? (
          <details className="goal-menu">
            <summary className="button button--secondary goal-menu__button">Goal options</summary>
            <div className="goal-menu__list">
              {measured && actions.includes("complete") ? <ConfirmLink goal={goal} action="complete" /> : null}
              {actions.includes("leave") ? <ConfirmLink goal={goal} action="leave" /> : null}
            </div>
          </details>
        ) : null}
      </div>
    </article>
  );
}

/** The first step of Complete or Leave: a plain GET to the confirm step (ADR 161). */
function ConfirmLink({ goal, action, primary }: { goal: PanelGoal; action: "complete" | "leave"; primary?: boolean }) {
  return (
    <Form method="get" action={`/active/${goal.id}`}>
      <input type="hidden" name="confirm" value={action} />
      <button type="submit" className={primary ? "button" : "button button--secondary"}>
        {action === "complete" ? "Complete goal" : "Leave goal"}
      </button>
    </Form>
  );
}

/** One sentence on where the member stands, matching the phase and the actions offered. */
function MemberNote({
  goal,
  phase,
  completedAt,
  today,
}: {
  goal: PanelGoal;
  phase: GoalPhase;
  completedAt: string | Date | null;
  today: string;
}) {
  if (goal.membership?.completed) {
    const on = completedAt ? ` on ${formatMonthDay(toIsoDate(new Date(completedAt)), today)}` : "";
    return (
      <p className="notice">
        You completed this goal{on}. Well done!
        {phase === "running" ? " Tapped it by mistake? You can undo it while the goal runs." : ""}
      </p>
    );
  }
  if (phase === "upcoming")
    return (
      <p className="notice">
        {`This goal starts on ${goal.start ? formatMonthDay(goal.start, today) : "its first day"}. You can mark it completed once it has started.`}
      </p>
    );
  if (phase === "ended")
    return (
      <p className="notice">
        {`This goal ended${goal.end ? ` on ${formatMonthDay(goal.end, today)}` : ""} before you marked it completed.`}
      </p>
    );
  return null;
}

/** The second step of Complete or Leave: what will happen, the real button, and a way back. */
function ConfirmStep({ goal, action }: { goal: PanelGoal; action: "complete" | "leave" }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // With JavaScript the step appears in place: take keyboard and screen-reader focus to it.
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="confirm" aria-labelledby="confirm-title">
      <h2 id="confirm-title" tabIndex={-1} ref={heading}>
        {action === "complete" ? `Mark “${goal.cause}” as completed?` : `Leave “${goal.cause}”?`}
      </h2>
      <p>
        {action === "complete"
          ? "It moves to your Completed Goals. Tapped it by mistake? You can undo it while the goal runs."
          : "It leaves your goals and your name leaves its member list. You can join again while it is open."}
      </p>
      <div className="goal-detail__actions">
        <Form method="post" action={`/active/${goal.id}`}>
          <SubmitButton name="intent" value={action}>
            {action === "complete" ? "Yes, I completed it" : "Yes, leave this goal"}
          </SubmitButton>
        </Form>
        <Link to={`/active/${goal.id}`} className="button button--secondary" replace>
          Cancel
        </Link>
      </div>
    </section>
  );
}

/** Members start a goal of their own from the home screen (ADR 183); SPEC's plus button stays for admins and orgs. */
export function StartGoalLink({ className = "button" }: { className?: string }) {
  return (
    <Link to="/goals/new" className={className}>
      Start a goal with friends
    </Link>
  );
}
