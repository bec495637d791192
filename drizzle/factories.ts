/**
 * Rows for tests, the dev seed, the e2e sign-in route and the benchmarks: one place that knows what a
 * valid user, goal, membership, session, pledge or message looks like, typed on schema.ts so a new
 * NOT NULL column breaks the build here instead of in a dozen copied INSERTs.
 *
 * Every factory returns a plain insert row (drizzle's `$inferInsert`) with unique ids and sensible
 * defaults; pass overrides for what a test cares about. Writing is the caller's: `db.insert(users)
 * .values(userRow())` in the worker and vitest (tests/support/factories.ts wraps that), or
 * `insertSql(users, rows)` (drizzle/sql-text.ts) for a `wrangler d1 execute --file` in node scripts.
 *
 * Users get a PRECOMPUTED password hash (100,000 PBKDF2 rounds, done once, when this file was
 * written), so creating one costs an INSERT, not a key derivation. Signing in with the password still
 * pays the real cost, as it must.
 */
import type { goals, messages, pledges, progressEntries, progressTotals, sessions, userGoals, users } from "./schema";

export type NewUser = typeof users.$inferInsert;
export type NewGoal = typeof goals.$inferInsert;
export type NewMembership = typeof userGoals.$inferInsert;
export type NewSession = typeof sessions.$inferInsert;
export type NewPledge = typeof pledges.$inferInsert;
export type NewMessage = typeof messages.$inferInsert;
export type NewEntry = typeof progressEntries.$inferInsert;
export type NewTotal = typeof progressTotals.$inferInsert;

/** The password of every user `userRow` makes, and its hash (pbkdf2-sha256, 100,000 rounds). */
export const TEST_PASSWORD = "password123";
export const TEST_PASSWORD_HASH =
  "pbkdf2-sha256$100000$Z3dmLXRlc3Qtc2FsdC0wMQ==$GrIXnOSd5eirL0ZodienFSWeIYpYRFnNGndl3KdeP84=";
/** The demo accounts' password (README, `npm run dev`), and its hash. */
export const DEMO_PASSWORD = "goals-demo-2026";
export const DEMO_PASSWORD_HASH =
  "pbkdf2-sha256$100000$Z3dmLWRlbW8tc2FsdC0wMQ==$sdgz+9CRNz+0MSrH3lllRmJQMMbzyiZNzfmgOQyfWYo=";

const SESSION_MS = 30 * 24 * 60 * 60 * 1000;

/** A random id shaped like the app's own (app/lib/ids.ts: 128 bits, 32 hex digits), unique everywhere. */
export function uniqueId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** 'YYYY-MM-DD' (UTC) `offset` days from today. */
export const dayFromToday = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** The overrides a caller set (an explicit `undefined`, e.g. from an optional form field, keeps the default). */
function given<T extends object>(overrides: T): Partial<T> {
  return Object.fromEntries(Object.entries(overrides).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** A member with the test password: type 'user', status 'new', no active goals (SPEC's new user). */
export function userRow(input: Partial<NewUser> = {}): NewUser {
  const overrides = given(input);
  const id = overrides.id ?? uniqueId();
  return {
    id,
    first: "Test",
    last: "User",
    email: `user-${id.slice(0, 16)}@example.com`,
    type: "user",
    status: "new",
    activegoals: 0,
    passwordHash: TEST_PASSWORD_HASH,
    ...overrides,
    ...(overrides.email ? { email: overrides.email.trim().toLowerCase() } : {}),
  };
}

/** A public goal running from two days ago to ten days ahead. */
export function goalRow(input: Partial<NewGoal> = {}): NewGoal {
  const overrides = given(input);
  const id = overrides.id ?? uniqueId();
  return {
    id,
    cause: `Test goal ${id.slice(0, 8)}`,
    start: dayFromToday(-2),
    end: dayFromToday(10),
    demo: false,
    visibility: "public",
    orgId: null,
    ...overrides,
  };
}

/**
 * A user pursuing a goal. The caller keeps `users.activegoals` equal to the not-completed memberships
 * (SPEC invariant): tests/support/factories.ts `join` does it in the same batch.
 */
export function membershipRow(userId: string, goalId: string, overrides: Partial<NewMembership> = {}): NewMembership {
  return { userId, goalId, completed: false, ...overrides };
}

/** A live session (30 days, as a sign-in makes) for the signed cookie that carries its id. */
export function sessionRow(userId: string, overrides: Partial<NewSession> = {}): NewSession {
  return { id: uniqueId(), userId, expiresAt: new Date(Date.now() + SESSION_MS), ...overrides };
}

/** A pledge of £10 (minor units) on a goal, by name, not paid yet. */
export function pledgeRow(goalId: string, overrides: Partial<NewPledge> = {}): NewPledge {
  return { id: uniqueId(), goalId, userId: null, name: "A friend", amount: 1000, ...overrides };
}

/** A discussion message on a goal. */
export function messageRow(goalId: string, userId: string | null, overrides: Partial<NewMessage> = {}): NewMessage {
  return { id: uniqueId(), goalId, userId, body: "Keep going!", ...overrides };
}

/**
 * A progress entry of `amount` hundredths of the goal's unit on `day`. The caller keeps the member's
 * progress_totals row equal to the sum (ADR 140): `totalRow` below, in the same batch.
 */
export function entryRow(
  goalId: string,
  userId: string,
  amount: number,
  day: string,
  overrides: Partial<NewEntry> = {},
): NewEntry {
  const id = overrides.id ?? uniqueId();
  return { id, goalId, userId, amount, day, note: null, idempotencyKey: id, ...overrides };
}

/** A member's running total on a measured goal (the sum and count of their entries, and their last day). */
export function totalRow(
  goalId: string,
  userId: string,
  entries: Pick<NewEntry, "amount" | "day">[],
  reachedAt = new Date(),
): NewTotal {
  return {
    goalId,
    userId,
    total: entries.reduce((sum, e) => sum + e.amount, 0),
    entries: entries.length,
    lastDay: entries.reduce<string | null>((last, e) => (last && last > e.day ? last : e.day), null),
    reachedAt,
  };
}
