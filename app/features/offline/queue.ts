/**
 * Entries logged without a connection (ADR 227), kept in IndexedDB on the device until they are sent.
 * Used by the page (app/features/offline/offline.client.ts) and by the service worker (app/sw/sw.ts):
 * both send through `flush`, which either may run at the same time; the idempotency key makes the
 * second send of an entry log nothing (progress_entries' unique (user, key) index).
 */
import { deleteDB, openDB, type DBSchema, type IDBPDatabase } from "idb";

export interface QueuedEntry {
  /** The log form's idempotency key: the entry's identity on the device and on the server. */
  key: string;
  /** The account signed in when it was logged: only that account ever sends it. */
  account: string;
  goalId: string;
  goalName: string;
  unit: string;
  amount: string;
  day: string;
  note: string;
  /** The sport the entry names, if any: the organiser's factor for it applies when it is sent. */
  sport?: string;
  queuedAt: number;
  status: "waiting" | "refused";
  /** Why the app refused it (status "refused"), or why it waits (held back): shown to the member. */
  message?: string;
  /** Held back by the member's write limit (ADR 238): not sent again before this time (ms). */
  heldUntil?: number;
}

interface OfflineDb extends DBSchema {
  entries: { key: string; value: QueuedEntry };
}

export const DB_NAME = "gwf-offline";
export const SYNC_TAG = "send-entries";
export const SYNC_URL = "/sync/entry";

/** One short-lived connection per operation: an open one would block the sign-out's deleteDB. */
async function withDb<T>(work: (db: IDBPDatabase<OfflineDb>) => Promise<T>): Promise<T> {
  const db = await openDB<OfflineDb>(DB_NAME, 1, {
    upgrade(database) {
      database.createObjectStore("entries", { keyPath: "key" });
    },
  });
  try {
    return await work(db);
  } finally {
    db.close();
  }
}

export async function queueEntry(entry: QueuedEntry) {
  // Put by key: the same entry submitted twice stays one entry.
  await withDb((db) => db.put("entries", entry));
}

export async function queuedEntries(account?: string): Promise<QueuedEntry[]> {
  const all = await withDb((db) => db.getAll("entries"));
  return all.filter((e) => account === undefined || e.account === account).sort((a, b) => a.queuedAt - b.queuedAt);
}

export async function dismissEntry(key: string) {
  await withDb((db) => db.delete("entries", key));
}

/** "later": the app held an entry back (too many writes just now); try again after `heldUntil`. */
export type FlushResult = "done" | "offline" | "later";

/**
 * Sends every waiting entry (of `account`, or all when the caller cannot know whose session it has: the
 * service worker; the server then refuses another account's with "other-account" and it stays). An entry
 * leaves the queue only when the server answers for it: logged (gone) or refused (kept, with the reason).
 * A network failure or a 5xx stops the round with everything still queued.
 */
export async function flush(account?: string): Promise<FlushResult> {
  const waiting = (await queuedEntries(account)).filter((e) => e.status === "waiting");
  // Held back a moment ago: every send before its time would be held back too (and counted).
  if (waiting.some((e) => e.heldUntil && e.heldUntil > Date.now())) return "later";
  for (const entry of waiting) {
    const body = new URLSearchParams({
      intent: "log-entry",
      key: entry.key,
      account: entry.account,
      goalId: entry.goalId,
      amount: entry.amount,
      day: entry.day,
      note: entry.note,
      ...(entry.sport ? { sport: entry.sport } : {}),
    });
    let response: Response;
    try {
      response = await fetch(SYNC_URL, { method: "POST", body, credentials: "same-origin" });
    } catch {
      return "offline";
    }
    if (response.status >= 500) return "offline";
    const answer = (await response.json().catch(() => null)) as {
      outcome?: string;
      message?: string;
      retryAfter?: number;
    } | null;
    // Too many writes just now (ADR 238): this one and the rest wait, told why, and go later.
    if (answer?.outcome === "later" || response.status === 429) {
      const seconds = Math.min(Math.max(Number(answer?.retryAfter) || 60, 1), 600);
      await queueEntry({ ...entry, message: answer?.message, heldUntil: Date.now() + seconds * 1000 });
      return "later";
    }
    if (answer?.outcome === "logged") await dismissEntry(entry.key);
    else if (answer?.outcome === "refused")
      await queueEntry({ ...entry, status: "refused", message: answer.message ?? "The app could not log it." });
    // "other-account" or signed out: it waits for its own member.
  }
  return "done";
}

/** Everything the device keeps for the signed-in member (sign-out): the queue and the saved pages. */
export async function clearDevice() {
  await deleteDB(DB_NAME).catch(() => {});
  if (typeof caches !== "undefined") for (const name of await caches.keys()) await caches.delete(name);
}
