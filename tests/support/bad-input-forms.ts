/**
 * The runner and the form table of the generated bad-input suite (ADR 072; docs/security.md, "V5").
 * For every form of the app, deterministic malformed submissions (tests/support/bad-input.ts): missing
 * and extra fields, wrong types, huge values, control characters, unicode, wrong content types,
 * truncated multipart. Each must answer a 4xx (never a 5xx, never a redirect to success), show a field
 * error when a field was broken in a readable form, and leave every table exactly as it was.
 *
 * A new form is one row in FORMS (or ID_ROUTES when the input is the URL), in the group of the test
 * file that runs it (tests/integration/bad-input-{visitor,member,admin}.test.ts: one isolate each).
 * Seeds are fixed: a failure names its case and reproduces on every run.
 */
import { env, SELF } from "cloudflare:test";
import { expect } from "vitest";
import { generate, prng, requestInit, seedOf, type FormShape } from "./bad-input";
import { insertGoal, userByEmail } from "./goals";
import { BASE, get, honeypotFields, post, setType } from "./http";
import { signedInUser } from "./factories";

/** The honeypot fields public forms require, read once in setUpFixtures (the generator is synchronous). */
let honeypot: Record<string, string> = {};
const withHoneypot = () => honeypot;

export type Role = "anonymous" | "member" | "admin";
export type Group = "visitor" | "member" | "admin";

export interface FormRow extends FormShape {
  name: string;
  group: Group;
  path: () => string;
  as: Role;
  cases: number;
  /** The page renders field errors (class="field__error") for a broken field. */
  fieldErrors: boolean;
  /** An index route: its single-fetch action URL needs `?index`. */
  index?: boolean;
  /** Fields with no input of their own (a submit button's intent): a break there shows no field error. */
  hidden?: string[];
  before?: () => Promise<void>;
}

export const fixture = {
  targetUserId: "",
  joinedGoal: "",
  openGoal: "",
  pledgeGoal: "",
  // Measured progress (ADR 140): a km goal the member joined, with one entry of theirs.
  measuredGoal: "",
  entryId: "",
  // Another member's entry in the measured goal: never the member's to edit or delete.
  othersEntryId: "",
  // A measured goal the member joined and completed: its entries are final.
  completedMeasuredGoal: "",
  // A measured goal with nothing logged yet: its unit can still change.
  unloggedGoal: "",
  // The member's own friends goal (ADR 183), whose invite link they may replace.
  friendsGoal: "",
  // A member who asked the fixture member to be friends (a friend request, ADR 189).
  requesterId: "",
};

/** A fixed idempotency key: every generated case is refused, so it is never used up. */
const ENTRY_KEY = "0123456789abcdef0123456789abcdef";
/** The pledge form's (ADR 218), refused the same way. */
const PLEDGE_KEY = "89abcdef0123456789abcdef01234567";
const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
/** The measured goal runs from 2 days ago to 10 days ahead; an entry may be for a day up to today. */
const ENTRY_DAY = {
  kind: "day",
  valid: () => dayFromNow(0),
  before: () => dayFromNow(-3),
  after: () => dayFromNow(1),
} as const;
const cookies: Partial<Record<Role, string>> = {};

const SIGNUP_FIELDS = {
  first: { kind: "text", max: 50 },
  last: { kind: "text", max: 50 },
  email: { kind: "email" },
  password: { kind: "password", min: 8, max: 200 },
} as const;

async function setEarlyAccess(mode: "closed" | "request" | "open") {
  await env.DB.prepare("UPDATE settings SET early_access = ?").bind(mode).run();
}

