/**
 * Visits, read with the screen and written only when they change something (ADR 210).
 *
 * - A member's visit to a goal (ADR 190): opening any screen of a goal they are in (the goal screen, its
 *   discussion, entries, share, give and organiser pages) records the day on their membership, which
 *   the 3-day "you have not visited" reminder reads (app/features/notifications/notification-email.ts).
 * - The home's "seen" time (ADR 141): the feed shows what happened since the last visit.
 *
 * A plain view only READS: the screen's batch asks whether a visit is due (the goal: not yet today; the
 * home: not seen for a minute), so the batch stays read-only and can run on a D1 read replica (ADR 200),
 * and the screen keeps its one round trip (ADR 057). When a visit is due, the write goes to D1 after the
 * response (`waitUntil`): once a day per goal, once a minute at most for the home. Only pages the client
 * asked for (GET, HEAD) count: a refused form re-renders its screen through the loaders, and a refused
 * post writes nothing (docs/security.md); a form that succeeds redirects to a page that counts.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, isNull, ne, or, sql, type SQL } from "drizzle-orm";
import type { IsoDate } from "#app/lib/dates";
import { userGoals, users } from "#drizzle/schema";
import { reportError } from "#app/platform/http/report.server";

/** The home's "seen" time is moved on at most this often; a visit ends after 30 minutes away (ADR 141). */
const HOME_SEEN_STEP_MS = 60_000;

const countsAsVisit = (context: AppLoadContext) => context.method === "GET" || context.method === "HEAD";

function visitUnrecorded(viewerId: string | SQL, goalId: string | SQL, today: IsoDate | SQL) {
  return and(
    eq(userGoals.userId, viewerId),
    eq(userGoals.goalId, goalId),
    or(isNull(userGoals.visitedOn), ne(userGoals.visitedOn, today)),
  );
}

/** The read asking whether this view is the member's first of the day on this goal; null for a post. */
export function goalVisit(context: AppLoadContext, viewerId: string | SQL, goalId: string | SQL, today: IsoDate) {
  if (!countsAsVisit(context)) return null;
  return [
    context.db
      .select({ due: sql<number>`1`.as("due") })
      .from(userGoals)
      .where(visitUnrecorded(viewerId, goalId, today))
      .limit(1),
  ] as const;
}

/** After the batch: records the goal visit off the response path, when the read said it was due. */
export function recordGoalVisit(
  context: AppLoadContext,
  due: readonly unknown[] | undefined,
  userId: string,
  goalId: string,
  today: IsoDate,
) {
  if (!due?.length) return;
  afterResponse(
    context,
    context.db
      .update(userGoals)
      .set({ visitedOn: today })
      .where(visitUnrecorded(userId, goalId, today))
      .run(),
  );
}

/**
 * The home's two reads in one statement (ADR 296): its "seen" time, and whether this view is the
 * member's first of the day on the goal it opens on (`due`: 1 or null); null for a post.
 */
export function homeVisits(context: AppLoadContext, viewerId: string | SQL, goalId: string | SQL, today: IsoDate) {
  if (!countsAsVisit(context)) return null;
  return [
    context.db
      .select({
        seenAt: users.homeSeenAt,
        due: sql<
          number | null
        >`(select 1 from ${userGoals} where ${visitUnrecorded(viewerId, goalId, today)} limit 1)`.as("due"),
      })
      .from(users)
      .where(eq(users.id, viewerId))
      .limit(1),
  ] as const;
}

/**
 * After the batch: moves the home's "seen" time on when it is a minute old or more (or unset). A new
 * visit (30 minutes away) keeps the previous one's time as the start of "since my last visit".
 */
export function recordHomeVisit(
  context: AppLoadContext,
  seen: readonly { seenAt: Date | null }[] | undefined,
  userId: string,
  { now, visitGapStart }: { now: number; visitGapStart: number },
) {
  if (!seen) return;
  const seenAt = seen[0]?.seenAt;
  if (seenAt && now - seenAt.getTime() < HOME_SEEN_STEP_MS) return;
  afterResponse(
    context,
    context.db
      .update(users)
      .set({
        homePrevSeenAt: sql`case when ${users.homeSeenAt} is not null and ${users.homeSeenAt} < ${visitGapStart} then ${users.homeSeenAt} else ${users.homePrevSeenAt} end`,
        homeSeenAt: new Date(now),
      })
      .where(eq(users.id, userId))
      .run(),
  );
}

function afterResponse(context: AppLoadContext, write: Promise<unknown>) {
  const { env, ctx } = context.cloudflare;
  ctx.waitUntil(write.catch((error) => reportError(error, { where: "remix", route: "visit" }, { env, ctx })));
}
