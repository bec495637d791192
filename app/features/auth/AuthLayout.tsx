import { Link } from "@remix-run/react";
import { Logo } from "#app/components/Logo";

export const CREATOR_URL = "https://github.com/goals-with-friends";

/** The frame of every auth screen: the logo links to /marketing, a creator credit links out. */
export function AuthLayout({ children }: { children: React.ReactNode }) {
  return (
    <main className="auth">
      <div className="auth__card">
        <Link to="/marketing" className="auth__logo" aria-label="Goals with Friends: about the product">
          <Logo />
        </Link>
        {children}
      </div>
      <CreatorCredit />
    </main>
  );
}

export function CreatorCredit() {
  return (
    <p className="credit">
      Created by{" "}
      <a href={CREATOR_URL} rel="noopener noreferrer" target="_blank">
        the Goals with Friends team<span className="visually-hidden"> (opens in a new tab)</span>
      </a>
    </p>
  );
}