export const FORMS: FormRow[] = [
  {
    name: "sign-in",
    group: "visitor",
    extra: withHoneypot,
    path: () => "/signin",
    as: "anonymous",
    cases: 300,
    fieldErrors: true,
    fields: { email: { kind: "email" }, password: { kind: "password", max: 200 } },
  },
  {
    name: "sign-up (/tester)",
    group: "visitor",
    extra: withHoneypot,
    path: () => "/tester",
    as: "anonymous",
    cases: 300,
    fieldErrors: true,
    fields: SIGNUP_FIELDS,
  },
  {
    name: "sign-up (/signup, open)",
    group: "visitor",
    extra: withHoneypot,
    path: () => "/signup",
    as: "anonymous",
    cases: 250,
    fieldErrors: true,
    fields: SIGNUP_FIELDS,
    before: () => setEarlyAccess("open"),
  },
  {
    name: "pledge (/give, anonymous)",
    group: "visitor",
    extra: withHoneypot,
    path: () => `/give/${fixture.pledgeGoal}`,
    as: "anonymous",
    cases: 200,
    fieldErrors: true,
    hidden: ["key"],
    fields: {
      name: { kind: "text", max: 80 },
      amount: { kind: "amount", max: 1_000_000 },
      message: { kind: "optional-text", max: 280 },
      key: { kind: "key", value: PLEDGE_KEY, optional: true },
    },
  },
  {
    // A pledge per unit logged: the per-unit amount and its maximum are both required.
    name: "pledge per unit (/give, anonymous)",
    group: "visitor",
    extra: withHoneypot,
    hidden: ["kind", "key"],
    path: () => `/give/${fixture.pledgeGoal}`,
    as: "anonymous",
    cases: 150,
    fieldErrors: true,
    fields: {
      name: { kind: "text", max: 80 },
      kind: { kind: "literal", value: "per-unit" },
      perUnit: { kind: "amount", max: 1_000 },
      max: { kind: "amount", max: 1_000_000 },
      key: { kind: "key", value: PLEDGE_KEY, optional: true },
    },
  },
  {
    name: "complete a goal",
    group: "member",
    path: () => `/active/${fixture.joinedGoal}`,
    as: "member",
    cases: 150,
    fieldErrors: false,
    fields: { intent: { kind: "literal", value: "complete" } },
  },
  {
    // A wrong confirmation writes nothing (it is checked before the password, so no case reaches the
    // counted password check, ADR 218); the password forms of /profile count wrong passwords by design
    // (a throttle row), so they are proven by tests/integration/account.test.ts instead.
    name: "delete account (/profile/delete)",
    group: "member",
    path: () => "/profile/delete",
    as: "member",
    cases: 100,
    fieldErrors: true,
    fields: { confirm: { kind: "text", max: 254 }, current: { kind: "password", max: 200 } },
  },
  {
    // Notification e-mail switches (ADR 187): every kind On or Off, none left out.
    name: "notification e-mail (/profile/notifications)",
    group: "member",
    path: () => "/profile/notifications",
    as: "member",
    cases: 100,
    fieldErrors: true,
    fields: Object.fromEntries(
      ["cheer", "message", "friends", "goal-dates", "pledges", "reminder", "badges", "summary", "digest"].map(
        (topic) => [topic, { kind: "choice", values: ["on", "off"] } as const],
      ),
    ),
  },
  {
    // A member's own goal (ADR 183): dates from today to a year ahead, running at most a year.
    name: "start a goal with friends (/goals/new)",
    group: "member",
    path: () => "/goals/new",
    as: "member",
    cases: 150,
    fieldErrors: true,
    fields: {
      cause: { kind: "text", max: 120 },
      start: { kind: "day", valid: () => dayFromNow(0), before: () => dayFromNow(-1), after: () => dayFromNow(400) },
      end: { kind: "day", valid: () => dayFromNow(10), before: () => dayFromNow(-1), after: () => dayFromNow(400) },
    },
  },
  {
    // Friends (ADR 182, 189): invite by e-mail. A valid address is sent (and counted), so every case breaks one.
    name: "invite a friend by e-mail (/friends)",
    group: "member",
    hidden: ["intent"],
    path: () => "/friends",
    as: "member",
    cases: 100,
    fieldErrors: true,
    fields: { intent: { kind: "literal", value: "invite" }, email: { kind: "email" } },
  },
  {
    // Accepting a friend request (ADR 189): an open request exists, so a broken answer must not befriend.
    name: "answer a friend request (/friends)",
    group: "member",
    hidden: ["intent"],
    path: () => "/friends",
    as: "member",
    cases: 60,
    fieldErrors: false,
    fields: {
      intent: { kind: "literal", value: "accept" },
      fromId: { kind: "ref", value: () => fixture.requesterId, max: 64 },
    },
  },
  {
    // Share (ADR 184): the owner's "Make a new link"; anything but intent=revoke is refused.
    name: "replace a goal's invite link (/goals/{id}/share)",
    group: "member",
    path: () => `/goals/${fixture.friendsGoal}/share`,
    as: "member",
    cases: 40,
    fieldErrors: false,
    fields: { intent: { kind: "literal", value: "revoke" } },
  },
  {
    name: "log progress (measured goal)",
    group: "member",
    hidden: ["intent", "key"],
    path: () => `/active/${fixture.measuredGoal}`,
    as: "member",
    cases: 250,
    fieldErrors: true,
    fields: {
      intent: { kind: "literal", value: "log-entry" },
      key: { kind: "literal", value: ENTRY_KEY },
      amount: { kind: "quantity", max: 500 },
      day: ENTRY_DAY,
      note: { kind: "optional-text", max: 280 },
    },
  },
  {
    name: "edit a progress entry",
    group: "member",
    hidden: ["intent", "entryId"],
    path: () => `/active/${fixture.measuredGoal}`,
    as: "member",
    cases: 200,
    fieldErrors: true,
    fields: {
      intent: { kind: "literal", value: "edit-entry" },
      entryId: { kind: "ref", value: () => fixture.entryId, max: 64, foreign: () => fixture.othersEntryId },
      amount: { kind: "quantity", max: 500 },
      day: ENTRY_DAY,
      note: { kind: "optional-text", max: 280 },
    },
  },
  {
    name: "delete a progress entry",
    group: "member",
    path: () => `/active/${fixture.measuredGoal}`,
    as: "member",
    cases: 60,
    fieldErrors: false,
    fields: {
      intent: { kind: "literal", value: "delete-entry" },
      entryId: { kind: "ref", value: () => fixture.entryId, max: 64, foreign: () => fixture.othersEntryId },
    },
  },
  {
    // Phone notifications (ADR 282): the reminder's hour (or none), the cheers switch, and the device's
    // time zone the page's script adds. The member has no settings yet: a refused case must not make them.
    name: "phone notifications (/profile/push)",
    group: "member",
    path: () => "/profile/push",
    as: "member",
    cases: 120,
    fieldErrors: true,
    fields: {
      reminderHour: { kind: "choice", values: ["off", ...Array.from({ length: 24 }, (_, h) => String(h))] },
      cheers: { kind: "choice", values: ["on", "off"] },
      timeZone: { kind: "time-zone" },
    },
  },
  {
    // The organiser's entries page (ADR 145): an admin manages every goal.
    name: "admin: remove a progress entry",
    group: "admin",
    path: () => `/goals/${fixture.measuredGoal}/entries`,
    as: "admin",
    cases: 60,
    fieldErrors: false,
    fields: {
      intent: { kind: "literal", value: "remove-entry" },
      entryId: { kind: "ref", value: () => fixture.entryId, max: 64 },
    },
  },
  {
    // The organiser's CSV import (ADR 261): the write itself, with lines that are never a valid import.
    name: "admin: import entries from a CSV",
    group: "admin",
    hidden: ["intent", "importId"],
    path: () => `/goals/${fixture.measuredGoal}/import`,
    as: "admin",
    cases: 120,
    fieldErrors: true,
    fields: {
      intent: { kind: "literal", value: "import" },
      importId: { kind: "literal", value: "bad-input-import" },
      csv: { kind: "text", max: 2_000 },
    },
  },
  {
    name: "admin: a goal's progress measure",
    group: "admin",
    hidden: ["intent", "unit"],
    path: () => `/goals/${fixture.unloggedGoal}/measure`,
    as: "admin",
    cases: 120,
    fieldErrors: true,
    fields: {
      intent: { kind: "literal", value: "measure" },
      unit: { kind: "literal", value: "custom" },
      customUnit: { kind: "text", max: 24 },
      unitTarget: { kind: "quantity", max: 10_000_000 },
    },
  },
  {
    name: "admin: change a user",
    group: "admin",
    path: () => "/admin/users",
    index: true,
    as: "admin",
    cases: 250,
    fieldErrors: false,
    fields: {
      intent: { kind: "literal", value: "change-user" },
      userId: { kind: "ref", value: () => fixture.targetUserId, max: 64 },
      type: { kind: "choice", values: ["admin", "org", "user"] },
      status: { kind: "choice", values: ["new", "active", "suspended"] },
    },
  },
  {
    name: "admin: add a user",
    group: "admin",
    path: () => "/admin/users/add-user",
    as: "admin",
    cases: 300,
    fieldErrors: true,
    fields: {
      first: { kind: "text", max: 50 },
      last: { kind: "text", max: 50 },
      email: { kind: "email" },
      type: { kind: "choice", values: ["admin", "org", "user"] },
    },
  },
  {
    name: "admin: communication",
    group: "admin",
    hidden: ["intent"],
    path: () => "/admin/users/communication",
    as: "admin",
    cases: 300,
    fieldErrors: true,
    fields: {
      intent: { kind: "choice", values: ["preview", "send"] },
      audience: { kind: "choice", values: ["all", "admin", "org", "user"] },
      subject: { kind: "text", max: 150 },
      body: { kind: "text", max: 5000 },
    },
  },
  {
    name: "admin: early-access mode",
    group: "admin",
    path: () => "/admin/access",
    as: "admin",
    cases: 100,
    fieldErrors: false,
    fields: {
      intent: { kind: "literal", value: "early-access" },
      mode: { kind: "choice", values: ["closed", "request", "open"] },
    },
  },
  {
    name: "admin: support e-mail",
    group: "admin",
    path: () => "/admin/access",
    as: "admin",
    cases: 100,
    fieldErrors: false,
    fields: { intent: { kind: "literal", value: "support-email" }, supportEmail: { kind: "email" } },
  },
];

