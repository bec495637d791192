import { isRouteErrorResponse } from "@remix-run/react";
import { FORM_EXPIRED } from "#app/lib/honeypot-time";

/**
 * The page for an error no screen explains: a refused form (a 400 from the honeypot), or an unexpected
 * error. Used by the root's boundary and by route boundaries for what they do not handle themselves, so a
 * boundary never rethrows (a rethrow during the server render is an error report for a bad form).
 */
export function SomethingWentWrong({ error }: { error: unknown }) {
  return (
    <main className="page-message">
      {/* The alert inside the landmark: `role` on <main> would replace it (and is invalid HTML). */}
      <div role="alert">
        <h1>Something went wrong</h1>
        {/* A public form left open past the honeypot's maximum age (ADR 107) says so. */}
        <p>
          {isRouteErrorResponse(error) && error.data === FORM_EXPIRED
            ? FORM_EXPIRED
            : "We could not load this page. Your data is safe; please try again."}
        </p>
        {/* An empty href reloads this very page, with or without JavaScript. */}
        {/* eslint-disable-next-line jsx-a11y/anchor-is-valid */}
        <a className="button" href="">
          Try again
        </a>
      </div>
    </main>
  );
}
