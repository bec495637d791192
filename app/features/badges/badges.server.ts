/**
 * Milestones and badges, the I/O (ADR 271): the goal screen's badge statements for its one batch, and
 * `settleBadges`, run after every entry write: it recomputes the member's badges from their entries,
 * tells the new ones once (a bell notification each; the unique event key makes "once" a condition of
 * the write) and takes back the notifications of badges no longer earned (an entry removed).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, desc, eq, notInArray, sql, type SQL } from "drizzle-orm";
import type { IsoDate } from "#app/lib/dates";
import { newId } from "#app/lib/ids";
import { publish } from "#app/features/live/live.server";
import { notifications, progressEntries, teamMembers, users } from "#drizzle/schema";
import { badgeEventKey, badgeOfEventKey, earnedBadges, feedLine, type Badge, type BadgeEntry } from "./badges";

/**
 * The entries a screen reads for its list, chart and badges: enough for any month-long challenge, however
 * often a member logs. A member past it (a long or open-ended goal) gets exact badges from one row a day
 * instead (exactBadgeRows, ADR 288).
 */
export const ENTRIES_READ = 5000;
export const BADGE_FEED_SHOWN = 5;

/**
 * A member's entries in a goal, newest day first (progress_entries_member_day_idx walked backwards, no sort):
 * the badges' input, and on the goal screen also my entries list, my streak's days and my chart's days,
 * read once instead of in four statements (ADR 293's budget for /main).
 */
export function myBadgeEntriesQuery(context: AppLoadContext, goalId: string | SQL, viewerId: string | SQL) {
  return context.db
    .select({
      id: progressEntries.id,
      day: progressEntries.day,
      amount: progressEntries.amount,
      note: progressEntries.note,
      createdAt: progressEntries.createdAt,
    })
    .from(progressEntries)
    .where(and(eq(progressEntries.goalId, goalId), eq(progressEntries.userId, viewerId)))
    .orderBy(desc(progressEntries.day), desc(progressEntries.createdAt))
    .limit(ENTRIES_READ);
}

/**
 * This week's total of each member of the viewer's team who logged (none without a team): a team is
 * capped in size, so the top is picked here rather than sorted in SQL (no temporary sort of entries).
 * The team's members first (CROSS JOIN keeps SQLite's order), then each one's week on
 * progress_entries_member_day_idx: the planner otherwise read every entry of the goal's week and matched
 * it to the team (7,000 entries at 1,000 members, even for a viewer with no team; ADR 294).
 */
export function teamWeekQuery(
  context: AppLoadContext,
  goalId: string | SQL,
  viewerId: string | SQL,
  day: string | SQL,
) {
  return context.db
    .select({ userId: progressEntries.userId, total: sql<number>`sum(${progressEntries.amount})`.as("week_total") })
    .from(teamMembers)
    .crossJoin(progressEntries)
    .where(
      and(
        eq(teamMembers.goalId, goalId),
        eq(progressEntries.goalId, goalId),
        eq(progressEntries.userId, teamMembers.userId),
        sql`${teamMembers.teamId} = (SELECT tm.team_id FROM team_members AS tm WHERE tm.goal_id = ${goalId} AND tm.user_id = ${viewerId})`,
        sql`${progressEntries.day} >= date(${day}, '-6 days', 'weekday 1')`,
        sql`${progressEntries.day} <= ${day}`,
      ),
    )
    .groupBy(progressEntries.userId);
}

/** The goal's latest badges, as its feed tells them. */
export function badgeFeedQuery(context: AppLoadContext, goalId: string | SQL) {
  return (
    context.db
      .select({
        eventKey: notifications.eventKey,
        first: users.first,
        createdAt: notifications.createdAt,
      })
      .from(notifications)
      .innerJoin(users, eq(users.id, notifications.userId))
      // 'badge' as SQL text, not a bound parameter: notifications has partial indexes on `kind`, so a bound
      // kind makes SQLite prepare the whole statement again once the value is bound (on the measure row
      // that is 0.17 ms of /main's SQLite time, ADR 314).
      .where(and(eq(notifications.goalId, goalId), sql`${notifications.kind} = 'badge'`))
      .orderBy(desc(notifications.createdAt))
      .limit(BADGE_FEED_SHOWN)
  );
}

