import { Link } from "@remix-run/react";

/**
 * Sign Up and Sign In as a pair of buttons, for a screen a visitor reached by a shared link; the
 * return-to cookie the screen set brings them back after either (ADR 262).
 */
export function SignUpOrIn({ className = "auth__links" }: { className?: string }) {
  return (
    <div className={className}>
      <Link className="button" to="/signup">
        Sign Up
      </Link>
      <Link className="button button--secondary" to="/signin">
        Sign In
      </Link>
    </div>
  );
}
