import { Link } from "@remix-run/react";

/** The friendly 403 page for screens a member's role does not open (DESIGN deviation). */
export function Forbidden() {
  return (
    <main className="page-message">
      <h1>403</h1>
      <p className="page-message__lead">This page is not available to your account</p>
      <p>
        It is for administrators or organisations. <Link to="/main">Back to the main page</Link>.
      </p>
    </main>
  );
}
