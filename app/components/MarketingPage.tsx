import { Link } from "@remix-run/react";
import { CreatorCredit } from "./AuthLayout";
import { Logo } from "./Logo";

/** The marketing page (SPEC section 1). It needs no client JavaScript. */
export function MarketingPage() {
  return (
    <>
      <header className="marketing-header">
        <Logo />
        <nav aria-label="Sections">
          <a href="#tracking">Tracking</a> <a href="#fundraising">Fundraising</a>
        </nav>
        <Link to="/signup">Sign Up</Link> <Link to="/signin">Sign In</Link>
      </header>
      <main>
        <section className="banner">
          <h1>Achieve goals with friends</h1>
          <Link className="button" to="/signup">
            GET STARTED
          </Link>
        </section>
        <section id="tracking">
          <h2>Social Goal Tracking</h2>
        </section>
        <section id="fundraising">
          <h2>Fundraising</h2>
        </section>
      </main>
      <footer>
        <Link to="/signup">Sign Up</Link> <Link to="/signin">Sign In</Link>
        <CreatorCredit />
      </footer>
    </>
  );
}
