/**
 * Pathological values for every text field of the app (ADR 101): long runs of the characters
 * the app's checks repeat on (dots and @ for e-mails, < / and white space for the markup check, - and
 * white space for amounts, punctuation after a link), nested separators, values as large as the
 * urlencoded body cap lets through (128 KB, ADR 115), and 1 MB ones the cap refuses. Plain JavaScript: the bad-input suite (workerd) and the bench
 * (Node, bench/pathological) both use this one table.
 */

/** The urlencoded body cap (MAX_URLENCODED_BYTES, app/lib/form-body.ts), less room for the form's other fields. */
export const BODY_BUDGET = 128 * 1024 - 2 * 1024;
/** A body the cap refuses (a 413 from the request guard, before any parsing): what the cap once allowed. */
export const OVER_CAP = 1024 * 1024 - 8 * 1024;

/** Each run makes a value of about `n` characters. */
export const PATHOLOGICAL_RUNS = [
  { name: "a@ + dots + @", make: (n) => "a@" + ".".repeat(n) + "@" },
  { name: "a@ + a. pairs + @", make: (n) => "a@" + "a.".repeat(n / 2) + "@" },
  { name: "@ run", make: (n) => "@".repeat(n) },
  { name: "a + dots + space", make: (n) => "a" + ".".repeat(n) + " " },
  { name: "< + spaces + 1", make: (n) => "<" + " ".repeat(n) + "1" },
  { name: "< + tabs, / and spaces + 1", make: (n) => "<" + "\t".repeat(n / 2) + "/" + " ".repeat(n / 2) + "1" },
  { name: "nested < / separators", make: (n) => "< /".repeat(n / 3) },
  { name: "< run", make: (n) => "<".repeat(n) },
  { name: "- + spaces + x", make: (n) => "-" + " ".repeat(n) + "x" },
  { name: "- £ + spaces + x", make: (n) => "-" + " ".repeat(n / 2) + "£" + " ".repeat(n / 2) + "x" },
  { name: "digit, comma pairs", make: (n) => "1,".repeat(n / 2) + "x" },
  { name: "link + punctuation + x", make: (n) => "https://x" + ".,;:!?)".repeat(n / 7) + "x" },
  { name: "spaces between letters", make: (n) => "a" + " ".repeat(n) + "a" },
  { name: "control characters", make: (n) => "a" + "\u0001".repeat(n) },
];

const encodedLength = (value) => new URLSearchParams({ v: value }).toString().length - 2;

/** A run's value as large as fits in the body budget once urlencoded. */
export function fullSize(run, budget = BODY_BUDGET) {
  let n = budget;
  let value = run.make(n);
  const size = encodedLength(value);
  if (size > budget) value = run.make(Math.floor(n * (budget / size) * 0.99));
  return value;
}

/** A day `n` days from today (UTC), as the date inputs send it. */
const dayFromNow = (n) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

/**
 * Every text field of every form, with a valid submission to put each value in. `path` and the valid
 * values may need fixtures (`fx`): goal ids made by the caller. `as` is who posts (the caller signs in).
 * The change-password form is left out on purpose: its fields are sign-in's password check, and the
 * bench's at-maximum values would trip its wrong-password brake and end the admin's session mid-run.
 */
