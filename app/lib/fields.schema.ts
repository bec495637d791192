/** Building blocks shared by every form schema. `import * as z` keeps zod's locales out of the bundle. */
import * as z from "zod";
import { ONE_LINE, REQUIRED } from "./field-rules";
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
    .refine(
      (v) => !/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\u202A-\u202E\u2066-\u2069]/.test(v),
      "Remove the unusual characters",
    );

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
    .max(254, atMost("Email must be at most 254 characters"))
    // SPEC's shape: non-space text, @, text, dot, text (a linear scan, not a backtracking pattern).
    .refine(isEmailShape, "Enter a valid email address")
    // No control or invisible format characters (zero-width spaces, bidi overrides): an address that
    // looks like someone else's must not become a separate account.
    .refine((v) => !/[\p{Cc}\p{Cf}]/u.test(v), "Enter a valid email address")
    .transform((v) => v.toLowerCase());

export const password = () =>
  z.string({ error: REQUIRED }).min(1, REQUIRED).max(200, atMost("Password must be at most 200 characters"));
