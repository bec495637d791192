/**
 * In-app notifications (ADR 181). Each is written by the same batch as the event it tells
 * (a cheer, a message) or by the cron (a goal starting or ending soon), as INSERT ... SELECT with
 * ON CONFLICT DO NOTHING on (user, event key): an event is told once, however often its writer runs.
 * The bell in the header counts the unread ones; the recipient's user topic makes it live.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, desc, eq, isNull, sql, type SQL } from "drizzle-orm";
import { goals, messages, notifications, pledges, userGoals, users } from "#drizzle/schema";
import { addDays, type IsoDate } from "#app/lib/dates";
import { HEADS_UP_DAYS, NOTIFICATION_PAGE, type NotificationKind } from "#app/features/notifications/notifications";
import type { Topic } from "#app/features/live/topics";
import type { Database } from "#app/platform/db/db.server";
import { rowValues } from "#app/platform/db/insert-select.server";
import { publish, publishNow } from "#app/features/live/live.server";

const RANDOM_ID = sql`lower(hex(randomblob(16)))`;
// Every INSERT ... SELECT names its values (rowValues): a column added later takes its default.

/**
 * "{from} cheered {to}": written right after the cheer's insert in the same batch, and only when that
 * insert added a row (changes()), so taking a cheer back and giving it again tells nobody twice.
 */
export function cheerNotification(db: Database, goalId: string, fromUserId: string, toUserId: string) {
  return db
    .insert(notifications)
    .select(
      sql`SELECT ${rowValues(notifications, {
        id: RANDOM_ID,
        userId: toUserId,
        kind: "cheer",
        goalId,
        actorId: fromUserId,
        eventKey: `cheer:${goalId}:${fromUserId}`,
      })}
        WHERE changes() > 0`,
    )
    .onConflictDoNothing();
}

/**
 * A message in a goal tells every other member of it (one statement, whatever the goal's size), as one
 * unread line per member and goal: a member who has not read the last one sees its count grow ("3 new
 * messages in ...") instead of a line per message (ADR 217). Only when the message was written (a
 * flood-limited post writes neither).
 */
export function messageNotifications(db: Database, goalId: string, authorId: string, messageId: string) {
  return db
    .insert(notifications)
    .select(
      sql`SELECT ${rowValues(notifications, {
        id: RANDOM_ID,
        userId: userGoals.userId,
        kind: "message",
        goalId,
        actorId: authorId,
        eventKey: `message:${messageId}`,
      })}
        FROM ${userGoals} WHERE ${userGoals.goalId} = ${goalId} AND ${userGoals.userId} <> ${authorId}
          AND EXISTS (SELECT 1 FROM ${messages} WHERE ${messages.id} = ${messageId})`,
    )
    .onConflictDoUpdate({
      target: [notifications.userId, notifications.goalId],
      targetWhere: sql`kind = 'message' AND read_at IS NULL`,
      set: {
        count: sql`${notifications.count} + 1`,
        actorId: sql`excluded.actor_id`,
        createdAt: sql`excluded.created_at`,
      },
    });
}

/**
 * A pledge tells the member it backs (a per-unit pledge for one member) and the goal's owner (the org
 * running it, or the member whose personal goal it is), never the pledger themself. `actorId` is null
 * for an anonymous or signed-out pledger. Event key `pledge:{id}`: told once.
 */
export function pledgeNotifications(
  db: Database,
  pledge: { id: string; goalId: string; memberId: string | null; pledgerId: string | null; actorId: string | null },
) {
  const key = `pledge:${pledge.id}`;
  const pledger = pledge.pledgerId ?? "";
  // Only a pledge that was recorded (a replayed form records none, ADR 218).
  const recorded = sql`EXISTS (SELECT 1 FROM ${pledges} WHERE ${pledges.id} = ${pledge.id})`;
  const statements = [
    db
      .insert(notifications)
      .select(
        sql`SELECT ${rowValues(notifications, {
          id: RANDOM_ID,
          userId: goals.orgId,
          kind: "pledge-for-goal",
          goalId: goals.id,
          actorId: pledge.actorId,
          eventKey: key,
        })}
          FROM ${goals} WHERE ${goals.id} = ${pledge.goalId} AND ${goals.orgId} IS NOT NULL AND ${goals.orgId} <> ${pledger}
            AND ${goals.orgId} IS NOT ${pledge.memberId} AND ${recorded}`,
      )
      .onConflictDoNothing(),
  ];
  if (pledge.memberId && pledge.memberId !== pledge.pledgerId)
    statements.push(
      db
        .insert(notifications)
        .select(
          sql`SELECT ${rowValues(notifications, {
            id: RANDOM_ID,
            userId: pledge.memberId,
            kind: "pledge-for-you",
            goalId: pledge.goalId,
            actorId: pledge.actorId,
            eventKey: key,
          })}
            WHERE EXISTS (SELECT 1 FROM ${users} WHERE ${users.id} = ${pledge.memberId}) AND ${recorded}`,
        )
        .onConflictDoNothing(),
    );
  return statements;
}