/** Screens whose only input is the id in the URL: bad ids never join, complete or crash anything. */
export const ID_ROUTES: { name: string; path: (id: string) => string; body: Record<string, string> }[] = [
  { name: "join", path: (id) => `/join/${id}`, body: {} },
  { name: "complete", path: (id) => `/active/${id}`, body: { intent: "complete" } },
  // One-click unsubscribe (ADR 187): the signed token is the only input.
  { name: "unsubscribe", path: (id) => `/unsubscribe/${id}`, body: { "List-Unsubscribe": "One-Click" } },
  // The organiser's entries page (ADR 145): an unknown goal is the 404 page, nothing removed.
  { name: "remove an entry", path: (id) => `/goals/${id}/entries`, body: { intent: "remove-entry", entryId: "x" } },
];

/**
 * Well-formed submissions that must still be refused (ADR 140): an entry on a goal the member has not
 * joined or has completed, someone else's entry, a removal by a mere member. A 4xx, nothing written.
 */
export const REFUSED: { name: string; path: () => string; body: () => Record<string, string> }[] = [
  {
    name: "log progress on a goal I have not joined",
    path: () => `/active/${fixture.unloggedGoal}`,
    body: () => ({ intent: "log-entry", key: "0000000000000000000000000000aa01", amount: "5", day: dayFromNow(0) }),
  },
  {
    name: "log progress on a goal I completed",
    path: () => `/active/${fixture.completedMeasuredGoal}`,
    body: () => ({ intent: "log-entry", key: "0000000000000000000000000000aa02", amount: "5", day: dayFromNow(0) }),
  },
  {
    name: "edit someone else's entry",
    path: () => `/active/${fixture.measuredGoal}`,
    body: () => ({ intent: "edit-entry", entryId: fixture.othersEntryId, amount: "1", day: dayFromNow(0) }),
  },
  {
    name: "delete someone else's entry",
    path: () => `/active/${fixture.measuredGoal}`,
    body: () => ({ intent: "delete-entry", entryId: fixture.othersEntryId }),
  },
  {
    name: "remove someone else's entry as a member",
    path: () => `/goals/${fixture.measuredGoal}/entries`,
    body: () => ({ intent: "remove-entry", entryId: fixture.othersEntryId }),
  },
];

