import { Link } from "@remix-run/react";

/** SPEC's page-not-found screen (unknown routes, /404, and goal ids that do not exist). */
export function NotFound() {
  return (
    <main className="page-message">
      <h1>404</h1>
      <p className="page-message__lead">Page not found</p>
      <p>
        <Link to="/main">Back to the main page or contact support.</Link>
      </p>
    </main>
  );
}