export const TEXT_FORMS = [
  {
    form: "sign-in",
    path: () => "/signin",
    as: "anonymous",
    honeypot: true,
    valid: () => ({ email: "nobody-here@example.com", password: "password123" }),
    fields: { email: 254, password: 200 },
  },
  {
    form: "sign-up (/tester)",
    path: () => "/tester",
    as: "anonymous",
    honeypot: true,
    valid: () => ({ first: "Pat", last: "Hol", email: "pathological@example.com", password: "password123" }),
    fields: { first: 50, last: 50, email: 254, password: 200 },
  },
  {
    form: "password reset",
    path: () => "/passwordreset",
    as: "anonymous",
    honeypot: true,
    valid: () => ({ email: "nobody-here@example.com" }),
    fields: { email: 254 },
  },
  {
    form: "new password (link screen)",
    path: () => "/passwordreset/" + "A".repeat(43),
    as: "anonymous",
    valid: () => ({ password: "password123" }),
    fields: { password: 200 },
  },
  {
    form: "early-access request",
    path: () => "/signup",
    as: "anonymous",
    honeypot: true,
    mode: "request",
    valid: () => ({
      name_first: "Pat",
      name_last: "Hol",
      location_city: "Leeds",
      location_state: "Yorkshire",
      email: "pathological@example.com",
    }),
    fields: { name_first: 50, name_last: 50, location_city: 100, location_state: 100, email: 254 },
  },
  {
    form: "pledge",
    path: (fx) => `/give/${fx.pledgeGoal}`,
    as: "anonymous",
    honeypot: true,
    valid: () => ({ name: "Pat", amount: "5", message: "Go!" }),
    // key: the form's idempotency key (ADR 218), 32 hex digits, refused past 64 characters unread.
    fields: { name: 80, amount: 32, message: 280, key: 64 },
  },
  {
    // A pledge per unit: its maximum is required (docs/product.md "Pledges per unit").
    form: "pledge per unit",
    path: (fx) => `/give/${fx.pledgeGoal}`,
    as: "anonymous",
    honeypot: true,
    valid: () => ({ name: "Pat", kind: "per-unit", perUnit: "0.50", max: "20" }),
    fields: { perUnit: 32, max: 32 },
  },
  {
    form: "discussion",
    path: (fx) => `/goals/${fx.pledgeGoal}/discussion`,
    as: "admin",
    valid: () => ({ intent: "post", body: "Well done" }),
    fields: { body: 1000 },
  },
  {
    form: "fundraising settings",
    path: (fx) => `/goals/${fx.pledgeGoal}/fundraising`,
    as: "admin",
    valid: () => ({
      intent: "save",
      charityName: "Shelter",
      charityUrl: "https://shelter.example.org/donate",
      target: "500",
      currency: "GBP",
    }),
    fields: { charityName: 100, charityUrl: 500, target: 32 },
  },
  {
    form: "create a challenge",
    path: () => "/create",
    as: "admin",
    valid: () => ({
      cause: "Walk 100 km",
      template: "custom",
      start: "2030-01-01",
      end: "2030-01-31",
      visibility: "public",
      charityName: "Shelter",
      charityUrl: "https://shelter.example.org/donate",
      target: "500",
      currency: "GBP",
    }),
    fields: { cause: 120, start: 10, end: 10, month: 7, charityName: 100, charityUrl: 500, target: 32 },
  },
  {
    form: "admin: edit a goal",
    path: (fx) => `/admin/goals/${fx.pledgeGoal}`,
    as: "admin",
    valid: () => ({ cause: "Walk 100 km", start: "2030-01-01", end: "2030-01-31", visibility: "public" }),
    fields: { cause: 120, start: 10, end: 10 },
  },
  {
    form: "profile",
    path: () => "/profile",
    as: "admin",
    valid: () => ({ first: "Pat", last: "Hol", color: "#336699" }),
    fields: { first: 50, last: 50, color: 7 },
  },
  {
    form: "admin: add a user",
    path: () => "/admin/users/add-user",
    as: "admin",
    valid: () => ({ first: "Pat", last: "Hol", email: "pathological@example.com", type: "user" }),
    fields: { first: 50, last: 50, email: 254 },
  },
  {
    form: "admin: change a user",
    path: () => "/admin/users?index",
    as: "admin",
    valid: (fx) => ({ intent: "change-user", userId: fx.targetUserId, type: "user", status: "active" }),
    fields: { userId: 64 },
  },
  {
    form: "admin: communication",
    path: () => "/admin/users/communication",
    as: "admin",
    valid: () => ({ intent: "preview", audience: "all", subject: "Hello", body: "News" }),
    fields: { subject: 150, body: 5000 },
  },
  {
    // A measured goal's own unit name (ADR 140).
    form: "create a measured goal",
    path: () => "/create",
    as: "admin",
    valid: () => ({
      cause: "Swim the channel",
      template: "custom",
      start: "2030-01-01",
      end: "2030-01-31",
      visibility: "public",
      unit: "custom",
      customUnit: "lengths",
      unitTarget: "100",
    }),
    fields: { customUnit: 64 },
  },
  {
    // Friends (ADR 182): an invitation by e-mail.
    form: "invite a friend by e-mail",
    path: () => "/friends",
    as: "admin",
    valid: () => ({ intent: "invite", email: "pal-to-be@example.com" }),
    fields: { email: 254 },
  },
  {
    // Change e-mail (ADR 180): the new address (the current password is checked after it).
    form: "change e-mail",
    path: () => "/profile/email",
    as: "admin",
    valid: () => ({ email: "new-address@example.com", current: "not-the-password" }),
    fields: { email: 254 },
  },
  {
    // Delete account (ADR 180): confirmed by typing one's e-mail; the valid value is someone else's.
    form: "delete account",
    path: () => "/profile/delete",
    as: "admin",
    valid: () => ({ confirm: "someone-else@example.com", current: "not-the-password" }),
    fields: { confirm: 254 },
  },
  {
    // A personal goal (ADR 183): any signed-in member may start one.
    form: "start a goal with friends",
    path: () => "/goals/new",
    as: "admin",
    valid: () => ({ cause: "Walk with friends", start: dayFromNow(0), end: dayFromNow(10) }),
    fields: { cause: 120 },
  },
  {
    // Measured progress (ADR 140): the entry's note, on a measured goal the poster has joined.
    form: "log progress",
    path: (fx) => `/active/${fx.measuredGoal}`,
    as: "admin",
    valid: () => ({ intent: "log-entry", key: "0123456789abcdef0123456789abcdef", amount: "1", day: dayFromNow(0) }),
    fields: { note: 280, key: 64 },
  },
  {
    form: "admin: support e-mail",
    path: () => "/admin/access",
    as: "admin",
    valid: () => ({ intent: "support-email", supportEmail: "help@example.com" }),
    fields: { supportEmail: 254 },
  },
];

