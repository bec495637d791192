/**
 * /main as a home (ADR 141): a compact card per active goal (time bar; for a measured goal my total vs
 * target and my streak) and a short feed of what happened in my goals since my last visit (joins,
 * entries, pledges, messages, cheers). Statements for the screen's one batch (ADR 057); the visit
 * itself is recorded after the response (visits.server.ts, ADR 210). A "visit" ends after 30 minutes
 * away, so live refreshes of the open page do not empty the feed (ADR 141).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, desc, eq, gt, inArray, isNull, ne, notInArray, or, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { dayNumber, goalProgress, toIsoDate, type IsoDate, type Progress } from "#app/lib/dates";
import { formatAmount } from "#app/features/fundraising/fundraising";
import { formatQuantity, percentOfTarget, streak, unitOf } from "#app/features/progress/progress";
import { cheers, friendships, goals, messages, pledges, progressEntries, userGoals, users } from "#drizzle/schema";
import type { MemberGoal } from "#app/features/goals/goals.server";
import type { CardRow } from "./home-cards.server";
import type { GroupRows } from "#app/platform/db/batch.server";
import { perUnitRate } from "#app/lib/unit-text";

export const VISIT_GAP_MS = 30 * 60_000;
export const FEED_WINDOW_MS = 7 * 86_400_000;
export const FEED_SIZE = 12;
/** Who did it, for a feed line: a deleted account has no user row (ADR 188, 146). */
const nameOrDeleted = {
  first: sql`coalesce(${users.first}, 'Deleted member')`,
  last: sql`coalesce(${users.last}, '')`,
};
/** Streaks on the cards look back this far (the goal screen reads more). */
const CARD_STREAK_DAYS = 120;

/** SPEC's current goal: the first not-completed user-goal, as SQL (the home opens on it). */
export function currentGoalIdSql(viewerId: string | SQL): SQL {
  return sql`(select cg.goal_id from ${userGoals} as cg where cg.user_id = ${viewerId} and cg.completed = 0 order by cg.joined_at, cg.goal_id limit 1)`;
}

/**
 * The times the home reads against, each a value of its own: the statements are built once per isolate
 * from stand-ins for these values (ADR 209), so nothing derived from them may be computed while building.
 */
export function homeClock(today: IsoDate, now = Date.now()) {
  return {
    now,
    /** The feed reaches back this far at most. */
    feedFloor: now - FEED_WINDOW_MS,
    /** A visit after this one (the last seen time before it) counts as a new visit. */
    visitGapStart: now - VISIT_GAP_MS,
    /** The first day of the cards' streak dots. */
    streakFrom: toIsoDate(new Date((dayNumber(today)! - CARD_STREAK_DAYS) * 86_400_000)),
  };
}
export type HomeClock = ReturnType<typeof homeClock>;

/** The start of "since my last visit", read from the viewer's row before this visit is recorded. */
function sinceSql(viewerId: string | SQL, { feedFloor, visitGapStart }: HomeClock): SQL {
  return sql`(select case
      when hs.home_seen_at is null then ${feedFloor}
      when hs.home_seen_at < ${visitGapStart} then max(hs.home_seen_at, ${feedFloor})
      else max(coalesce(hs.home_prev_seen_at, ${feedFloor}), ${feedFloor}) end
    from ${users} as hs where hs.id = ${viewerId})`;
}

/** One line of the merged feed statement: every kind's columns, null where a kind has none. */
export interface FeedRow {
  kind: "join" | "entry" | "pledge" | "message" | "cheer" | "friend";
  goalId: string;
  at: number;
  first: string | null;
  last: string | null;
  count: number | null;
  amount: number | null;
  unit: string | null;
  name: string | null;
  anonymous: number | null;
  perUnit: number | null;
  currency: string | null;
  body: string | null;
  cause: string | null;
  completedAt: number | null;
  started: number | null;
}

