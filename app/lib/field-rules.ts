/**
 * The browser's check of the sign-in, sign-up and early-access forms, without a schema library (ADR 292).
 * The server validates every input with its zod schema (auth.schema.ts, early-access.schema.ts); this
 * file only spares a round trip for what a person can see is wrong, and says what the server would say
 * first (tests/unit/field-rules.test.ts compares the two on the same values). The rules are the schema's
 * own building blocks (app/lib/fields.schema.ts) written as plain functions: trimmed, not blank, length
 * before any scan, then the same linear scans.
 */
import { hasLineBreakOrTab, isEmailShape } from "./text-scan";

export const REQUIRED = "Must have a value";
/** SPEC's answer to too many requests (429), on the fields or the form that sent them. */
export const TOO_MANY_REQUESTS = "Too Many Requests Try Again Later";
export const ONE_LINE = "Keep it on one line: remove line breaks and tabs";
export const UNUSUAL = "Remove the unusual characters";
export const INVALID_EMAIL = "Enter a valid email address";
export const MIN_PASSWORD = 8;
export const MAX_EMAIL = 254;
export const MAX_PASSWORD = 200;
export const SHORT_PASSWORD = (min: number) => `Use at least ${min} characters`;

/** What the platform's own constraint attributes say about a field (rendered on the input) and its kind. */
export type FieldRule =
  { kind: "line"; maxLength: number; label: string } | { kind: "email" } | { kind: "password"; minLength?: number };

// Control characters other than tab and line breaks, and bidi overrides (as requiredText refuses them).
export const UNUSUAL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\u202A-\u202E\u2066-\u2069]/;
// Control and invisible format characters: an address that looks like another must not pass (fields.schema).
export const CONTROL_OR_FORMAT = /[\p{Cc}\p{Cf}]/u;

/** The constraint attributes an input carries for its rule (required, minlength, maxlength). */
export function constraintOf(rule: FieldRule): { required: true; minLength?: number; maxLength?: number } {
  switch (rule.kind) {
    case "line":
      return { required: true, maxLength: rule.maxLength };
    case "email":
      return { required: true, maxLength: MAX_EMAIL };
    case "password":
      // No maxlength: a longer pasted password would be cut silently; the check below says so instead.
      return rule.minLength ? { required: true, minLength: rule.minLength } : { required: true };
  }
}

/** The first thing wrong with `raw` under `rule`, as the server would word it, or null. */
export function checkField(raw: string, rule: FieldRule): string | null {
  if (rule.kind === "password") {
    if (raw.length === 0) return REQUIRED;
    if (raw.length > MAX_PASSWORD) return `Password must be at most ${MAX_PASSWORD} characters`;
    if (rule.minLength && raw.length < rule.minLength) return SHORT_PASSWORD(rule.minLength);
    return null;
  }
  const value = raw.trim();
  if (value.length === 0) return REQUIRED;
  if (rule.kind === "email") {
    if (value.length > MAX_EMAIL) return `Email must be at most ${MAX_EMAIL} characters`;
    return isEmailShape(value) && !CONTROL_OR_FORMAT.test(value) ? null : INVALID_EMAIL;
  }
  if (value.length > rule.maxLength) return `${rule.label} must be at most ${rule.maxLength} characters`;
  if (UNUSUAL_CHARACTERS.test(value)) return UNUSUAL;
  if (hasLineBreakOrTab(value)) return ONE_LINE;
  return null;
}

/** The sign-in form: the same fields as signinSchema. */
export const SIGNIN_RULES = { email: { kind: "email" }, password: { kind: "password" } } as const satisfies Record<
  string,
  FieldRule
>;

/** The sign-up form: the same fields as signupSchema. */
export const SIGNUP_RULES = {
  first: { kind: "line", maxLength: 50, label: "First name" },
  last: { kind: "line", maxLength: 50, label: "Last name" },
  email: { kind: "email" },
  password: { kind: "password", minLength: MIN_PASSWORD },
} as const satisfies Record<string, FieldRule>;

/** SPEC's early-access request: the same fields as earlyAccessSchema. */
export const EARLY_ACCESS_RULES = {
  name_first: { kind: "line", maxLength: 50, label: "First name" },
  name_last: { kind: "line", maxLength: 50, label: "Last name" },
  location_city: { kind: "line", maxLength: 100, label: "City" },
  location_state: { kind: "line", maxLength: 100, label: "State" },
  email: { kind: "email" },
} as const satisfies Record<string, FieldRule>;
