import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { Forbidden } from "./Forbidden";
import { NotFound } from "./NotFound";
import { SomethingWentWrong } from "./SomethingWentWrong";

/** What a thrown 429 shows: the throttles' own words (SPEC's sign-in message), and the way back. */
export function TooManyRequests() {
  return (
    <main className="page-message">
      <h1>429</h1>
      <p className="page-message__lead">Too Many Requests Try Again Later</p>
      <p>
        Wait a minute, then try again. <Link to="/main">Back to the main page</Link>.
      </p>
    </main>
  );
}

/** A page per HTTP status a loader or action throws. */
export type StatusHandlers = Partial<Record<403 | 404 | 429, () => React.ReactElement>>;

/**
 * The one error boundary's handlers (ADR 277): 404 is SPEC's page-not-found screen, 403 the friendly
 * refusal, 429 the throttles' words; anything else (a 5xx, a refused form's 400, a render that threw) is
 * "Something went wrong". A route boundary only swaps a handler (the goal pages' 403, GoalErrorBoundary).
 */
export const STATUS_PAGES = {
  404: NotFound,
  403: Forbidden,
  429: TooManyRequests,
} satisfies Required<StatusHandlers>;

/** The page for `error`: its status's handler (`own` first, then STATUS_PAGES), else the 5xx page. */
export function statusPage(error: unknown, own: StatusHandlers = {}) {
  if (isRouteErrorResponse(error)) {
    const Page = own[error.status as keyof StatusHandlers] ?? STATUS_PAGES[error.status as keyof StatusHandlers];
    if (Page) return <Page />;
  }
  // Never a rethrow: that would make the server render fail and report a bad form as an error.
  return <SomethingWentWrong error={error} />;
}

/** A route's error boundary that differs from the root's only in the handlers it names. */
export function statusBoundary(own: StatusHandlers) {
  return function StatusBoundary() {
    return statusPage(useRouteError(), own);
  };
}