/**
 * The goal screen's badge statement for its one batch: my entries. The team's week and the badge feed
 * ride on the goal's measure row (badgeListColumns, ADR 308).
 */
export function badgeQueries(context: AppLoadContext, goalId: string | SQL, viewerId: string | SQL) {
  return [myBadgeEntriesQuery(context, goalId, viewerId)] as const;
}

/**
 * teamWeekQuery's and badgeFeedQuery's rows as two JSON arrays, columns for the goal screen's measure row
 * (progress.server.ts measureQuery; ADR 308): the same statements as derived tables, so the same plans.
 * toBadgeLists reads them back.
 */
export function badgeListColumns(
  context: AppLoadContext,
  goalId: string | SQL,
  viewerId: string | SQL,
  day: string | SQL,
) {
  return {
    teamWeek: sql`(select json_group_array(json_array(w.user_id, w.week_total)) from ${teamWeekQuery(context, goalId, viewerId, day)} as w)`,
    badgeFeed: sql`(select json_group_array(json_array(f.event_key, f.first, f.created_at)) from ${badgeFeedQuery(context, goalId)} as f)`,
  };
}

/** The measure row's teamWeek and badgeFeed as the rows teamWeekQuery and badgeFeedQuery return (feed newest first). */
export function toBadgeLists(row: { teamWeek?: string | null; badgeFeed?: string | null } | undefined) {
  const week = (JSON.parse(row?.teamWeek ?? "[]") as [string, number][]).map(([userId, total]) => ({ userId, total }));
  const feed = (JSON.parse(row?.badgeFeed ?? "[]") as [string, string, number][])
    .map(([eventKey, first, createdAt]) => ({ eventKey, first, createdAt: new Date(createdAt) }))
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  return [week, feed] as const;
}

type WeekRows = Awaited<ReturnType<typeof teamWeekQuery>>;
/** The viewer leads their team this week: strictly the most, and more than nothing. */
const isTeamTop = (rows: WeekRows, userId: string) => {
  const mine = Number(rows.find((r) => r.userId === userId)?.total ?? 0);
  return mine > 0 && rows.every((r) => r.userId === userId || Number(r.total) < mine);
};

type EntryRows = Awaited<ReturnType<typeof myBadgeEntriesQuery>>;

/**
 * The badges' input, exact whatever the member logged (ADR 288): the rows read when they are all of the
 * member's entries; when the read stopped at ENTRIES_READ, one row a day (its sum, newest day first), read
 * in one statement along progress_entries_member_day_idx (no sort): every badge is a function of the days
 * and their sums (total, longest run, best day), and a member has at most one row a day of the goal.
 */
export async function exactBadgeRows(
  context: AppLoadContext,
  goalId: string,
  userId: string,
  rows: EntryRows,
): Promise<EntryRows> {
  if (rows.length < ENTRIES_READ) return rows;
  const days = await context.db
    .select({
      day: progressEntries.day,
      amount: sql<number>`sum(${progressEntries.amount})`.as("day_amount"),
      createdAt: sql<number>`min(${progressEntries.createdAt})`.as("day_first"),
    })
    .from(progressEntries)
    .where(and(eq(progressEntries.goalId, goalId), eq(progressEntries.userId, userId)))
    .groupBy(progressEntries.day)
    .orderBy(desc(progressEntries.day));
  return days.map((d) => ({
    id: `day:${d.day}`,
    day: d.day,
    amount: Number(d.amount),
    note: null,
    createdAt: new Date(Number(d.createdAt)),
  }));
}
const toEntries = (rows: EntryRows): BadgeEntry[] =>
  rows.map((r) => ({ day: r.day, amount: r.amount, createdAt: new Date(r.createdAt).getTime() }));

