/**
 * Friends (ADR 182): each member has a personal link, /friends/add/{code}; whoever opens it
 * signed in and accepts becomes their friend (two rows, one batch). A new code revokes the old link.
 * Inviting by e-mail sends the same link, or to a member a friend request in their bell (accepted on
 * /friends); the screen answers the same whoever the address belongs to.
 * There is no directory of members: the only way to a friend is a link they chose to share.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, asc, desc, eq, isNull, ne, or, sql } from "drizzle-orm";
import { friendLinks, friendships, notifications, users } from "#drizzle/schema";
import { randomToken } from "#app/platform/session/crypto.server";
import type { Database } from "#app/platform/db/db.server";
import { appUrl } from "#app/platform/http/env.server";
import { rowValues } from "#app/platform/db/insert-select.server";
import { publish } from "#app/features/live/live.server";
import { deliverLater, outboxInsert } from "#app/features/mail/mail.server";
import { countersFor, hit, LIMITS } from "#app/platform/session/rate-limit.server";
import { findUserByEmail } from "#app/features/account/users.server";
import { newId } from "#app/lib/ids";

/** 128 random bits, URL-safe (22 characters). */
const newCode = () => randomToken(16);

export const isFriendCode = (code: string | undefined): code is string =>
  !!code && code.length === 22 && /^[A-Za-z0-9_-]+$/.test(code);

/** The member's link code, made on first use (an idempotent insert: two tabs agree on one code). */
export async function friendCodeOf(context: AppLoadContext, userId: string): Promise<string> {
  const db = context.db;
  const [, [row]] = await db.batch([
    db.insert(friendLinks).values({ userId, code: newCode() }).onConflictDoNothing(),
    db.select({ code: friendLinks.code }).from(friendLinks).where(eq(friendLinks.userId, userId)),
  ]);
  return row!.code;
}

export const friendLink = (request: Request, env: Env, code: string) => `${appUrl(request, env)}/friends/add/${code}`;

/** A new code: the old link stops working at once. */
export async function renewFriendCode(context: AppLoadContext, userId: string) {
  await context.db
    .insert(friendLinks)
    .values({ userId, code: newCode() })
    .onConflictDoUpdate({ target: friendLinks.userId, set: { code: newCode(), createdAt: new Date() } });
}

export async function friendsOf(context: AppLoadContext, userId: string) {
  return context.db
    .select({ id: users.id, first: users.first, last: users.last, color: users.color, img: users.img })
    .from(friendships)
    .innerJoin(users, eq(users.id, friendships.friendId))
    .where(eq(friendships.userId, userId))
    .orderBy(asc(users.first), asc(users.last));
}

/** Who a link belongs to, and whether the viewer is already their friend. */
export async function inviterOf(context: AppLoadContext, code: string, viewerId: string | null) {
  if (!isFriendCode(code)) return null;
  const [row] = await context.db
    .select({
      id: users.id,
      first: users.first,
      last: users.last,
      status: users.status,
      alreadyFriends: viewerId
        ? sql<number>`EXISTS (SELECT 1 FROM ${friendships} WHERE ${friendships.userId} = ${viewerId} AND ${friendships.friendId} = ${users.id})`
        : sql<number>`0`,
    })
    .from(friendLinks)
    .innerJoin(users, eq(users.id, friendLinks.userId))
    .where(eq(friendLinks.code, code))
    .limit(1);
  if (!row || row.status === "suspended") return null;
  return { ...row, alreadyFriends: !!Number(row.alreadyFriends) };
}

export type AcceptResult = { ok: true; inviter: { first: string; last: string } } | { ok: false; reason: string };

/**
 * Befriending: both rows and the inviter's "accepted" notification, for one batch; running them again
 * changes nothing. The requests the viewer had from the inviter are marked read.
 */
function befriend(db: Database, viewerId: string, inviterId: string) {
  return [
    db.insert(friendships).values({ userId: viewerId, friendId: inviterId }).onConflictDoNothing(),
    db.insert(friendships).values({ userId: inviterId, friendId: viewerId }).onConflictDoNothing(),
    db
      .insert(notifications)
      .values({
        id: newId(),
        userId: inviterId,
        kind: "friend-accepted",
        actorId: viewerId,
        eventKey: `friend:${viewerId}`,
      })
      .onConflictDoNothing(),
    db
      .update(notifications)
      .set({ readAt: new Date() })
      .where(
        and(
          eq(notifications.userId, viewerId),
          eq(notifications.kind, "friend-request"),
          eq(notifications.actorId, inviterId),
          isNull(notifications.readAt),
        ),
      ),
  ] as const;
}

/** Accepting a personal link: one batch (befriend); accepting twice changes nothing. */
export async function acceptFriendLink(
  context: AppLoadContext,
  code: string,
  viewer: { id: string },
): Promise<AcceptResult> {
  const inviter = await inviterOf(context, code, viewer.id);
  if (!inviter) return { ok: false, reason: "This link no longer works. Ask your friend for a new one." };
  if (inviter.id === viewer.id) return { ok: false, reason: "This is your own link: share it with a friend." };
  await context.db.batch(befriend(context.db, viewer.id, inviter.id));
  publish(context, [`user:${inviter.id}`, `user:${viewer.id}`]);
  return { ok: true, inviter };
}

