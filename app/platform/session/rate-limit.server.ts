/**
 * Fixed-window counters in `signin_attempts`, keyed `{limit}:{email|ip}:{value}`. One upsert per key
 * both counts and reads, so a check is a single D1 round trip (several keys go in one batch).
 * Used by sign-in, sign-up, password reset, early-access requests and pledges.
 */
import { addressKey } from "#app/lib/client-address";
import { eq, sql, type SQL } from "drizzle-orm";
import { signinAttempts, users } from "#drizzle/schema";
import type { Database } from "#app/platform/db/db.server";

export interface Limit {
  /** Part of the key: one name per counter. */
  name: string;
  /** The most hits a window allows; the next one is throttled. */
  max: number;
  windowMs: number;
}

const MINUTE = 60_000;

export const LIMITS = {
  /** Counted sign-in failures for one address; more than 4 shows "Contact Support". */
  signinFailures: { name: "signin-fail", max: 9, windowMs: 15 * MINUTE },
  /** Once an address has failed this often it is locked for the window (SPEC: too-many-requests). */
  signinLock: { name: "signin-lock", max: 0, windowMs: 15 * MINUTE },
  signinAddress: { name: "signin", max: 30, windowMs: 15 * MINUTE },
  signupEmail: { name: "signup", max: 5, windowMs: 60 * MINUTE },
  signupAddress: { name: "signup", max: 10, windowMs: 60 * MINUTE },
  resetEmail: { name: "reset", max: 3, windowMs: 60 * MINUTE },
  resetAddress: { name: "reset", max: 10, windowMs: 60 * MINUTE },
  earlyAccessEmail: { name: "early-access", max: 3, windowMs: 60 * MINUTE },
  earlyAccessAddress: { name: "early-access", max: 10, windowMs: 60 * MINUTE },
  /** Pledges on /give/{id}: per signed-in pledger's e-mail, and per client address (ADR 074). */
  pledgeEmail: { name: "pledge", max: 10, windowMs: 60 * MINUTE },
  pledgeAddress: { name: "pledge", max: 30, windowMs: 60 * MINUTE },
  /** A signed-in member confirming their current password (change password / e-mail), per account. */
  accountPassword: { name: "account-password", max: 10, windowMs: 15 * MINUTE },
  /** E-mail change links sent, per account: each one mails an address the member typed. */
  emailChange: { name: "email-change", max: 5, windowMs: 60 * MINUTE },
  /** Friend invites e-mailed, per member. */
  friendInvites: { name: "friend-invite", max: 10, windowMs: 60 * MINUTE },
  /** Flood limits per member (docs/product.md "Limits"): a condition of each write (ADR 217). */
  messages: { name: "message", max: 20, windowMs: 10 * MINUTE },
  cheers: { name: "cheer", max: 60, windowMs: 10 * MINUTE },
  entryWrites: { name: "entry", max: 60, windowMs: 10 * MINUTE },
} satisfies Record<string, Limit>;

/** No counter outlives this: a row whose window started earlier counts for nothing (housekeeping.server.ts). */
export const LONGEST_WINDOW_MS = Math.max(...Object.values(LIMITS).map((limit: Limit) => limit.windowMs));

export interface Counter {
  limit: Limit;
  kind: "email" | "ip" | "member";
  value: string;
}

/** A counter of one signed-in member, by their id (an e-mail change does not reset it). */
export const memberCounter = (limit: Limit, userId: string): Counter => ({ limit, kind: "member", value: userId });

export const counterKey = ({ limit, kind, value }: Counter) => `${limit.name}:${kind}:${value}`;

/**
 * The visitor's address from CF-Connecting-IP, as the key it is counted by (an IPv6 address by its
 * /64, ADR 108), or null when there is none to count by: no header (a test calling the worker
 * directly), a malformed one, or a loopback address (the developer's own machine and the e2e runner,
 * which production never sees).
 */
export function clientAddress(request: Request): string | null {
  return addressKey(request.headers.get("CF-Connecting-IP"));
}

/** The counters of one action: per e-mail (when known) and per client address (when known). */
export function countersFor(
  request: Request,
  limits: { email?: Limit; address?: Limit },
  email?: string | null,
): Counter[] {
  const counters: Counter[] = [];
  if (limits.email && email) counters.push({ limit: limits.email, kind: "email", value: email.toLowerCase() });
  const address = clientAddress(request);
  if (limits.address && address) counters.push({ limit: limits.address, kind: "ip", value: address });
  return counters;
}