/**
 * The pathological submissions of every field: every run just over the field's maximum, runs at full
 * size (as large as the body cap allows, about 126 KB): every `fullSizeEvery`-th run of each field,
 * rotating from field to field so that every run is sent at full size to some fields (1: every run to
 * every field, as the bench does), and one run of each field at 1 MB, over the cap (rotating too).
 * All of them are too long, so a correct server refuses each with a 4xx.
 */
export function* pathologicalCases(forms = TEXT_FORMS, { fullSizeEvery = 1, overEvery = 1 } = {}) {
  let fieldIndex = 0;
  for (const form of forms) {
    for (const [field, max] of Object.entries(form.fields)) {
      fieldIndex++;
      for (const [runIndex, run] of PATHOLOGICAL_RUNS.entries()) {
        // Whole runs (their last character included), a few characters over even after trimming.
        if ((runIndex + fieldIndex) % overEvery === 0)
          yield { form, field, run: run.name, size: "just over the maximum", value: run.make(max + 3) };
        if ((runIndex + fieldIndex) % fullSizeEvery === 0)
          yield { form, field, run: run.name, size: "cap", value: fullSize(run) };
        if ((runIndex + fieldIndex) % PATHOLOGICAL_RUNS.length === 0)
          yield { form, field, run: run.name, size: "1 MB, over the cap", value: fullSize(run, OVER_CAP) };
      }
    }
  }
}

/**
 * For the bench only: each run cut to exactly the field's maximum, which passes the length check and
 * reaches the field's own checks (some of these are valid input and get written).
 */
export function* atMaximumCases(forms = TEXT_FORMS) {
  for (const form of forms) {
    for (const [field, max] of Object.entries(form.fields)) {
      for (const run of PATHOLOGICAL_RUNS)
        yield { form, field, run: run.name, size: "max", value: run.make(max + 8).slice(0, max) };
    }
  }
}
