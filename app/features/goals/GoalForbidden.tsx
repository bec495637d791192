import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { NotFound } from "#app/components/NotFound";
import { SomethingWentWrong } from "#app/components/SomethingWentWrong";

/** The 403 for a private goal's discussion, pledges or settings: say why, and where to go instead. */
export function GoalErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  if (isRouteErrorResponse(error) && error.status === 403) {
    return (
      <main className="page-message">
        <h1>403</h1>
        <p className="page-message__lead">This goal is private</p>
        <p>
          Only its members and organisers can see its discussion and pledges. If you have an invite link, open it to
          join. <Link to="/main">Back to the main page</Link>.
        </p>
      </main>
    );
  }
  // Anything else (a refused form's 400, an unexpected error) gets the root's page, rendered here:
  // rethrowing would make the server render fail and report a bad form as an error.
  return <SomethingWentWrong error={error} />;
}