/** Sends one refused submission as the member, as a document and as a single-fetch request. */
export async function runRefused(row: (typeof REFUSED)[number]): Promise<number> {
  const before = await snapshot();
  for (const suffix of ["", ".data"]) {
    const response = await SELF.fetch(BASE + row.path() + suffix, {
      method: "POST",
      body: new URLSearchParams(row.body()),
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: BASE,
        Host: "localhost",
        Cookie: cookies.member!,
      },
      redirect: "manual",
    });
    await response.arrayBuffer();
    const label = `${row.name}${suffix} -> ${response.status} ${response.headers.get("Location") ?? ""}`;
    expect(response.status >= 400 && response.status < 500, label).toBe(true);
  }
  // A well-formed write is an attempt the flood limit counts, refused or not (ADR 217): the counters
  // may move, nothing else.
  expect(diff(before, await snapshot()).filter((table) => table !== "signin_attempts")).toEqual([]);
  return 2;
}
const BAD_IDS = [
  "does-not-exist",
  crypto.randomUUID(),
  "a".repeat(10_000),
  "%00",
  "%E0%A4%A",
  "%",
  "..%2F..%2Fadmin",
  "' OR '1'='1",
  "%27%20OR%201=1--",
  "%F0%9F%99%82",
  "<script>alert(1)<%2Fscript>",
  "goal%0D%0ASet-Cookie:%20x=1",
  "%C0%AF",
  "%uFFFF",
];

