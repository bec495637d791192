/**
 * The honeypot's render time, once its signature is verified (ADR 107, 231). Pure: honeypot.server.ts
 * verifies. The time must be exactly what a page renders (milliseconds since 1970, 13 digits), not
 * ahead of the clock, and no older than the maximum age, so a captured form body is not replayed for
 * ever.
 */

/** How long a rendered public form stays valid: a visitor who leaves a page open longer reloads it. */
export const HONEYPOT_MAX_AGE_MS = 3 * 60 * 60_000;
/** Clock difference tolerated between the instance that rendered the form and the one checking it. */
const CLOCK_SKEW_MS = 60_000;

/** What a visitor reads when they send a public form rendered longer ago than the maximum age. */
export const FORM_EXPIRED = "This page was open too long. Reload it and send the form again.";

export type HoneypotTimeProblem = "forged" | "expired" | null;

export function honeypotTimeProblem(
  renderedAtText: string,
  now: number,
  maxAgeMs = HONEYPOT_MAX_AGE_MS,
): HoneypotTimeProblem {
  if (renderedAtText.length !== 13) return "forged";
  for (const char of renderedAtText) if (char < "0" || char > "9") return "forged";
  const renderedAt = Number(renderedAtText);
  if (renderedAt > now + CLOCK_SKEW_MS) return "forged";
  return now - renderedAt > maxAgeMs ? "expired" : null;
}
