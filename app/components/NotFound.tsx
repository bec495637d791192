import { Link } from "@remix-run/react";
import { Logo } from "./Logo";

export const NOT_FOUND_DESCRIPTION = "This page does not exist on Goals with Friends.";

/** SPEC's page-not-found screen (unknown routes, /404, and goal ids that do not exist). */
export function NotFound() {
  return (
    <main className="page-message not-found">
      <p className="not-found__logo">
        <Logo />
      </p>
      <h1>404</h1>
      <p className="page-message__lead">Page not found</p>
      <p>
        <Link to="/main">Back to the main page or contact support.</Link>
      </p>
    </main>
  );
}
