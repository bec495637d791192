/** Building blocks shared by every form schema. `import * as z` keeps zod's locales out of the bundle. */
import * as z from "zod";
import {
  CONTROL_OR_FORMAT,
  INVALID_EMAIL,
  MAX_EMAIL,
  MAX_PASSWORD,
  MIN_PASSWORD,
  ONE_LINE,
  REQUIRED,
  SHORT_PASSWORD,
  UNUSUAL,
  UNUSUAL_CHARACTERS,
} from "./field-rules";
import { hasLineBreakOrTab, isEmailShape } from "./text-scan";

// No JIT: zod would otherwise probe `new Function`, which the CSP forbids (a violation report in every
// browser console) and workerd refuses anyway. Every schema imports this file, so it runs first.
z.config({ jitless: true });

// The messages the browser's check (field-rules.ts, ADR 292) shares with the schemas.
export { ONE_LINE, REQUIRED };

/**
 * A length check that ends validation when it fails: zod 4 runs every later check otherwise, so a
 * 1 MB value would still reach the patterns (ADR 101). Every `.max` on text goes through this.
 */
export const atMost = (message?: string) => ({ error: message, abort: true }) as const;

/** A required text field: trimmed, not blank, with an upper bound so 10 KB strings are refused kindly. */
export const requiredText = (max: number, label = "This") =>
  z
    .string({ error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .max(max, atMost(`${label} must be at most ${max} characters`))
    // Control characters (other than tab/newline) never belong in a name or cause, nor do bidi
    // overrides, which make a name display as something else ("Trojan Source" spoofing).
    .refine((v) => !UNUSUAL_CHARACTERS.test(v), UNUSUAL);

/**
 * A required single-line field (a name, a cause, a subject): as requiredText, and no line break or tab,
 * which would reach mail subjects and bodies as a line (or a header) of their own (ADR 218).
 */
export const singleLineText = (max: number, label = "This") =>
  requiredText(max, label).refine((v) => !hasLineBreakOrTab(v), ONE_LINE);

export const email = () =>
  z
    .string({ error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .max(MAX_EMAIL, atMost(`Email must be at most ${MAX_EMAIL} characters`))
    // SPEC's shape: non-space text, @, text, dot, text (a linear scan, not a backtracking pattern).
    .refine(isEmailShape, INVALID_EMAIL)
    // No control or invisible format characters (zero-width spaces, bidi overrides): an address that
    // looks like someone else's must not become a separate account.
    .refine((v) => !CONTROL_OR_FORMAT.test(v), INVALID_EMAIL)
    .transform((v) => v.toLowerCase());

export const password = () =>
  z
    .string({ error: REQUIRED })
    .min(1, REQUIRED)
    .max(MAX_PASSWORD, atMost(`Password must be at most ${MAX_PASSWORD} characters`));

/** A password being chosen (sign-up, reset, change): at least MIN_PASSWORD characters. */
export const newPassword = () => password().refine((v) => v.length >= MIN_PASSWORD, SHORT_PASSWORD(MIN_PASSWORD));