/** The feed's columns in FeedRow's order (a UNION ALL matches columns by position), null by default. */
function feedColumns(kind: FeedRow["kind"], given: Partial<Record<Exclude<keyof FeedRow, "kind">, SQL | AnyColumn>>) {
  const keys = [
    "goalId",
    "at",
    "first",
    "last",
    "count",
    "amount",
    "unit",
    "name",
    "anonymous",
    "perUnit",
    "currency",
    "body",
    "cause",
    "completedAt",
    "started",
  ] as const;
  const columns: Record<string, SQL.Aliased> = { kind: sql`${kind}`.as("kind") };
  for (const key of keys) columns[key] = sql`${given[key] ?? sql`null`}`.as(key);
  return columns;
}

export function homeQueries(context: AppLoadContext, viewer: string | SQL, clock: HomeClock) {
  const { db } = context;
  // The feed's six reads share the viewer and the start of "since my last visit", computed once in the
  // statement's WITH (D1 binds at most 100 parameters a statement; the viewer is the session's subquery),
  // in pairs (D1 refuses a compound SELECT of six terms).
  const viewerId = sql`(select id from home_viewer)`;
  const sinceDate = sql`(select since from home_since)`;
  const mine = db
    .select({ id: userGoals.goalId })
    .from(userGoals)
    .where(and(eq(userGoals.userId, viewerId), eq(userGoals.completed, false)));
  // The feed: what others did in my goals since my last visit, newest first, a few of each kind, in ONE
  // statement (a UNION ALL of each kind's own indexed, limited read; ADR 296).
  const joins = db
    .select(
      feedColumns("join", { goalId: userGoals.goalId, at: userGoals.joinedAt, first: users.first, last: users.last }),
    )
    .from(userGoals)
    .innerJoin(users, eq(users.id, userGoals.userId))
    .where(and(inArray(userGoals.goalId, mine), ne(userGoals.userId, viewerId), gt(userGoals.joinedAt, sinceDate)))
    .orderBy(desc(userGoals.joinedAt))
    .limit(FEED_SIZE);
  // Entries one line per member and goal (ADR 223): how many, how much, the latest.
  const entries = db
    .select(
      feedColumns("entry", {
        goalId: progressEntries.goalId,
        at: sql`max(${progressEntries.createdAt})`,
        first: nameOrDeleted.first,
        last: nameOrDeleted.last,
        count: sql`count(*)`,
        amount: sql`sum(${progressEntries.amount})`,
        unit: goals.unit,
      }),
    )
    .from(progressEntries)
    // A deleted account's entries stay, as "Deleted member" (ADR 188, 146).
    .leftJoin(users, eq(users.id, progressEntries.userId))
    .innerJoin(goals, eq(goals.id, progressEntries.goalId))
    .where(
      and(
        inArray(progressEntries.goalId, mine),
        ne(progressEntries.userId, viewerId),
        gt(progressEntries.createdAt, sinceDate),
      ),
    )
    .groupBy(progressEntries.goalId, progressEntries.userId)
    .orderBy(desc(sql`max(${progressEntries.createdAt})`))
    .limit(FEED_SIZE);
  const gifts = db
    .select(
      feedColumns("pledge", {
        goalId: pledges.goalId,
        at: pledges.createdAt,
        name: pledges.name,
        anonymous: pledges.anonymous,
        amount: pledges.amount,
        perUnit: pledges.perUnit,
        currency: goals.currency,
        unit: goals.unit,
      }),
    )
    .from(pledges)
    .innerJoin(goals, eq(goals.id, pledges.goalId))
    .where(
      and(
        inArray(pledges.goalId, mine),
        gt(pledges.createdAt, sinceDate),
        // My own pledges are not news to me (ADR 141); a signed-out pledger's have no user.
        or(isNull(pledges.userId), ne(pledges.userId, viewerId)),
      ),
    )
    .orderBy(desc(pledges.createdAt))
    .limit(FEED_SIZE);
  const talk = db
    .select(
      feedColumns("message", {
        goalId: messages.goalId,
        at: messages.createdAt,
        first: nameOrDeleted.first,
        last: nameOrDeleted.last,
        body: messages.body,
      }),
    )
    .from(messages)
    // A deleted account's messages stay in the discussion as "Deleted member" (its user id is null).
    .leftJoin(users, eq(users.id, messages.userId))
    .where(
      and(
        inArray(messages.goalId, mine),
        or(isNull(messages.userId), ne(messages.userId, viewerId)),
        isNull(messages.deletedAt),
        gt(messages.createdAt, sinceDate),
      ),
    )
    .orderBy(desc(messages.createdAt))
    .limit(FEED_SIZE);
  const cheered = db
    .select(feedColumns("cheer", { goalId: cheers.goalId, at: cheers.createdAt, first: users.first, last: users.last }))
    .from(cheers)
    .innerJoin(users, eq(users.id, cheers.fromUserId))
    .where(and(inArray(cheers.goalId, mine), eq(cheers.toUserId, viewerId), gt(cheers.createdAt, sinceDate)))
    .orderBy(desc(cheers.createdAt))
    .limit(FEED_SIZE);
  // Friends' activity (ADR 185): what my friends started, joined or completed since my last visit, in
  // goals I may see that are not mine (public ones, and their own personal goals). Joins in my goals are
  // above already.
  const friends = db
    .select(
      feedColumns("friend", {
        goalId: userGoals.goalId,
        at: userGoals.joinedAt,
        cause: goals.cause,
        completedAt: userGoals.completedAt,
        started: sql`${goals.orgId} = ${userGoals.userId} and ${goals.visibility} = 'friends'`,
        first: users.first,
        last: users.last,
      }),
    )
    .from(friendships)
    .innerJoin(userGoals, eq(userGoals.userId, friendships.friendId))
    .innerJoin(goals, eq(goals.id, userGoals.goalId))
    .innerJoin(users, eq(users.id, userGoals.userId))
    .where(
      and(
        eq(friendships.userId, viewerId),
        eq(goals.demo, false),
        or(eq(goals.visibility, "public"), and(eq(goals.visibility, "friends"), eq(goals.orgId, friendships.friendId))),
        or(gt(userGoals.joinedAt, sinceDate), gt(userGoals.completedAt, sinceDate)),
        notInArray(userGoals.goalId, mine),
      ),
    )
    .orderBy(desc(sql`max(${userGoals.joinedAt}, coalesce(${userGoals.completedAt}, 0))`))
    .limit(FEED_SIZE);
  // My totals, streak days and sport factors per goal ride on my goals' rows (home-cards.server.ts, ADR 313).
  return [
    db.all<FeedRow>(
      sql`with home_viewer as (select ${viewer} as id),
        home_since as (select ${sinceSql(viewerId, clock)} as since)
        select * from (select * from ${joins} union all select * from ${entries})
        union all select * from (select * from ${gifts} union all select * from ${talk})
        union all select * from (select * from ${cheered} union all select * from ${friends})`,
    ),
  ] as const;
}