/**
 * Friend requests waiting for the member: members who invited their address by e-mail (a
 * "friend-request" notification) and are not their friends yet, one line each, newest first.
 */
export async function friendRequestsOf(context: AppLoadContext, userId: string) {
  return context.db
    .select({ id: users.id, first: users.first, last: users.last, color: users.color, img: users.img })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.actorId))
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.kind, "friend-request"),
        ne(users.status, "suspended"),
        sql`NOT EXISTS (SELECT 1 FROM ${friendships} WHERE ${friendships.userId} = ${userId} AND ${friendships.friendId} = ${users.id})`,
      ),
    )
    .groupBy(users.id)
    .orderBy(desc(sql`max(${notifications.createdAt})`))
    .limit(50);
}

/** Accepting a request from /friends: only a member who asked (friendRequestsOf) can be accepted. */
export async function acceptFriendRequest(context: AppLoadContext, userId: string, fromId: string) {
  const from = (await friendRequestsOf(context, userId)).find((r) => r.id === fromId);
  if (!from) return null;
  await context.db.batch(befriend(context.db, userId, from.id));
  publish(context, [`user:${from.id}`, `user:${userId}`]);
  return from;
}

/** Declining forgets the requests from that member (they are not told); they may ask again later. */
export async function declineFriendRequest(context: AppLoadContext, userId: string, fromId: string) {
  const from = (await friendRequestsOf(context, userId)).find((r) => r.id === fromId);
  if (!from) return null;
  await context.db
    .delete(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.kind, "friend-request"),
        eq(notifications.actorId, from.id),
      ),
    );
  publish(context, [`user:${userId}`]);
  return from;
}

/**
 * Ends a friendship both ways; the friend's first name for the screen to say so, or null when they were
 * not the member's friend (nothing changed). One round trip: the delete answers the rows it removed.
 */
export async function removeFriend(context: AppLoadContext, userId: string, friendId: string) {
  const [[friend], removed] = await context.db.batch([
    context.db.select({ first: users.first }).from(users).where(eq(users.id, friendId)).limit(1),
    context.db
      .delete(friendships)
      .where(
        or(
          and(eq(friendships.userId, userId), eq(friendships.friendId, friendId)),
          and(eq(friendships.userId, friendId), eq(friendships.friendId, userId)),
        ),
      )
      .returning({ userId: friendships.userId }),
  ]);
  if (!friend || removed.length === 0) return null;
  publish(context, [`user:${userId}`, `user:${friendId}`]);
  return friend;
}

/**
 * Invites an address (counted per member, 10 an hour). A member with that address gets a friend
 * request in their bell (mailed by the cron under their "friends" switch, with one-click unsubscribe);
 * anyone else gets the member's link by e-mail. The answer is the same either way, so the screen tells
 * nobody whether the address has an account.
 */
export async function inviteFriendByEmail(
  request: Request,
  context: AppLoadContext,
  user: { id: string; first: string; last: string; email: string },
  to: string,
): Promise<{ ok: true } | { ok: false; message: string }> {
  if (await hit(context.db, countersFor(request, { email: LIMITS.friendInvites }, user.email))) {
    return { ok: false, message: "You have sent a lot of invites. Wait an hour, then try again." };
  }
  const member = await findUserByEmail(context.db, to);
  if (member) {
    if (member.id !== user.id && member.status !== "suspended") await requestFriendship(context, user.id, member.id);
    return { ok: true };
  }
  const link = friendLink(request, context.cloudflare.env, await friendCodeOf(context, user.id));
  const mail = {
    id: newId(),
    to,
    kind: "friend-invite",
    subject: `${user.first} ${user.last} invited you to Goals with Friends`,
    text: [
      `${user.first} ${user.last} would like to be your friend on Goals with Friends, where friends set goals`,
      "together and cheer each other on.",
      "",
      `Accept here: ${link}`,
      "",
      "If you do not know them, ignore this e-mail.",
    ].join("\n"),
  };
  await outboxInsert(context, mail, mail.id);
  deliverLater(context, [mail]);
  return { ok: true };
}

/**
 * A friend request in the member's bell, unless they are friends already. One a day per pair (the
 * event key names the day): asking again the same day tells nobody twice.
 */
async function requestFriendship(context: AppLoadContext, fromId: string, toId: string) {
  const day = new Date().toISOString().slice(0, 10);
  const [told] = await context.db
    .insert(notifications)
    .select(
      sql`SELECT ${rowValues(notifications, {
        id: newId(),
        userId: toId,
        kind: "friend-request",
        actorId: fromId,
        eventKey: `friend-request:${fromId}:${day}`,
      })}
        WHERE NOT EXISTS (SELECT 1 FROM ${friendships} WHERE ${friendships.userId} = ${toId} AND ${friendships.friendId} = ${fromId})`,
    )
    .onConflictDoNothing()
    .returning({ id: notifications.id });
  if (told) publish(context, [`user:${toId}`]);
}
