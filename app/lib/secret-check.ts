/**
 * Which secrets make the app unsafe to run outside development (ADR 110): SESSION_SECRET signs the
 * session, flash and return cookies, invite links and sealed mail links; HONEYPOT_SEED encrypts the
 * public forms' render time; VAPID_PRIVATE_KEY (optional) signs Web Push. Missing, shorter than 32 characters, or still the value from
 * .dev.vars.example: anyone who has read the repository could forge them. Pure: server.ts refuses.
 */
export const MIN_SECRET_LENGTH = 32;

/** The values .dev.vars.example ships (tests/unit/secret-check.test.ts keeps this list in step). */
export const EXAMPLE_SECRETS = [
  "dev-only-session-secret-change-me",
  "dev-only-honeypot-seed",
  // The development VAPID private key (ADR 281): with it anyone could sign pushes as the site.
  "iAclYCtC6MOoOQlSSlE1N8YixmHMy3Rg2JbeOCEFAnQ",
];

export interface SecretVars {
  ENVIRONMENT?: string;
  SESSION_SECRET?: string;
  SESSION_SECRET_PREVIOUS?: string;
  HONEYPOT_SEED?: string;
  VAPID_PRIVATE_KEY?: string;
}

/** One line per unusable secret ("SESSION_SECRET is shorter than 32 characters"); empty in development. */
export function secretProblems(vars: SecretVars): string[] {
  if (vars.ENVIRONMENT === "development") return [];
  const problems: string[] = [];
  const check = (name: keyof SecretVars, optional = false) => {
    const value = vars[name];
    if (value === undefined || value === "") {
      if (!optional) problems.push(`${name} is not set`);
    } else if (EXAMPLE_SECRETS.includes(value)) problems.push(`${name} is the example value`);
    else if (value.length < MIN_SECRET_LENGTH) problems.push(`${name} is shorter than ${MIN_SECRET_LENGTH} characters`);
  };
  check("SESSION_SECRET");
  check("SESSION_SECRET_PREVIOUS", true);
  check("HONEYPOT_SEED");
  // Optional: without a VAPID pair the site simply offers no push (ADR 281).
  check("VAPID_PRIVATE_KEY", true);
  return problems;
}