/** Every table's rows, to prove a refused submission changed nothing at all (not just the counts). */
export async function snapshot(): Promise<Record<string, string>> {
  const { results } = await env.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name != 'd1_migrations' ORDER BY name",
  ).all<{ name: string }>();
  const rows = await env.DB.batch(results.map(({ name }) => env.DB.prepare(`SELECT * FROM "${name}" ORDER BY rowid`)));
  return Object.fromEntries(results.map(({ name }, i) => [name, JSON.stringify(rows[i]!.results)]));
}

export function diff(before: Record<string, string>, after: Record<string, string>) {
  return Object.keys(after).filter((table) => before[table] !== after[table]);
}

/** Signs in the roles the rows need and creates the goals they refer to. */
export async function setUpFixtures() {
  honeypot = await honeypotFields();
  const member = await signedInUser();
  cookies.member = member.cookie;
  fixture.friendsGoal = (await insertGoal({ visibility: "friends", orgId: member.id })).id;
  const requester = await signedInUser();
  expect((await post("/friends", { intent: "invite", email: member.email }, requester.cookie)).status).toBe(302);
  fixture.requesterId = requester.id;
  // /friends makes the member's personal link on its first view (ADR 182): view it once, as the member
  // who posts its forms has, so the re-rendered page of a refused post writes nothing.
  expect((await get("/friends", member.cookie)).status).toBe(200);
  const admin = await signedInUser();
  await setType(admin.email, "admin");
  cookies.admin = admin.cookie;
  fixture.targetUserId = (await userByEmail((await signedInUser()).email)).id;
  fixture.openGoal = (await insertGoal()).id;
  fixture.joinedGoal = (await insertGoal()).id;
  fixture.pledgeGoal = (await insertGoal()).id;
  await env.DB.prepare(
    "UPDATE goals SET charity_name = 'Shelter', charity_url = 'https://shelter.example.org/donate', target_amount = 100000, currency = 'GBP', unit = 'km' WHERE id = ?",
  )
    .bind(fixture.pledgeGoal)
    .run();
  const joined = await post(`/join/${fixture.joinedGoal}`, {}, member.cookie);
  expect(joined.status).toBe(302);
  fixture.unloggedGoal = (await insertGoal()).id;
  await env.DB.prepare("UPDATE goals SET unit = 'km', unit_target = 10000 WHERE id = ?")
    .bind(fixture.unloggedGoal)
    .run();
  fixture.measuredGoal = (await insertGoal()).id;
  await env.DB.prepare("UPDATE goals SET unit = 'km', unit_target = 10000 WHERE id = ?")
    .bind(fixture.measuredGoal)
    .run();
  expect((await post(`/join/${fixture.measuredGoal}`, {}, member.cookie)).status).toBe(302);
  const logged = await post(
    `/active/${fixture.measuredGoal}`,
    { intent: "log-entry", key: "fedcba9876543210fedcba9876543210", amount: "5", day: dayFromNow(0), note: "" },
    member.cookie,
  );
  expect(logged.status).toBe(302);
  const entry = await env.DB.prepare("SELECT id FROM progress_entries WHERE goal_id = ?")
    .bind(fixture.measuredGoal)
    .first<{ id: string }>();
  fixture.entryId = entry!.id;
  const other = await signedInUser();
  expect((await post(`/join/${fixture.measuredGoal}`, {}, other.cookie)).status).toBe(302);
  expect(
    (
      await post(
        `/active/${fixture.measuredGoal}`,
        { intent: "log-entry", key: "fedcba9876543210fedcba9876543211", amount: "3", day: dayFromNow(0), note: "" },
        other.cookie,
      )
    ).status,
  ).toBe(302);
  fixture.othersEntryId = (await env.DB.prepare("SELECT id FROM progress_entries WHERE goal_id = ? AND amount = 300")
    .bind(fixture.measuredGoal)
    .first<{ id: string }>())!.id;
  fixture.completedMeasuredGoal = (await insertGoal()).id;
  await env.DB.prepare("UPDATE goals SET unit = 'km', unit_target = 10000 WHERE id = ?")
    .bind(fixture.completedMeasuredGoal)
    .run();
  expect((await post(`/join/${fixture.completedMeasuredGoal}`, {}, member.cookie)).status).toBe(302);
  expect((await post(`/active/${fixture.completedMeasuredGoal}`, { intent: "complete" }, member.cookie)).status).toBe(
    302,
  );
}

