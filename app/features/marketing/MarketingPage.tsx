import { CreatorCredit } from "#app/features/auth/AuthLayout";
import { Logo } from "#app/components/Logo";

/**
 * The marketing page (SPEC section 1). It ships no client JavaScript and is served from the edge
 * cache, so it uses plain anchors and nothing personal: the same bytes for every logged-out visitor.
 */
export function MarketingPage() {
  return (
    <div className="mk">
      <a className="skip-link" href="#content">
        Skip to content
      </a>
      <header className="mk-header">
        <div className="mk-wrap mk-header__inner">
          <a href="/marketing" className="mk-header__brand" aria-label="Goals with Friends">
            <Logo />
          </a>
          <nav className="mk-header__sections" aria-label="Sections">
            <a href="#tracking">Tracking</a>
            <a href="#fundraising">Fundraising</a>
          </nav>
          <nav className="mk-header__account" aria-label="Account">
            <a href="/signup" className="mk-button mk-button--ghost">
              Sign Up
            </a>
            <a href="/signin" className="mk-button">
              Sign In
            </a>
          </nav>
        </div>
      </header>

      <main id="content">
        <section className="mk-banner" aria-labelledby="banner-title">
          <div className="mk-wrap mk-banner__inner">
            <div className="mk-banner__copy">
              <p className="mk-eyebrow">Achieve goals with friends</p>
              <h1 id="banner-title">Big goals are easier when your friends are in it too.</h1>
              <p className="mk-banner__lead">
                Set a goal, bring your people along and keep each other going, from a month of morning runs to a
                club-wide challenge that raises money for a cause you care about.
              </p>
              <div className="mk-banner__actions">
                <a href="/signup" className="mk-button mk-button--large">
                  GET STARTED
                </a>
                <a href="#tracking" className="mk-banner__more">
                  See how it works
                </a>
              </div>
            </div>
            <GoalPreview />
          </div>
        </section>

        <section className="mk-features" aria-labelledby="features-title">
          <div className="mk-wrap">
            <h2 id="features-title" className="mk-section-title">
              Everything you need to follow through
            </h2>
            <ul className="mk-tiles">
              {FEATURES.map((feature) => (
                <li key={feature.title} className="mk-tile">
                  <span className="mk-tile__icon" aria-hidden="true">
                    {feature.icon}
                  </span>
                  <h3>{feature.title}</h3>
                  <p>{feature.text}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section id="tracking" className="mk-story" aria-labelledby="tracking-title">
          <div className="mk-wrap mk-story__inner">
            <div className="mk-story__copy">
              <p className="mk-eyebrow">Tracking</p>
              <h2 id="tracking-title">Social Goal Tracking</h2>
              <p>
                Progress is more fun when someone notices. Every goal shows who has joined, how many days are left and
                who has already crossed the line, so a quick look tells you whether it is time to lace up or to send a
                friend some encouragement.
              </p>
              <ul className="mk-checks">
                <li>Join a goal in one tap, or create one for your group with a cause and dates.</li>
                <li>See your current goal first, with the days counted for you.</li>
                <li>Mark it complete and keep a record of every goal you have finished.</li>
              </ul>
            </div>
            <TrackingPreview />
          </div>
        </section>

        <section id="fundraising" className="mk-story mk-story--alt" aria-labelledby="fundraising-title">
          <div className="mk-wrap mk-story__inner">
            <div className="mk-story__copy">
              <p className="mk-eyebrow">Fundraising</p>
              <h2 id="fundraising-title">Fundraising</h2>
              <p>
                Clubs, schools and workplaces use Goals with Friends to run month-long challenges for charity. Set a
                target, invite your members and let supporters pledge as the miles, pages or push-ups add up.
              </p>
              <ul className="mk-checks">
                <li>Month-long challenges for groups and clubs, private to your organisation if you like.</li>
                <li>Pledges go straight to the charity's own donation page.</li>
                <li>Everyone sees the total climb towards the target as it happens.</li>
              </ul>
            </div>
            <FundraisingPreview />
          </div>
        </section>

        <section className="mk-ribbon" aria-label="Why we built it">
          <figure className="mk-wrap">
            <blockquote>
              <p>Alone we can do so little; together we can do so much.</p>
            </blockquote>
            <figcaption>Helen Keller</figcaption>
          </figure>
        </section>

        <section className="mk-cta" aria-labelledby="cta-title">
          <div className="mk-wrap mk-cta__inner">
            <h2 id="cta-title">Your next goal is waiting for your friends.</h2>
            <a href="/signup" className="mk-button mk-button--large">
              GET STARTED
            </a>
          </div>
        </section>
      </main>

      <footer className="mk-footer">
        <div className="mk-wrap mk-footer__inner">
          <a href="/marketing" className="mk-footer__brand" aria-label="Goals with Friends">
            <Logo />
          </a>
          <nav aria-label="Footer">
            <a href="/signup">Sign Up</a>
            <a href="/signin">Sign In</a>
          </nav>
          <CreatorCredit />
        </div>
      </footer>
    </div>
  );
}

const svg = (path: React.ReactNode) => (
  <svg
    viewBox="0 0 24 24"
    width="28"
    height="28"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
    focusable="false"
  >
    {path}
  </svg>
);

const FEATURES = [
  {
    title: "Goals",
    text: "Pick a goal or start your own, with a cause, start and end dates and an icon that makes it yours.",
    icon: svg(
      <>
        <circle cx="12" cy="12" r="9" />
        <circle cx="12" cy="12" r="5" />
        <circle cx="12" cy="12" r="1.5" />
      </>,
    ),
  },
  {
    title: "Friends",
    text: "Bring along the people who keep you honest and see at a glance who is on track.",
    icon: svg(
      <>
        <circle cx="9" cy="8" r="3.5" />
        <path d="M2.5 20c0-3.6 2.9-6 6.5-6s6.5 2.4 6.5 6" />
        <circle cx="17" cy="9" r="2.5" />
        <path d="M16 14.2c3 .2 5.5 2.3 5.5 5.8" />
      </>,
    ),
  },
  {
    title: "Community",
    text: "Join clubs and organisations that run goals together, from book clubs to running groups.",
    icon: svg(
      <>
        <circle cx="12" cy="12" r="9" />
        <path d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z" />
      </>,
    ),
  },
  {
    title: "Charities",
    text: "Turn effort into impact by raising money for a charity you care about as you go.",
    icon: svg(<path d="M12 20s-7.5-4.6-7.5-10.2A4.3 4.3 0 0 1 12 7.3a4.3 4.3 0 0 1 7.5 2.5C19.5 15.4 12 20 12 20z" />),
  },
  {
    title: "Support",
    text: "Cheer each other on when it gets hard: a nudge from a friend beats any reminder.",
    icon: svg(
      <>
        <path d="M7 11V5.5a1.5 1.5 0 0 1 3 0V10" />
        <path d="M10 9.5V4a1.5 1.5 0 0 1 3 0v6" />
        <path d="M13 9.5V5.5a1.5 1.5 0 0 1 3 0V12" />
        <path d="M16 10a1.5 1.5 0 0 1 3 0v4a7 7 0 0 1-7 7h-.5a6.5 6.5 0 0 1-5.3-2.8L3.6 14.6a1.6 1.6 0 0 1 2.5-2L7 13.5V11" />
      </>,
    ),
  },
  {
    title: "Discussion",
    text: "Talk it through on every goal: share tips, small wins and the odd setback.",
    icon: svg(
      <>
        <path d="M4 5h12a2 2 0 0 1 2 2v6a2 2 0 0 1-2 2H9l-4 3.5V15H4a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2z" />
        <path d="M18 9h2a2 2 0 0 1 2 2v5a2 2 0 0 1-2 2h-1v2.5L16 18h-3" />
      </>,
    ),
  },
];

/** Decorative previews of the product, drawn in HTML so they stay crisp and weigh nothing. */
function GoalPreview() {
  return (
    <div className="mk-preview" aria-hidden="true">
      <div className="mk-preview__card">
        <p className="mk-preview__label">Current goal</p>
        <p className="mk-preview__title">Walk 10,000&nbsp;steps a day</p>
        <p className="mk-preview__dates">3/1 - 3/31 · 12 friends</p>
        <div className="mk-bar">
          <span style={{ width: "68%" }} />
        </div>
        <p className="mk-preview__meta">Day 21 of 31</p>
        <div className="mk-faces">
          {["#7c3aed", "#0369a1", "#c2410c", "#15803d", "#6b7280"].map((color, i) => (
            <span key={color} className="mk-face" style={{ borderColor: color }}>
              {"AMJRS"[i]}
            </span>
          ))}
          <span className="mk-faces__more">+7</span>
        </div>
      </div>
      <div className="mk-preview__cheer">Mia cheered you on: “Nearly there!”</div>
    </div>
  );
}

function TrackingPreview() {
  const rows = [
    { name: "Ada", color: "#7c3aed", done: 92 },
    { name: "Oscar", color: "#0369a1", done: 74 },
    { name: "Mia", color: "#c2410c", done: 55 },
  ];
  return (
    <div className="mk-preview mk-preview--panel" aria-hidden="true">
      <p className="mk-preview__title">Read 12 books this year</p>
      {rows.map((row) => (
        <div key={row.name} className="mk-row">
          <span className="mk-face" style={{ borderColor: row.color }}>
            {row.name[0]}
          </span>
          <span className="mk-row__name">{row.name}</span>
          <div className="mk-bar mk-bar--thin">
            <span style={{ width: `${row.done}%`, background: row.color }} />
          </div>
        </div>
      ))}
      <p className="mk-preview__meta">2 friends completed this goal</p>
    </div>
  );
}

function FundraisingPreview() {
  return (
    <div className="mk-preview mk-preview--panel" aria-hidden="true">
      <p className="mk-preview__label">Riverside Running Club</p>
      <p className="mk-preview__title">A month of miles for the food bank</p>
      <p className="mk-total">
        £3,240 <span>of £5,000</span>
      </p>
      <div className="mk-bar">
        <span style={{ width: "65%" }} />
      </div>
      <p className="mk-preview__meta">86 pledges · 9 days left</p>
    </div>
  );
}
