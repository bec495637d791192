/**
 * The honeypot's render time, as decrypted from the form (ADR 107). Pure: honeypot.server.ts decrypts.
 * remix-utils accepts any decrypted text that parses as a positive number in the past, so a forged
 * value whose garbage decrypts to "7" passed about once in 200 tries, and a captured form body could
 * be replayed for ever. Here the time must be exactly what a page renders (milliseconds since 1970,
 * 13 digits) and no older than the maximum age.
 */

/** How long a rendered public form stays valid: a visitor who leaves a page open longer reloads it. */
export const HONEYPOT_MAX_AGE_MS = 3 * 60 * 60_000;
/** Clock difference tolerated between the instance that rendered the form and the one checking it. */
const CLOCK_SKEW_MS = 60_000;

/** What a visitor reads when they send a public form rendered longer ago than the maximum age. */
export const FORM_EXPIRED = "This page was open too long. Reload it and send the form again.";

export type HoneypotTimeProblem = "forged" | "expired" | null;

export function honeypotTimeProblem(
  decrypted: string,
  now: number,
  maxAgeMs = HONEYPOT_MAX_AGE_MS,
): HoneypotTimeProblem {
  if (decrypted.length !== 13) return "forged";
  for (const char of decrypted) if (char < "0" || char > "9") return "forged";
  const renderedAt = Number(decrypted);
  if (renderedAt > now + CLOCK_SKEW_MS) return "forged";
  return now - renderedAt > maxAgeMs ? "expired" : null;
}