/**
 * A member's badges from their entries (myBadgeEntriesQuery), without this week's "team's top": what a
 * shareable card and a challenge's summary show (ADR 272, 274), which name no weekly team standing.
 */
export const memberBadges = (rows: EntryRows, goal: { unit: string; unitTarget: number | null }) =>
  earnedBadges(toEntries(rows), { unit: goal.unit, unitTarget: goal.unitTarget, teamTopThisWeek: false });

/** What the goal screen's badge section shows: my badges and the goal's badge feed. */
export function toBadgesView(
  rows: readonly [EntryRows, WeekRows, readonly { eventKey: string; first: string; createdAt: Date }[]],
  goal: { unit: string | null; unitTarget: number | null },
  viewerId: string,
) {
  if (!goal.unit) return null;
  const [entryRows, weekRows, feedRows] = rows;
  const unit = goal.unit;
  const mine = earnedBadges(toEntries(entryRows), {
    unit,
    unitTarget: goal.unitTarget,
    teamTopThisWeek: isTeamTop(weekRows, viewerId),
  });
  return {
    mine: mine.map((b) => ({ key: b.key, label: b.label })),
    feed: feedRows
      .map((r) => ({
        text: feedLine(badgeOfEventKey(r.eventKey) ?? "", r.first, unit, goal.unitTarget),
        at: new Date(r.createdAt).toISOString(),
      }))
      .filter((r): r is { text: string; at: string } => r.text !== null),
  };
}
export type BadgesView = NonNullable<ReturnType<typeof toBadgesView>>;

/**
 * After an entry write: the member's badges recomputed from their entries. New ones are told once (a
 * bell notification whose unique key names the badge); those no longer earned lose their notification
 * (past weeks' "team's top" stay: they were true that week). Returns the badges told just now.
 */
export async function settleBadges(
  context: AppLoadContext,
  goal: { id: string; unit: string | null; unitTarget: number | null },
  userId: string,
  today: IsoDate,
): Promise<Badge[]> {
  if (!goal.unit) return [];
  const [readRows, weekRows] = await context.db.batch([
    myBadgeEntriesQuery(context, goal.id, userId),
    teamWeekQuery(context, goal.id, userId, today),
  ]);
  const entryRows = await exactBadgeRows(context, goal.id, userId, readRows);
  const told = earnedBadges(toEntries(entryRows), {
    unit: goal.unit,
    unitTarget: goal.unitTarget,
    teamTopThisWeek: isTeamTop(weekRows, userId),
  }).filter((b) => b.told);
  const keys = told.map((b) => badgeEventKey(goal.id, b.key, today));
  const inserts = told.map((b, i) =>
    context.db
      .insert(notifications)
      .values({ id: newId(), userId, kind: "badge", goalId: goal.id, actorId: userId, eventKey: keys[i]! })
      .onConflictDoNothing()
      .returning({ id: notifications.id }),
  );
  const mine = and(
    eq(notifications.userId, userId),
    eq(notifications.goalId, goal.id),
    eq(notifications.kind, "badge"),
  );
  const thisWeek = badgeEventKey(goal.id, "team-top-week", today);
  const weekPrefix = `badge:${goal.id}:team-top-week:`;
  // Taken back: every badge notification of this goal no longer earned, but past weeks' team tops.
  const revoke = context.db.delete(notifications).where(
    and(
      mine,
      keys.length ? notInArray(notifications.eventKey, keys) : undefined,
      // No LIKE: D1 refuses patterns over 50 bytes.
      sql`(substr(${notifications.eventKey}, 1, ${weekPrefix.length}) <> ${weekPrefix} OR ${notifications.eventKey} = ${thisWeek})`,
    ),
  );
  const results = await context.db.batch([revoke, ...inserts] as [typeof revoke, ...typeof inserts]);
  const [revoked, ...inserted] = results as [{ meta: { changes: number } }, ...{ id: string }[][]];
  const fresh = told.filter((_, i) => inserted[i]!.length > 0);
  if (fresh.length || revoked.meta.changes) publish(context, [`user:${userId}`, `goal:${goal.id}`]);
  return fresh;
}
