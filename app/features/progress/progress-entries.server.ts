/**
 * The organiser's list of a measured goal's entries (ADR 145): every entry, newest first, a
 * page at a time, or one member's entries by day, so an abusive entry can be found and removed however
 * long ago it was logged (the goal screen shows only the group's latest few), or largest first with
 * the implausible ones flagged (docs/product.md "Implausible entries"). Authorised first from the goal's
 * one row (ADR 215); then one batch: the page of entries, the count to page by (from progress_totals,
 * not a count of entries), the member filtered by and the top of the leaderboard to filter by.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, desc, eq, sql } from "drizzle-orm";
import { canManageGoal } from "#app/features/fundraising/fundraising";
import type { Viewer } from "#app/features/goals/goals";
import { formatQuantity, isImplausible, unitOf } from "#app/features/progress/progress";
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
  /** Largest amount first (the implausible ones on top), instead of newest first. */
  sort: "amount" | null;
}

/** ?member=…&page=…&sort=amount from the URL, tolerant of anything (a bad page is page 1, a huge one capped). */
export function entriesQueryOf(url: URL): EntriesQuery {
  const member = url.searchParams.get("member");
  const page = Number(url.searchParams.get("page"));
  return {
    member: member && member.length <= 64 ? member : null,
    page: Number.isSafeInteger(page) && page >= 1 ? Math.min(page, MAX_ENTRIES_PAGE) : 1,
    sort: url.searchParams.get("sort") === "amount" ? "amount" : null,
  };
}

/**
 * Authorisation first (ADR 215): the goal's one row, enough to tell whether the viewer manages it.
 * Nothing else of the goal is read for anyone who does not.
 */
export function entriesGoalQuery(context: AppLoadContext, goalId: string) {
  return context.db
    .select({ id: goals.id, cause: goals.cause, orgId: goals.orgId, unit: goals.unit, archivedAt: goals.archivedAt })
    .from(goals)
    .where(eq(goals.id, goalId))
    .limit(1);
}

/** The page itself, for a manager: its entries, the count to page by, the member filtered by, the top. */
export function entriesPageQueries(context: AppLoadContext, goalId: string, query: EntriesQuery) {
  const offset = (query.page - 1) * ENTRIES_PAGE_SIZE;
  const entries = context.db
    .select({
      ...ENTRY_WITH_NAME,
      // The member's whole day, so a day made of several entries is flagged too (at most 50 lookups,
      // each on progress_entries_member_day_idx).
      dayTotal:
        sql<number>`(select sum(d.amount) from ${progressEntries} as d where d.goal_id = ${progressEntries.goalId} and d.user_id = ${progressEntries.userId} and d.day = ${progressEntries.day})`.as(
          "day_total",
        ),
    })
    .from(progressEntries)
    .leftJoin(users, eq(users.id, progressEntries.userId));
  const order =
    query.sort === "amount"
      ? [desc(progressEntries.amount), desc(progressEntries.createdAt)]
      : query.member
        ? [desc(progressEntries.day), desc(progressEntries.createdAt)]
        : [desc(progressEntries.createdAt)];
  return [
    // Every entry of the goal: the members' entry counts summed (one row per member, not per entry).
    context.db
      .select({ entries: sql<number>`coalesce(sum(${progressTotals.entries}), 0)` })
      .from(progressTotals)
      .where(eq(progressTotals.goalId, goalId)),
    entries
      .where(
        query.member
          ? and(eq(progressEntries.goalId, goalId), eq(progressEntries.userId, query.member))
          : eq(progressEntries.goalId, goalId),
      )
      .orderBy(...order)
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

type EntriesGoal = Awaited<ReturnType<typeof entriesGoalQuery>>[number];

/** The goal for a manager; null when it does not exist, "forbidden" for anyone else. */
export function authoriseEntries(goal: EntriesGoal | undefined, viewer: Viewer) {
  if (!goal) return null;
  if (!canManageGoal(goal, viewer)) return "forbidden" as const;
  return goal;
}

/** The page for a manager (authorised by authoriseEntries first). */
export function toEntriesPage(
  goal: EntriesGoal,
  rows: GroupRows<ReturnType<typeof entriesPageQueries>>,
  query: EntriesQuery,
) {
  const [countRows, entryRows, memberRows, boardRows] = rows;
  const unit = goal.unit;
  const fmt = (n: number) => (unit ? formatQuantity(n, unit) : String(n / 100));
  const member = memberRows[0];
  const count = query.member ? Number(member?.entries ?? 0) : Number(countRows[0]?.entries ?? 0);
  const plausible = unit ? unitOf(unit).plausible : null;
  return {
    goal: { id: goal.id, cause: goal.cause, measured: !!unit, unitLabel: unit ? unitOf(unit).label : null },
    /** The entries are read from the challenge's archive (ADR 303): listed, no longer removed. */
    archived: !!goal.archivedAt,
    /** Well above a typical day for the unit (docs/product.md "Implausible entries"), or null. */
    plausibleText: unit && plausible !== null ? formatQuantity(plausible * 100, unit) : null,
    sort: query.sort,
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
      amount: e.amount,
      // The entry alone, or the member's whole day with it, is well above a typical day for the unit.
      implausible: !!unit && isImplausible(Math.max(e.amount, Number(e.dayTotal ?? 0)), unit),
      dayTotalText: fmt(Number(e.dayTotal ?? e.amount)),
      day: e.day,
      note: e.note,
      loggedAt: new Date(e.createdAt).getTime(),
    })),
    top: boardRows.map((r) => ({ userId: r.userId, name: nameOf(r), totalText: fmt(r.total) })),
  };
}

export type EntriesPage = ReturnType<typeof toEntriesPage>;
