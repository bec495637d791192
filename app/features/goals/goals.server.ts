/**
 * Goal reads and writes for the member screens. Each screen reads in ONE round trip (a db.batch when it
 * needs several queries), so with the session lookup a screen costs at most two. Multi-row writes go
 * in one db.batch so they land together or not at all. The rules themselves live in app/features/goals/goals.ts.
 */
import type { BatchItem } from "drizzle-orm/batch";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, asc, desc, eq, gte, isNull, notExists, or, sql, type SQL } from "drizzle-orm";
import type { IsoDate } from "#app/lib/dates";
import { newId } from "#app/lib/ids";
import {
  activeMemberships,
  currentMembership,
  goalOwner,
  joinRefusal,
  REFUSAL_MESSAGES,
  SUGGESTION_LIMIT,
  SUGGESTIONS_SHOWN,
  suggestedGoals,
  suggestionsShown,
  type JoinRefusal,
  type Viewer,
} from "#app/features/goals/goals";
import type { MembershipRefusal } from "#app/features/goals/goal-state";
import { friendships, goals, userGoals, users } from "#drizzle/schema";
import type { GroupRows } from "#app/platform/db/batch.server";
import { publish } from "#app/features/live/live.server";
import { goalColumns } from "./goal-columns.server";
import { sportFactorsJson } from "#app/features/activity/sport-factors.server";
import type { CardColumns } from "#app/features/home/home-cards.server";

const FRIENDS_SUGGESTION_LIMIT = 20;
/**
 * Rows enough to fill the cut list and know whether there are more (ADR 191): the list leaves out the
 * goals shown under "From friends" (up to FRIENDS_SUGGESTION_LIMIT), so that many more, and one.
 */
const CUT_SUGGESTION_ROWS = SUGGESTIONS_SHOWN + FRIENDS_SUGGESTION_LIMIT + 1;

export interface GoalSummary {
  id: string;
  cause: string;
  start: IsoDate | null;
  end: IsoDate | null;
  icon: string | null;
  demo: boolean;
  visibility: "public" | "private" | "friends";
  orgId: string | null;
}

export interface MemberGoal extends GoalSummary {
  goalId: string;
  completed: boolean;
  joinedAt: Date;
  completedAt: Date | null;
}

export interface SelectedGoal extends GoalSummary {
  friendOfOwner: boolean;
  activeCount: number;
  completedCount: number;
  membership: { completed: boolean; joinedAt: Date; completedAt: Date | null } | null;
}

export interface MainScreen {
  active: MemberGoal[];
  current: MemberGoal | null;
  /** Suggested, "From friends" (ADR 185): goals the viewer's friends pursue. */
  fromFriends: GoalSummary[];
  suggested: GoalSummary[];
  /** The list is cut at SUGGESTIONS_SHOWN and there are more ("Show more", ADR 191). */
  moreSuggested: boolean;
  selected: SelectedGoal | null;
}

const memberColumns = {
  ...goalColumns,
  goalId: userGoals.goalId,
  completed: userGoals.completed,
  joinedAt: userGoals.joinedAt,
  completedAt: userGoals.completedAt,
};

const activeCount = sql<number>`(select count(*) from ${userGoals} where ${userGoals.goalId} = ${goals.id} and ${userGoals.completed} = 0)`;
const completedCount = sql<number>`(select count(*) from ${userGoals} where ${userGoals.goalId} = ${goals.id} and ${userGoals.completed} = 1)`;

/** Is the viewer a friend of the goal's owner (who may see a friends goal, ADR 183)? */
const friendOfOwner = (viewerId: string | SQL) =>
  sql<number>`exists (select 1 from ${friendships} where ${friendships.userId} = ${viewerId} and ${friendships.friendId} = ${goals.orgId})`;

/**
 * `withFactors`: the goal screen's log form shows the organiser's sport factors, read on this row
 * (`sportFactors`, ADR 313); other readers get null.
 */
export function selectGoalWithMembership(
  context: AppLoadContext,
  viewerId: string | SQL,
  goalId: string | SQL,
  withFactors = false,
) {
  return context.db
    .select({
      ...goalColumns,
      friendOfOwner: friendOfOwner(viewerId),
      activeCount,
      completedCount,
      ugGoalId: userGoals.goalId,
      ugCompleted: userGoals.completed,
      ugJoinedAt: userGoals.joinedAt,
      ugCompletedAt: userGoals.completedAt,
      sportFactors: (withFactors ? sportFactorsJson(sql`${goals.id}`) : sql<string | null>`null`).as("sport_factors"),
    })
    .from(goals)
    .leftJoin(userGoals, and(eq(userGoals.goalId, goals.id), eq(userGoals.userId, viewerId)))
    .where(eq(goals.id, goalId))
    .limit(1);
}

type GoalWithMembershipRow = Awaited<ReturnType<typeof selectGoalWithMembership>>[number];

