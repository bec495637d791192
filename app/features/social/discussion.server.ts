/**
 * A goal's discussion (plain-text messages) and cheers (one per member pair per goal). Reads are
 * statements the screens fold into their batch; writes check who may act and publish `goal:{id}`.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, asc, desc, eq, isNull, sql, type SQL } from "drizzle-orm";
import { canDiscuss, canManageGoal, MEMBERS_SHOWN } from "#app/features/fundraising/fundraising";
import type { Viewer } from "#app/features/goals/goals";
import { newId } from "#app/lib/ids";
import { cheers, goals, messages, userGoals, users } from "#drizzle/schema";
import { publish } from "#app/features/live/live.server";
import {
  cheerNotification,
  goalMemberTopics,
  messageNotifications,
} from "#app/features/notifications/notifications.server";
import type { SupportGoal } from "#app/features/fundraising/fundraising.server";
import { cheerNotice } from "#app/features/push/push";
import { pushCheerLater } from "#app/features/push/push.server";
import { rowValues } from "#app/platform/db/insert-select.server";
import {
  hitStatement,
  LIMITS,
  memberCounter,
  overLimit,
  SLOW_DOWN,
  withinLimit,
} from "#app/platform/session/rate-limit.server";

/** The discussion shows the latest messages; older ones are history nobody scrolls to on a phone. */
export const MESSAGE_LIMIT = 100;
/** The member list with cheers stops here; the CSV export has everyone. */
export const MEMBER_LIMIT = 200;

export function messagesQuery(context: AppLoadContext, goalId: string | SQL) {
  return context.db
    .select({
      id: messages.id,
      body: messages.body,
      userId: messages.userId,
      createdAt: messages.createdAt,
      first: users.first,
      last: users.last,
      color: users.color,
    })
    .from(messages)
    .leftJoin(users, eq(users.id, messages.userId))
    .where(and(eq(messages.goalId, goalId), isNull(messages.deletedAt)))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(MESSAGE_LIMIT);
}

/**
 * The goal's members, each with their cheer count and whether the viewer has cheered them: the viewer
 * first, then who completed, then who joined first. The page of members is picked from the index
 * before anything is counted, so a goal of 1,000 members costs `limit` cheer counts, not 1,000.
 */
export function membersWithCheersQuery(
  context: AppLoadContext,
  goalId: string | SQL,
  viewerId: string | SQL,
  limit = MEMBERS_SHOWN,
) {
  const viewerFirst = sql`(${userGoals.userId} = ${viewerId}) desc`;
  const page = context.db
    .select({ userId: userGoals.userId, completed: userGoals.completed, joinedAt: userGoals.joinedAt })
    .from(userGoals)
    .where(eq(userGoals.goalId, goalId))
    .orderBy(viewerFirst, desc(userGoals.completed), asc(userGoals.joinedAt))
    .limit(Math.min(limit, MEMBER_LIMIT))
    .as("page");
  return context.db
    .select({
      id: users.id,
      first: users.first,
      last: users.last,
      color: users.color,
      completed: page.completed,
      joinedAt: page.joinedAt,
      cheers:
        sql<number>`(select count(*) from ${cheers} where ${cheers.goalId} = ${goalId} and ${cheers.toUserId} = ${users.id})`.as(
          "cheers",
        ),
      cheered:
        sql<number>`exists(select 1 from ${cheers} where ${cheers.goalId} = ${goalId} and ${cheers.toUserId} = ${users.id} and ${cheers.fromUserId} = ${viewerId})`.as(
          "cheered",
        ),
    })
    .from(page)
    .innerJoin(users, eq(users.id, page.userId))
    .orderBy(sql`(${users.id} = ${viewerId}) desc`, desc(page.completed), asc(page.joinedAt));
}

/**
 * membersWithCheersQuery's rows as one JSON array, a column of the goal screen's support goal row
 * (ADR 307). toMemberRows reads it back in the same order (the viewer, who completed, who joined first).
 */
