import { Link } from "@remix-run/react";

/**
 * The way in to activity files from wherever a member logs (the goal screen, the quick log): a plain
 * link, so it works the same with and without JavaScript (ADR 260).
 */
export function ActivityFilesLink({ goalId }: { goalId: string }) {
  return (
    <p className="measure__files">
      <Link to={`/goals/${goalId}/activity`}>Add from activity files</Link> (GPX, TCX or FIT from your watch or app)
    </p>
  );
}