/** Counts one hit on the counter and returns its new count: put it first in the batch of the write it limits. */
export function hitStatement(db: Database, counter: Counter, now = Date.now()) {
  const start = now - counter.limit.windowMs;
  return db
    .insert(signinAttempts)
    .values({ key: counterKey(counter), count: 1, windowStart: new Date(now) })
    .onConflictDoUpdate({
      target: signinAttempts.key,
      set: {
        count: sql`CASE WHEN ${signinAttempts.windowStart} <= ${start} THEN 1 ELSE ${signinAttempts.count} + 1 END`,
        windowStart: sql`CASE WHEN ${signinAttempts.windowStart} <= ${start} THEN ${now} ELSE ${signinAttempts.windowStart} END`,
      },
    })
    .returning({ count: signinAttempts.count });
}

/**
 * The condition that the counter is within its limit, for the WHERE of the write it limits, in the batch
 * right after `hitStatement` (a D1 batch is one transaction: racing writes each see their own count, so
 * no more than `max` of them pass, and a refused one writes nothing; ADR 217).
 */
export function withinLimit(counter: Counter): SQL {
  return sql`(SELECT ${signinAttempts.count} FROM ${signinAttempts} WHERE ${signinAttempts.key} = ${counterKey(counter)}) <= ${counter.limit.max}`;
}

/** Whether the count `hitStatement` returned is over the limit. */
export const overLimit = (counter: Counter, rows: { count: number }[]) => (rows[0]?.count ?? 0) > counter.limit.max;

/** Counts one hit on every counter; true when any of them is now over its limit. */
export async function hit(db: Database, counters: Counter[], now = Date.now()): Promise<boolean> {
  const counts = await hitAll(db, counters, now);
  return counts.some((count, i) => count > counters[i]!.limit.max);
}

/** Counts one hit on every counter and returns the counts in the same order. */
export async function hitAll(db: Database, counters: Counter[], now = Date.now()): Promise<number[]> {
  if (counters.length === 0) return [];
  const [first, ...rest] = counters.map((c) => hitStatement(db, c, now));
  const results = (await db.batch([first!, ...rest])) as { count: number }[][];
  return results.map((rows) => rows[0]?.count ?? 0);
}

/** The current count of each counter inside its window (0 when absent or expired), without counting. */
export async function peek(db: Database, counters: Counter[], now = Date.now()): Promise<number[]> {
  if (counters.length === 0) return [];
  const keys = counters.map(counterKey);
  const rows = await db
    .select()
    .from(signinAttempts)
    .where(
      sql`${signinAttempts.key} IN (${sql.join(
        keys.map((k) => sql`${k}`),
        sql`, `,
      )})`,
    );
  return counters.map((counter, i) => {
    const row = rows.find((r) => r.key === keys[i]);
    if (!row || row.windowStart.getTime() <= now - counter.limit.windowMs) return 0;
    return row.count;
  });
}

/** The statement that forgets a counter (batch it with other writes). */
export function resetStatement(db: Database, counter: Counter) {
  return db.delete(signinAttempts).where(eq(signinAttempts.key, counterKey(counter)));
}

/**
 * Deletes the per-e-mail counters of `limits` for the current address of user `userId`, as one statement
 * for a caller's batch: a completed password reset lifts that address's sign-in lock and failure count.
 */
export function resetForUserStatement(db: Database, limits: Limit[], userId: string) {
  const email = sql`(SELECT ${users.email} FROM ${users} WHERE ${users.id} = ${userId})`;
  const keys = limits.map((limit) => sql`${`${limit.name}:email:`} || ${email}`);
  return db.delete(signinAttempts).where(sql`${signinAttempts.key} IN (${sql.join(keys, sql`, `)})`);
}

/** The statement that (re)starts a counter's window at one hit, e.g. to lock an address now. */
export function startWindowStatement(db: Database, counter: Counter, now = Date.now()) {
  return db
    .insert(signinAttempts)
    .values({ key: counterKey(counter), count: 1, windowStart: new Date(now) })
    .onConflictDoUpdate({ target: signinAttempts.key, set: { count: 1, windowStart: new Date(now) } });
}

/** What a member who writes too fast is told, where they wrote (429). */
export const SLOW_DOWN = {
  message: `You have posted ${LIMITS.messages.max} messages in 10 minutes. Wait a few minutes, then post again.`,
  cheer: `You have cheered ${LIMITS.cheers.max} times in 10 minutes. Wait a few minutes, then cheer again.`,
  entry: `You have saved ${LIMITS.entryWrites.max} entries in 10 minutes. Wait a few minutes, then try again.`,
} as const;

export { TOO_MANY_REQUESTS } from "#app/lib/field-rules";
