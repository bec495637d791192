/**
 * The organiser's list of a measured goal's entries (ADR 145): every entry, newest first, a
 * page at a time, or one member's entries by day, so an abusive entry can be found and removed however
 * long ago it was logged (the goal screen shows only the group's latest few). One batch: the goal, the
 * page of entries, the count to page by (from progress_totals, not a count of entries) and the top of
 * the leaderboard to filter by.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, desc, eq, sql } from "drizzle-orm";
import { canManageGoal } from "#app/features/fundraising/fundraising";
import type { Viewer } from "#app/features/goals/goals";
import { formatQuantity, unitOf } from "#app/features/progress/progress";
import { DEFAULT_COLOR, goals, progressEntries, progressTotals, users } from "#drizzle/schema";
import { ENTRY_WITH_NAME, leaderboardQuery } from "./progress.server";
import type { GroupRows } from "#app/platform/db/batch.server";

export const ENTRIES_PAGE_SIZE = 50;
/** Page numbers past this are read as this (an offset walk stays bounded). */
export const MAX_ENTRIES_PAGE = 1_000;

export interface EntriesQuery {
  /** One member's entries only. */
  member: string | null;
  page: number;
}

/** ?member=…&page=… from the URL, tolerant of anything (a bad page is page 1, a huge one is capped). */
export function entriesQueryOf(url: URL): EntriesQuery {
  const member = url.searchParams.get("member");
  const page = Number(url.searchParams.get("page"));
  return {
    member: member && member.length <= 64 ? member : null,
    page: Number.isSafeInteger(page) && page >= 1 ? Math.min(page, MAX_ENTRIES_PAGE) : 1,
  };
}

export function entriesPageQueries(context: AppLoadContext, goalId: string, query: EntriesQuery) {
  const offset = (query.page - 1) * ENTRIES_PAGE_SIZE;
  const entries = context.db
    .select(ENTRY_WITH_NAME)
    .from(progressEntries)
    .leftJoin(users, eq(users.id, progressEntries.userId));
  return [
    context.db
      .select({
        id: goals.id,
        cause: goals.cause,
        orgId: goals.orgId,
        unit: goals.unit,
        // Every entry of the goal: the members' entry counts summed (one row per member, not per entry).
        entries:
          sql<number>`(select coalesce(sum(${progressTotals.entries}), 0) from ${progressTotals} where ${progressTotals.goalId} = ${goalId})`.as(
            "entry_count",
          ),
      })
      .from(goals)
      .where(eq(goals.id, goalId))
      .limit(1),
    query.member
      ? entries
          .where(and(eq(progressEntries.goalId, goalId), eq(progressEntries.userId, query.member)))
          .orderBy(desc(progressEntries.day), desc(progressEntries.createdAt))
          .limit(ENTRIES_PAGE_SIZE)
          .offset(offset)
      : entries
          .where(eq(progressEntries.goalId, goalId))
          .orderBy(desc(progressEntries.createdAt))
          .limit(ENTRIES_PAGE_SIZE)
          .offset(offset),
    // The member filtered by, with their totals (no row: nothing logged).
    context.db
      .select({
        userId: progressTotals.userId,
        total: progressTotals.total,
        entries: progressTotals.entries,
        first: users.first,
        last: users.last,
      })
      .from(progressTotals)
      .leftJoin(users, eq(users.id, progressTotals.userId))
      .where(and(eq(progressTotals.goalId, goalId), eq(progressTotals.userId, query.member ?? "")))
      .limit(1),
    leaderboardQuery(context, goalId),
  ] as const;
}

const nameOf = (r: { first: string | null; last: string | null }) =>
  r.first === null ? "Deleted member" : `${r.first} ${r.last ?? ""}`.trim();

/** The page for a manager; null when the goal does not exist, "forbidden" for anyone else. */
export function toEntriesPage(
  rows: GroupRows<ReturnType<typeof entriesPageQueries>>,
  viewer: Viewer,
  query: EntriesQuery,
) {
  const [goalRows, entryRows, memberRows, boardRows] = rows;
  const goal = goalRows[0];
  if (!goal) return null;
  if (!canManageGoal(goal, viewer)) return "forbidden" as const;
  const unit = goal.unit;
  const fmt = (n: number) => (unit ? formatQuantity(n, unit) : String(n / 100));
  const member = memberRows[0];
  const count = query.member ? Number(member?.entries ?? 0) : Number(goal.entries);
  return {
    goal: { id: goal.id, cause: goal.cause, measured: !!unit, unitLabel: unit ? unitOf(unit).label : null },
    member: query.member
      ? { id: query.member, name: member ? nameOf(member) : null, totalText: fmt(Number(member?.total ?? 0)) }
      : null,
    count,
    page: query.page,
    pages: Math.max(1, Math.ceil(count / ENTRIES_PAGE_SIZE)),
    entries: entryRows.map((e) => ({
      id: e.id,
      userId: e.userId,
      name: nameOf(e),
      color: e.color ?? DEFAULT_COLOR,
      amountText: fmt(e.amount),
      day: e.day,
      note: e.note,
      loggedAt: new Date(e.createdAt).getTime(),
    })),
    top: boardRows.map((r) => ({ userId: r.userId, name: nameOf(r), totalText: fmt(r.total) })),
  };
}

export type EntriesPage = Exclude<ReturnType<typeof toEntriesPage>, null | "forbidden">;