export function membersWithCheersJson(
  context: AppLoadContext,
  goalId: string | SQL,
  viewerId: string | SQL,
  limit = MEMBERS_SHOWN,
) {
  return sql`(select json_group_array(json_array(m.id, m.first, m.last, m.color, m.completed, m.joined_at, m.cheers, m.cheered)) from ${membersWithCheersQuery(context, goalId, viewerId, limit)} as m)`;
}

type MemberJson = [string, string, string, string, number, number, number, number];

export function toMemberRows(json: string | null | undefined, viewerId: string): MemberRow[] {
  const rows = JSON.parse(json ?? "[]") as MemberJson[];
  return rows
    .map(([id, first, last, color, completed, joinedAt, cheers, cheered]) => ({
      id,
      first,
      last,
      color,
      completed: !!completed,
      joinedAt: new Date(joinedAt),
      cheers,
      cheered,
    }))
    .sort(
      (a, b) =>
        Number(b.id === viewerId) - Number(a.id === viewerId) ||
        Number(b.completed) - Number(a.completed) ||
        a.joinedAt.getTime() - b.joinedAt.getTime(),
    );
}

type MessageRow = Awaited<ReturnType<typeof messagesQuery>>[number];

/**
 * messagesQuery's rows as one JSON array on the goal screen's support goal row (ADR 307): the same
 * columns, newest MESSAGE_LIMIT, for the goal of the outer `goals` row. toMessageRows reads it back.
 */
export function messagesJson() {
  return sql`(select json_group_array(json_array(m.id, m.body, m.user_id, m.created_at, m.first, m.last, m.color)) from (select "messages"."id", "messages"."body", "messages"."user_id", "messages"."created_at", u.first, u.last, u.color from ${messages} left join "users" as u on u.id = "messages"."user_id" where "messages"."goal_id" = ${goals.id} and "messages"."deleted_at" is null order by "messages"."created_at" desc, "messages"."id" desc limit ${sql.raw(String(MESSAGE_LIMIT))}) as m)`;
}

type MessageJson = [string, string, string | null, number, string | null, string | null, string | null];

/** messagesJson's array as messagesQuery's rows, newest first. */
export function toMessageRows(json: string | null | undefined): MessageRow[] {
  const rows = JSON.parse(json ?? "[]") as MessageJson[];
  return rows
    .map(([id, body, userId, createdAt, first, last, color]) => ({
      id,
      body,
      userId,
      createdAt: new Date(createdAt),
      first,
      last,
      color,
    }))
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
}
type MemberRow = Awaited<ReturnType<typeof membersWithCheersQuery>>[number];

export interface DiscussionMessage {
  id: string;
  body: string;
  author: string;
  color: string;
  createdAt: string;
  canDelete: boolean;
}

/** Oldest first, as a conversation reads; each says whether this viewer may delete it. */
export function toMessages(rows: MessageRow[], viewer: Viewer, manager: boolean): DiscussionMessage[] {
  return rows
    .slice()
    .reverse()
    .map((m) => ({
      id: m.id,
      body: m.body,
      author: m.first ? `${m.first} ${m.last}` : "Deleted member",
      color: m.color ?? "#6b7280",
      createdAt: new Date(m.createdAt).toISOString(),
      canDelete: manager || (m.userId !== null && m.userId === viewer.id),
    }));
}

export interface CheerMember {
  id: string;
  name: string;
  color: string;
  completed: boolean;
  cheers: number;
  cheered: boolean;
  self: boolean;
}

export function toCheerMembers(rows: MemberRow[], viewer: Viewer): CheerMember[] {
  return rows.map((m) => ({
    id: m.id,
    name: `${m.first} ${m.last}`,
    color: m.color,
    completed: m.completed,
    cheers: Number(m.cheers),
    cheered: !!Number(m.cheered),
    self: m.id === viewer.id,
  }));
}

export type Refusal = { ok: false; status: 403 | 404 | 400 | 429; message: string };
export const FORBIDDEN: Refusal = {
  ok: false,
  status: 403,
  message: "Only the goal's members can take part in its discussion.",
};

