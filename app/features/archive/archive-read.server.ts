/**
 * Reading an archived challenge's entries back (ADR 303): the goal screen, the summary, the shareable card
 * and the member's data export read the goal's file from R2 when its entries are no longer in D1, and get
 * the same rows their D1 statements would have given. An account erased since the file was written is
 * applied here (its id replaced, its notes gone) until the cron rewrites the file.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq, inArray } from "drizzle-orm";
import { archiveErasures, users } from "#drizzle/schema";
import { archiveKey, decodeArchive, type ArchivedEntry } from "./archive-file";

/** Every entry of an archived goal, oldest first, with erasures applied. Empty when it had none. */
export async function archivedEntries(context: AppLoadContext, goalId: string): Promise<ArchivedEntry[]> {
  const [object, erased] = await Promise.all([
    context.cloudflare.env.ARCHIVE.get(archiveKey(goalId)),
    context.db
      .select({ userId: archiveErasures.userId, anonymousId: archiveErasures.anonymousId })
      .from(archiveErasures)
      .where(eq(archiveErasures.goalId, goalId)),
  ]);
  if (!object) return [];
  const entries = await decodeArchive(object.body);
  if (!erased.length) return entries;
  const anonymous = new Map(erased.map((e) => [e.userId, e.anonymousId]));
  return entries.map((e) => {
    const id = anonymous.get(e.user_id);
    return id ? { ...e, user_id: id, note: null } : e;
  });
}

const byDayThenNewest = (a: ArchivedEntry, b: ArchivedEntry) =>
  a.day === b.day ? b.created_at - a.created_at : a.day < b.day ? 1 : -1;

/** One member's entries, as myBadgeEntriesQuery gives them (newest day first). */
export function badgeEntriesOf(entries: readonly ArchivedEntry[], userId: string) {
  // Newest first before sorting: ties (the same second) then fall as D1's index gives them, latest row first.
  return entries
    .filter((e) => e.user_id === userId)
    .reverse()
    .sort(byDayThenNewest)
    .map((e) => ({ id: e.id, day: e.day, amount: e.amount, note: e.note, createdAt: new Date(e.created_at) }));
}

/**
 * The goal screen's rows that read entries, from the file: my entries (newest day first, as the badge
 * group reads them: my list, streak and chart days come from them) and the group's latest with their names.
 */
export async function archivedScreenRows(
  context: AppLoadContext,
  goalId: string,
  viewerId: string,
  latestShown: number,
) {
  const entries = await archivedEntries(context, goalId);
  const latest = entries.slice(-latestShown).reverse();
  return { myEntries: badgeEntriesOf(entries, viewerId), latest: await withNames(context, latest) };
}

/** Archived entries as the screens list them, each with its member's name and colour (one D1 read). */
async function withNames(context: AppLoadContext, rows: ArchivedEntry[]) {
  const ids = [...new Set(rows.map((e) => e.user_id))];
  const names = ids.length
    ? await context.db
        .select({ id: users.id, first: users.first, last: users.last, color: users.color })
        .from(users)
        .where(inArray(users.id, ids))
    : [];
  const nameOf = new Map(names.map((n) => [n.id, n]));
  return rows.map((e) => {
    const who = nameOf.get(e.user_id);
    return {
      id: e.id,
      userId: e.user_id,
      amount: e.amount,
      day: e.day,
      note: e.note,
      createdAt: new Date(e.created_at),
      first: who?.first ?? null,
      last: who?.last ?? null,
      color: who?.color ?? null,
    };
  });
}

/**
 * A page of the organiser's entries list (progress-entries.server.ts) from the file: the same rows, order and
 * page as its D1 statement, each with its member's whole day.
 */
export async function archivedEntriesPage(
  context: AppLoadContext,
  goalId: string,
  query: { member: string | null; sort: "amount" | null },
  offset: number,
  size: number,
) {
  const entries = await archivedEntries(context, goalId);
  const dayTotal = new Map<string, number>();
  for (const e of entries) {
    const key = `${e.user_id}|${e.day}`;
    dayTotal.set(key, (dayTotal.get(key) ?? 0) + e.amount);
  }
  // Newest first before sorting: ties (the same second) then fall as D1's indexes give them, latest row first.
  const listed = (query.member ? entries.filter((e) => e.user_id === query.member) : [...entries])
    .reverse()
    .sort(
      query.sort === "amount"
        ? (a, b) => b.amount - a.amount || b.created_at - a.created_at
        : query.member
          ? byDayThenNewest
          : (a, b) => b.created_at - a.created_at,
    );
  const page = listed.slice(offset, offset + size);
  return (await withNames(context, page)).map((e) => ({
    ...e,
    dayTotal: dayTotal.get(`${e.userId}|${e.day}`) ?? e.amount,
  }));
}