export function toSelected(row: GoalWithMembershipRow | undefined): SelectedGoal | null {
  if (!row) return null;
  const {
    activeCount,
    completedCount,
    ugGoalId,
    ugCompleted,
    ugJoinedAt,
    ugCompletedAt,
    friendOfOwner,
    sportFactors: _factors,
    ...goal
  } = row;
  return {
    ...goal,
    friendOfOwner: !!friendOfOwner,
    activeCount: Number(activeCount),
    completedCount: Number(completedCount),
    membership: ugGoalId ? { completed: !!ugCompleted, joinedAt: ugJoinedAt!, completedAt: ugCompletedAt } : null,
  };
}

/**
 * Everything the main goals screen shows, as statements for one batch: the viewer's active goals, the
 * goals they could join (pre-filtered in SQL, decided by the pure rules in `toMainScreen`), and the
 * selected goal. `viewerId` may be SQL (the session's user, ADR 057). `allSuggested`: the member asked
 * for every suggestion ("Show more", ADR 191), not only the first SUGGESTIONS_SHOWN. `cards`: the home's
 * cards' columns on my goals' rows (ADR 313; null columns on a goal screen); `goalFactors`: the selected
 * goal's sport factors on its row (the goal screen's log form).
 */
export function mainScreenQueries(
  context: AppLoadContext,
  viewerId: string | SQL,
  today: IsoDate,
  selectedId: string | SQL,
  { allSuggested, cards, goalFactors }: { allSuggested: boolean; cards: CardColumns; goalFactors: boolean },
) {
  const { db } = context;
  const mine = db
    .select({ ...memberColumns, ...cards })
    .from(userGoals)
    .innerJoin(goals, eq(goals.id, userGoals.goalId))
    .where(and(eq(userGoals.userId, viewerId), eq(userGoals.completed, false)))
    .orderBy(asc(userGoals.joinedAt), asc(userGoals.goalId));
  const joined = db
    .select({ one: sql`1` })
    .from(userGoals)
    .where(and(eq(userGoals.userId, viewerId), eq(userGoals.goalId, goals.id)));
  // Closing soonest first (ADR 058): the dated goals walk goals_end_cause_idx from today and stop at
  // the limit; the goals with no end date walk its NULL end of the index. Neither sorts anything.
  const open = (end: SQL) =>
    db
      .select(goalColumns)
      .from(goals)
      .where(
        and(
          end,
          eq(goals.demo, false),
          or(eq(goals.visibility, "public"), eq(goals.orgId, viewerId)),
          notExists(joined),
        ),
      )
      .orderBy(asc(goals.end), asc(goals.cause))
      .limit(allSuggested ? SUGGESTION_LIMIT : CUT_SUGGESTION_ROWS);
  // "From friends" (ADR 185): goals my friends pursue that I could join: public ones, and the personal
  // goals they started (friends goals I may see because their owner is my friend). Never anyone else's.
  const fromFriends = db
    .selectDistinct(goalColumns)
    .from(friendships)
    .innerJoin(userGoals, and(eq(userGoals.userId, friendships.friendId), eq(userGoals.completed, false)))
    .innerJoin(goals, eq(goals.id, userGoals.goalId))
    .where(
      and(
        eq(friendships.userId, viewerId),
        eq(goals.demo, false),
        or(isNull(goals.end), gte(goals.end, today)),
        or(eq(goals.visibility, "public"), and(eq(goals.visibility, "friends"), eq(goals.orgId, friendships.friendId))),
        notExists(joined),
      ),
    )
    .limit(FRIENDS_SUGGESTION_LIMIT);
  // The dated and the undated suggestions as ONE statement (ADR 293's budget): each still its own ordered,
  // limited walk of goals_end_cause_idx inside the UNION ALL, dated first.
  const suggestions = db
    .select()
    .from(open(gte(goals.end, today)).as("dated"))
    .unionAll(db.select().from(open(isNull(goals.end)).as("undated")));
  const selected = selectGoalWithMembership(context, viewerId, selectedId, goalFactors);
  return [mine, suggestions, fromFriends, selected] as const;
}