export async function postMessage(context: AppLoadContext, goal: SupportGoal, viewer: Viewer, body: string) {
  if (!canDiscuss(goal, viewer, goal.isMember)) return FORBIDDEN;
  const id = newId();
  const { db } = context;
  const counter = memberCounter(LIMITS.messages, viewer.id);
  const row = rowValues(messages, { id, goalId: goal.id, userId: viewer.id, body });
  const [count, , told] = await db.batch([
    hitStatement(db, counter),
    // The member's flood limit is a condition of the insert (ADR 217).
    db.insert(messages).select(sql`SELECT ${row} WHERE ${withinLimit(counter)}`),
    // Every other member hears of it in their bell, one unread line per goal (ADR 181, 217).
    messageNotifications(db, goal.id, viewer.id, id),
  ]);
  if (overLimit(counter, count)) return { ok: false as const, status: 429 as const, message: SLOW_DOWN.message };
  const bells = told.meta.changes > 0 ? await goalMemberTopics(context, goal.id, viewer.id) : [];
  publish(context, [`goal:${goal.id}`, ...bells]);
  return { ok: true as const };
}

/** Authors delete their own messages; the owning org and admins delete any (moderation). */
export async function deleteMessage(context: AppLoadContext, goal: SupportGoal, viewer: Viewer, messageId: string) {
  if (!canDiscuss(goal, viewer, goal.isMember)) return FORBIDDEN;
  const mine = canManageGoal(goal, viewer) ? sql`1` : eq(messages.userId, viewer.id);
  const result = await context.db
    .update(messages)
    .set({ deletedAt: new Date(), body: "" })
    .where(and(eq(messages.id, messageId), eq(messages.goalId, goal.id), isNull(messages.deletedAt), mine));
  if (result.meta.changes === 0)
    return { ok: false as const, status: 404 as const, message: "That message is gone or is not yours to delete." };
  publish(context, [`goal:${goal.id}`]);
  return { ok: true as const };
}

/** One tap cheers a member; a second tap takes it back. Never yourself, only members of the goal. */
export async function toggleCheer(
  context: AppLoadContext,
  goal: SupportGoal,
  viewer: Viewer & { first: string; last: string },
  memberId: string,
) {
  if (!canDiscuss(goal, viewer, goal.isMember)) return FORBIDDEN;
  if (memberId === viewer.id)
    return {
      ok: false as const,
      status: 400 as const,
      message: "Cheer your friends; you are already cheering yourself on.",
    };
  const { db } = context;
  const key = and(eq(cheers.goalId, goal.id), eq(cheers.fromUserId, viewer.id), eq(cheers.toUserId, memberId));
  const counter = memberCounter(LIMITS.cheers, viewer.id);
  const [count, removed, added, told] = await db.batch([
    hitStatement(db, counter),
    // The member's flood limit is a condition of both writes (ADR 217).
    db.delete(cheers).where(and(key, withinLimit(counter))),
    // Only runs when nothing was removed, and only for a member of this goal.
    db.insert(cheers).select(
      sql`SELECT ${goal.id}, ${viewer.id}, ${memberId}, unixepoch() * 1000
          WHERE changes() = 0 AND ${withinLimit(counter)}
            AND EXISTS (SELECT 1 FROM ${userGoals} WHERE ${userGoals.goalId} = ${goal.id} AND ${userGoals.userId} = ${memberId})`,
    ),
    // Tells the cheered member, once per cheerer and goal (ADR 181).
    cheerNotification(db, goal.id, viewer.id, memberId),
  ]);
  if (overLimit(counter, count)) return { ok: false as const, status: 429 as const, message: SLOW_DOWN.cheer };
  if (removed.meta.changes === 0 && added.meta.changes === 0) {
    return { ok: false as const, status: 404 as const, message: "That person is not in this goal." };
  }
  publish(context, [`goal:${goal.id}`, ...(added.meta.changes > 0 ? [`user:${memberId}` as const] : [])]);
  // Pushed to the member's devices too, once per cheerer and goal as the notification (ADR 283).
  if (told.meta.changes > 0) pushCheerLater(context, memberId, cheerNotice(viewer, goal));
  return { ok: true as const, cheered: added.meta.changes > 0 };
}
