import { AuthLayout } from "#app/features/auth/AuthLayout";
import { SignUpOrIn } from "#app/features/auth/SignUpOrIn";
import { GoalIcon } from "#app/features/goals/GoalIcon";
import type { JoinPreview } from "./join-preview.server";

/**
 * /join/{id} for a signed-out visitor (ADR 262): the goal as anyone signed in could see it before joining,
 * and Sign Up / Sign In, which both bring them back here. A goal a visitor may not see shows nothing of it.
 */
export function JoinPreviewCard({ goal }: { goal: JoinPreview | null }) {
  if (!goal) {
    return (
      <AuthLayout>
        <h1>Sign in to see this goal</h1>
        <p className="auth__lead">
          If this goal is shared with you, it opens as soon as you sign in, and you can join it from there.
        </p>
        <SignUpOrIn className="auth__links join-preview__actions" />
      </AuthLayout>
    );
  }
  const ended = goal.phase === "ended";
  return (
    <AuthLayout>
      <section className="join-preview" aria-labelledby="join-preview-title">
        <div className="join-preview__head">
          <GoalIcon goal={goal} size={56} />
          <div>
            <p className="invite__kicker">A goal on Goals with Friends</p>
            <h1 id="join-preview-title">{goal.cause}</h1>
          </div>
        </div>
        <ul className="invite__facts">
          {goal.dates ? <li>{goal.dates}</li> : null}
          {goal.phase === "upcoming" ? <li>Not started yet: you can join now</li> : null}
          {goal.unit ? <li>Progress counted in {goal.unit}</li> : null}
          {goal.charityName ? <li>Raising money for {goal.charityName}</li> : null}
          <li>
            {goal.memberCount} {goal.memberCount === 1 ? "person has" : "people have"} joined
          </li>
        </ul>
      </section>
      {ended ? (
        <p className="auth__lead">This goal has ended, so it cannot be joined any more.</p>
      ) : (
        <p className="auth__lead">Sign up or sign in to join: we will bring you straight back here.</p>
      )}
      <SignUpOrIn className="auth__links join-preview__actions" />
    </AuthLayout>
  );
}