/** The topics that wake the bells of a goal's members (the root layout listens on `user:{id}`). */
export async function goalMemberTopics(context: AppLoadContext, goalId: string, except: string): Promise<Topic[]> {
  const rows = await context.db
    .select({ userId: userGoals.userId })
    .from(userGoals)
    .where(and(eq(userGoals.goalId, goalId), sql`${userGoals.userId} <> ${except}`));
  return rows.map((r): Topic => `user:${r.userId}`);
}

/** Tells the recipients' open pages to re-read their bell. */
export function ringBells(context: AppLoadContext, userIds: string[]) {
  publish(
    context,
    userIds.map((id): Topic => `user:${id}`),
  );
}

/** The unread count, as a column of the signed-in user's own row (read with the session, no extra trip). */
export const unreadCountColumn: SQL<number> = sql<number>`(SELECT count(*) FROM ${notifications} WHERE ${notifications.userId} = ${users.id} AND ${notifications.readAt} IS NULL)`;

/** The newest notifications of a member; `viewerId` may be the session's subquery (one batch with it). */
export function listNotificationsQuery(context: AppLoadContext, viewerId: string | SQL) {
  const actors = sql`actor`;
  return context.db
    .select({
      id: notifications.id,
      kind: notifications.kind,
      goalId: notifications.goalId,
      cause: goals.cause,
      actorFirst: sql<string | null>`${actors}.first`,
      actorLast: sql<string | null>`${actors}.last`,
      count: notifications.count,
      readAt: notifications.readAt,
      createdAt: notifications.createdAt,
    })
    .from(notifications)
    .leftJoin(goals, eq(goals.id, notifications.goalId))
    .leftJoin(sql`${users} AS actor`, sql`actor.id = ${notifications.actorId}`)
    .where(eq(notifications.userId, viewerId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(NOTIFICATION_PAGE);
}

export async function markAllRead(context: AppLoadContext, userId: string) {
  await context.db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  ringBells(context, [userId]);
}

/**
 * The cron: members of goals that start or end in HEADS_UP_DAYS days hear it once (the event key
 * names the goal and the date, so a goal whose dates move is told again for its new date).
 */
export function headsUpStatements(db: Database, today: IsoDate) {
  const day = addDays(today, HEADS_UP_DAYS);
  const told = (kind: NotificationKind, column: SQL, prefix: string) =>
    db
      .insert(notifications)
      .select(
        sql`SELECT ${rowValues(notifications, {
          id: RANDOM_ID,
          userId: userGoals.userId,
          kind,
          goalId: goals.id,
          actorId: null,
          eventKey: sql`${prefix} || ${goals.id} || ':' || ${day}`,
        })}
          FROM ${goals} JOIN ${userGoals} ON ${userGoals.goalId} = ${goals.id}
          WHERE ${column} = ${day} AND ${userGoals.completed} = 0 AND ${goals.demo} = 0`,
      )
      .onConflictDoNothing()
      .returning({ userId: notifications.userId });
  return [told("goal-starts", sql`${goals.start}`, "starts:"), told("goal-ends", sql`${goals.end}`, "ends:")] as const;
}

/** Runs the heads-up statements and rings the bells of whoever was told something new. */
export async function sendHeadsUps(env: Env, db: Database, today: IsoDate): Promise<number> {
  const results = await db.batch(headsUpStatements(db, today));
  const told = [...new Set(results.flatMap((rows) => rows.map((row) => row.userId)))];
  if (told.length > 0)
    await publishNow(
      env,
      told.map((id): Topic => `user:${id}`),
    );
  return told.length;
}