export interface HomeCard {
  id: string;
  cause: string;
  start: IsoDate | null;
  end: IsoDate | null;
  progress: Progress;
  measure: { totalText: string; targetText: string | null; percent: number | null; streak: number } | null;
}

export interface FeedItem {
  key: string;
  at: string;
  text: string;
}

/** The feed grouped by goal (ADR 223): the goal named once, its news newest first. */
export interface FeedGroup {
  goalId: string;
  cause: string;
  items: FeedItem[];
}

const who = (r: { first: string | null; last: string | null }) => `${r.first ?? ""} ${r.last ?? ""}`.trim();
/** "Ann", "Ann and Bo", "Ann, Bo and Cy", "Ann, Bo and 3 others". */
function names(list: string[]) {
  if (list.length <= 1) return list[0] ?? "";
  if (list.length <= 3) return `${list.slice(0, -1).join(", ")} and ${list.at(-1)}`;
  return `${list.slice(0, 2).join(", ")} and ${list.length - 2} others`;
}
const ms = (at: Date | number) => new Date(at).getTime();

export function toHome(
  [feedRows]: GroupRows<ReturnType<typeof homeQueries>>,
  active: MemberGoal[],
  totals: readonly CardRow[],
  today: IsoDate,
) {
  const byGoal = new Map(totals.map((t) => [t.goalId, t]));
  const daysOf = new Map(totals.map((t) => [t.goalId, t.days ? t.days.split(",") : []]));
  const ofKind = <K extends FeedRow["kind"]>(kind: K) => feedRows.filter((r) => r.kind === kind);
  const [joins, entries, gifts, talk, cheered, friends] = (
    ["join", "entry", "pledge", "message", "cheer", "friend"] as const
  ).map(ofKind);
  const cards: HomeCard[] = active.map((g) => {
    const t = byGoal.get(g.id);
    const total = Number(t?.total ?? 0);
    return {
      id: g.id,
      cause: g.cause,
      start: g.start,
      end: g.end,
      progress: goalProgress(g.start, g.end, today),
      measure: t?.unit
        ? {
            totalText: formatQuantity(total, t.unit),
            targetText: t.unitTarget ? formatQuantity(t.unitTarget, t.unit) : null,
            percent: percentOfTarget(total, t.unitTarget),
            streak: streak(daysOf.get(g.id) ?? [], today),
          }
        : null,
    };
  });
  const cause = new Map(active.map((g) => [g.id, g.cause]));
  const items: (FeedItem & { t: number; goalId: string; cause: string })[] = [];
  const push = (kind: string, goalId: string, at: Date | number, text: string, goalCause = cause.get(goalId)) => {
    if (!goalCause) return;
    items.push({
      key: `${kind}-${goalId}-${ms(at)}-${items.length}`,
      at: new Date(at).toISOString(),
      t: ms(at),
      goalId,
      cause: goalCause,
      text,
    });
  };
  // Joins in one goal are one line: "Ann Lee, Bo Chu and 3 others joined" (ADR 223).
  const joinsByGoal = new Map<string, FeedRow[]>();
  for (const r of joins!) joinsByGoal.set(r.goalId, [...(joinsByGoal.get(r.goalId) ?? []), r]);
  for (const [goalId, rows] of joinsByGoal) push("join", goalId, rows[0]!.at, `${names(rows.map(who))} joined`);
  for (const r of entries!) {
    const total = r.unit ? formatQuantity(Number(r.amount), r.unit) : `${Number(r.amount) / 100}`;
    const count = Number(r.count);
    push("entry", r.goalId, Number(r.at), `${who(r)} logged ${count > 1 ? `${count} entries, ${total}` : total}`);
  }
  for (const r of gifts!) {
    const name = r.anonymous ? "Someone" : r.name;
    const currency = r.currency ?? "GBP";
    const what = r.perUnit
      ? // "£0.50 per km", "£1 per mile": the unit's name alone, singular (not "1 km" cut down by a pattern).
        perUnitRate(formatAmount(r.perUnit, currency), r.unit ? unitOf(r.unit).label.replace(/s$/, "") : "unit")
      : formatAmount(Number(r.amount), currency);
    push("pledge", r.goalId, r.at, `${name} pledged ${what}`);
  }
  for (const r of talk!) {
    const body = r.body ?? "";
    const excerpt = body.length > 80 ? `${body.slice(0, 79)}…` : body;
    push("message", r.goalId, r.at, `${who(r)} wrote: ${excerpt}`);
  }
  for (const r of cheered!) push("cheer", r.goalId, r.at, `${who(r)} cheered you`);
  for (const r of friends!) {
    // A completed membership's latest news is the completion (it came after the join).
    const done = !!r.completedAt;
    const what = done ? "completed" : r.started ? "started" : "joined";
    push("friend", r.goalId, done ? r.completedAt! : r.at, `Your friend ${who(r)} ${what}`, r.cause ?? undefined);
  }
  // The newest FEED_SIZE lines, grouped by goal; the goal with the newest news first.
  const feed: FeedGroup[] = [];
  const groupOf = new Map<string, FeedGroup>();
  for (const { t: _t, goalId, cause: goalCause, ...item } of items.sort((a, b) => b.t - a.t).slice(0, FEED_SIZE)) {
    let group = groupOf.get(goalId);
    if (!group) {
      group = { goalId, cause: goalCause, items: [] };
      groupOf.set(goalId, group);
      feed.push(group);
    }
    group.items.push(item);
  }
  return { cards, feed };
}