/** The screen from `mainScreenQueries`' rows. */
export function toMainScreen(
  rows: GroupRows<ReturnType<typeof mainScreenQueries>>,
  viewer: Viewer,
  today: IsoDate,
  allSuggested = false,
): MainScreen {
  const [mineRows, openRows, friendRows, selectedRows] = rows;
  const active = activeMemberships(mineRows);
  // The query only returns friends goals whose owner is the viewer's friend.
  const fromFriends = suggestedGoals(
    friendRows.map((g) => ({ ...g, friendOfOwner: g.visibility === "friends" })),
    viewer,
    mineRows,
    today,
  ).map(({ friendOfOwner: _, ...g }) => g);
  const friendIds = new Set(fromFriends.map((g) => g.id));
  const suggested = suggestionsShown(
    suggestedGoals(
      openRows.filter((g) => !friendIds.has(g.id)),
      viewer,
      mineRows,
      today,
    ),
    allSuggested,
  );
  // The goal on screen keeps its card in Suggested, marked current, when it lies past the part shown
  // (ADR 315): following a card from "Show more" does not take that card out of the list.
  const onScreen = selectedRows[0];
  const listed = (id: string) => friendIds.has(id) || suggested.shown.some((g) => g.id === id);
  if (onScreen && onScreen.visibility !== "friends" && !listed(onScreen.id)) {
    const { id, cause, start, end, icon, demo, visibility, orgId } = onScreen;
    const goal = { id, cause, start, end, icon, demo, visibility, orgId };
    suggested.shown.push(...suggestedGoals([goal], viewer, mineRows, today));
  }
  return {
    active,
    current: currentMembership(active),
    fromFriends,
    suggested: suggested.shown,
    moreSuggested: suggested.more,
    selected: toSelected(selectedRows[0]),
  };
}

/** SPEC's current goal (first not-completed user-goal; at most one row), for the Progress Bar. */
export function currentGoalQuery(context: AppLoadContext, viewerId: string | SQL) {
  return context.db
    .select(memberColumns)
    .from(userGoals)
    .innerJoin(goals, eq(goals.id, userGoals.goalId))
    .where(and(eq(userGoals.userId, viewerId), eq(userGoals.completed, false)))
    .orderBy(asc(userGoals.joinedAt), asc(userGoals.goalId))
    .limit(1);
}

/** The viewer's completed goals, most recently completed first. */
export function completedGoalsQuery(context: AppLoadContext, viewerId: string | SQL) {
  return context.db
    .select(memberColumns)
    .from(userGoals)
    .innerJoin(goals, eq(goals.id, userGoals.goalId))
    .where(and(eq(userGoals.userId, viewerId), eq(userGoals.completed, true)))
    .orderBy(desc(userGoals.completedAt), asc(goals.cause));
}

export type GoalWriteResult =
  | { ok: true; cause: string }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: JoinRefusal | MembershipRefusal; message: string };

/** activegoals is derived, recounted inside the same batch as the change, so it can never drift. */
export function recountActiveGoals(context: AppLoadContext, userId: string) {
  return context.db
    .update(users)
    .set({
      activegoals: sql`(select count(*) from ${userGoals} where ${userGoals.userId} = ${userId} and ${userGoals.completed} = 0)`,
    })
    .where(eq(users.id, userId));
}

/** Join: add the user-goal (the user becomes a current user) and raise activegoals, in one batch. */
export async function joinGoal(
  context: AppLoadContext,
  viewer: Viewer,
  goalId: string,
  today: IsoDate,
): Promise<GoalWriteResult> {
  const goal = toSelected((await selectGoalWithMembership(context, viewer.id, goalId))[0]);
  if (!goal) return { ok: false, reason: "not-found" };
  const refusal = joinRefusal(goal, viewer, goal.membership ? { goalId, ...goal.membership } : undefined, today);
  if (refusal) return { ok: false, reason: refusal, message: REFUSAL_MESSAGES[refusal] };
  await context.db.batch([
    // A double submit racing this one inserts nothing, and the recount keeps activegoals exact.
    context.db.insert(userGoals).values({ userId: viewer.id, goalId }).onConflictDoNothing(),
    recountActiveGoals(context, viewer.id),
  ]);
  // Not "goals": a join or completion changes no one else's lists, only this goal's screen, the
  // member's own screens and the admin lists (activegoals); "goals" would revalidate every member's page.
  publish(context, [`goal:${goalId}`, `user:${viewer.id}`, "admin"]);
  return { ok: true, cause: goal.cause };
}

export interface NewGoal {
  cause: string;
  start: IsoDate | null;
  end: IsoDate | null;
  icon: string | null;
  visibility: "public" | "private" | "friends";
  demo: boolean;
  // Fundraising (ADR 060), all or none.
  charityName?: string;
  charityUrl?: string;
  targetAmount?: number;
  currency?: string;
  // Measured progress (ADR 140): null for a goal without a measure.
  unit?: string | null;
  unitTarget?: number | null;
  groupTarget?: number | null;
}

/** Creates a goal owned by the creating org (admins' goals belong to the site). Returns its id. */
/** `also`: statements that belong with the new goal (its team settings), written in the same batch. */
export async function createGoal(
  context: AppLoadContext,
  viewer: Viewer,
  input: NewGoal,
  also: (id: string) => BatchItem<"sqlite">[] = () => [],
): Promise<string> {
  const id = newId();
  const insert = context.db.insert(goals).values({ id, ...input, orgId: goalOwner(viewer) });
  const extra = also(id);
  await (extra.length ? context.db.batch([insert, ...extra]) : insert);
  publish(context, ["goals", `goal:${id}`, `user:${viewer.id}`]);
  return id;
}