/**
 * The share of each row's cases a run sends: BAD_INPUT_SCALE=1 npx vitest run tests/integration/bad-input-*
 * sends all ~2,300; `npm test` sends a quarter, the first cases of the same sequences, to stay fast on a
 * shared machine.
 */
export const SCALE = Math.min(1, Math.max(0.01, Number(env.BAD_INPUT_SCALE ?? "0.25") || 0.25));
export const casesOf = (row: FormRow) => Math.ceil(row.cases * SCALE);

const brokeVisibleField = (row: FormRow, label: string[]) =>
  label.some((part) => {
    const name = part.split(":")[0]!;
    return name in row.fields && !(row.hidden ?? []).includes(name);
  });

const brokeHiddenRef = (row: FormRow, label: string[]) =>
  label.some((part) => row.fields[part.split(":")[0]!]?.kind === "ref");

/** Sends one row's generated cases and asserts the verdicts; returns how many were sent. */
export async function runRow(row: FormRow): Promise<number> {
  await row.before?.();
  const cases = casesOf(row);
  const rng = prng(seedOf(row.name));
  const before = await snapshot();
  const failures: string[] = [];
  // Generated a batch at a time and nothing kept but the verdict: the tests share the worker's
  // isolate, and holding hundreds of 100 KB bodies would make every later request crawl.
  for (let start = 0; start < cases; start += 8) {
    const batch = [];
    for (let i = start; i < Math.min(cases, start + 8); i++)
      batch.push({ submission: await generate(row, rng), document: i % 4 === 0 });
    await Promise.all(
      batch.map(async ({ submission, document }) => {
        // One case in 4 posts the document, as a browser without JavaScript does (the answer is the
        // re-rendered page); the others post the single-fetch URL, as Remix does with JavaScript on.
        const url = BASE + row.path() + (document ? "" : row.index ? ".data?index" : ".data");
        const response = await SELF.fetch(
          url,
          await requestInit(submission, BASE, cookies[row.as as Exclude<Role, "anonymous">]),
        );
        const body = await response.text();
        const status = response.status;
        const location = response.headers.get("Location");
        const what = `[${submission.label.join("; ")}]${document ? "" : " (.data)"} -> ${status}${location ? ` ${location}` : ""}`;
        if (status < 400 || status >= 500) failures.push(what);
        else if (
          row.fieldErrors &&
          status === 400 &&
          submission.fieldBroken &&
          brokeVisibleField(row, submission.label)
        ) {
          // A broken hidden field (a tampered entry id) leaves no form on the page to hold the field
          // errors: the page must still say what was wrong, in an alert.
          const formless = brokeHiddenRef(row, submission.label);
          const shown = document
            ? body.includes('class="field__error"') || (formless && body.includes('role="alert"'))
            : body.includes('"error"');
          if (!shown) failures.push(`${what} without a field error`);
        }
      }),
    );
  }
  expect(failures, `${failures.length} of ${cases} not refused properly`).toEqual([]);
  // A well-formed write aimed at someone else's row (a foreign entry id) is an attempt the flood limit
  // counts, refused or not (ADR 217): the counters may move, nothing else.
  expect(
    diff(before, await snapshot()).filter((table) => table !== "signin_attempts"),
    "tables changed",
  ).toEqual([]);
  return cases;
}

/** Posts every bad id to one id-in-the-URL route as member and admin; returns how many were sent. */
export async function runIdRoute(route: (typeof ID_ROUTES)[number]): Promise<number> {
  const before = await snapshot();
  let sent = 0;
  for (const id of BAD_IDS) {
    for (const role of ["member", "admin"] as const) {
      const response = await SELF.fetch(BASE + route.path(id), {
        method: "POST",
        body: new URLSearchParams(route.body),
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          Origin: BASE,
          Host: "localhost",
          Cookie: cookies[role]!,
        },
        redirect: "manual",
      });
      await response.arrayBuffer();
      const label = `${route.name} ${id.slice(0, 40)} as ${role} -> ${response.status} ${response.headers.get("Location") ?? ""}`;
      const notFound = response.status === 302 && response.headers.get("Location") === "/404";
      expect(notFound || (response.status >= 400 && response.status < 500), label).toBe(true);
      sent++;
    }
  }
  expect(diff(before, await snapshot())).toEqual([]);
  return sent;
}

/** Everything the suite sends, over all groups (the issue asks for at least 2,000). */
export const TOTAL_CASES =
  FORMS.reduce((n, row) => n + row.cases, 0) + ID_ROUTES.length * BAD_IDS.length * 2 + REFUSED.length * 2;
