import { Link } from "@remix-run/react";
import { statusBoundary } from "#app/components/StatusPages";

/** The 403 for a private goal's discussion, pledges or settings: say why, and where to go instead. */
export function GoalPrivate() {
  return (
    <main className="page-message">
      <h1>403</h1>
      <p className="page-message__lead">This goal is private</p>
      <p>
        Only its members and organisers can see its discussion and pledges. If you have an invite link, open it to join.{" "}
        <Link to="/main">Back to the main page</Link>.
      </p>
    </main>
  );
}

/** The goal pages' boundary: the root's handlers (ADR 277), with the goal's own 403. */
export const GoalErrorBoundary = statusBoundary({ 403: GoalPrivate });
