/**
 * "Download my data" (ADR 180): everything the app keeps about the member, as JSON, read in
 * one batch. It holds no secrets: no password hash, no session or link ids.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, desc, eq, isNotNull, isNull } from "drizzle-orm";
import { archivedEntries } from "#app/features/archive/archive-read.server";
import { HUNDREDTHS, unitOf } from "#app/features/progress/progress";
import {
  cheers,
  emailPreferences,
  entryArchives,
  previousEmails,
  friendships,
  goals,
  messages,
  notifications,
  pledges,
  progressEntries,
  progressTotals,
  userGoals,
  users,
} from "#drizzle/schema";

export async function exportAccountData(context: AppLoadContext, userId: string) {
  const db = context.db;
  const [
    profileRows,
    goalRows,
    entryRows,
    messageRows,
    pledgeRows,
    cheersGiven,
    cheersReceived,
    friendRows,
    notificationRows,
    emailRows,
    requestsSent,
    ownedRows,
    earlierEmails,
    archivedGoals,
  ] = await db.batch([
    db
      .select({
        first: users.first,
        last: users.last,
        email: users.email,
        color: users.color,
        picture: users.img,
        type: users.type,
        status: users.status,
        createdAt: users.createdAt,
      })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1),
    db
      .select({
        goalId: goals.id,
        cause: goals.cause,
        start: goals.start,
        end: goals.end,
        joinedAt: userGoals.joinedAt,
        completed: userGoals.completed,
        completedAt: userGoals.completedAt,
      })
      .from(userGoals)
      .innerJoin(goals, eq(goals.id, userGoals.goalId))
      .where(eq(userGoals.userId, userId))
      .orderBy(desc(userGoals.joinedAt)),
    // Progress entries (ADR 140, 188), those of goals left since too. By user id alone: a rare download may
    // read the table; the hot paths use the (goal, member) index.
    db
      .select({
        goalId: progressEntries.goalId,
        cause: goals.cause,
        day: progressEntries.day,
        amount: progressEntries.amount,
        unit: goals.unit,
        note: progressEntries.note,
        loggedAt: progressEntries.createdAt,
      })
      .from(progressEntries)
      .innerJoin(goals, eq(goals.id, progressEntries.goalId))
      .where(eq(progressEntries.userId, userId))
      .orderBy(desc(progressEntries.day), desc(progressEntries.createdAt)),
    db
      .select({ goalId: messages.goalId, cause: goals.cause, body: messages.body, createdAt: messages.createdAt })
      .from(messages)
      .innerJoin(goals, eq(goals.id, messages.goalId))
      .where(and(eq(messages.userId, userId), isNull(messages.deletedAt)))
      .orderBy(desc(messages.createdAt)),
    db
      .select({
        goalId: pledges.goalId,
        cause: goals.cause,
        name: pledges.name,
        message: pledges.message,
        amount: pledges.amount,
        currency: goals.currency,
        anonymous: pledges.anonymous,
        paid: pledges.paid,
        // A pledge per unit logged (ADR 142): its terms, and the member it follows (null: the group).
        perUnit: pledges.perUnit,
        maximum: pledges.maxAmount,
        memberId: pledges.memberId,
        createdAt: pledges.createdAt,
      })
      .from(pledges)
      .innerJoin(goals, eq(goals.id, pledges.goalId))
      .where(eq(pledges.userId, userId))
      .orderBy(desc(pledges.createdAt)),
    db
      .select({ goalId: cheers.goalId, toFirst: users.first, toLast: users.last, createdAt: cheers.createdAt })
      .from(cheers)
      .innerJoin(users, eq(users.id, cheers.toUserId))
      .where(eq(cheers.fromUserId, userId)),
    db
      .select({ goalId: cheers.goalId, fromFirst: users.first, fromLast: users.last, createdAt: cheers.createdAt })
      .from(cheers)
      .innerJoin(users, eq(users.id, cheers.fromUserId))
      .where(eq(cheers.toUserId, userId)),
    db
      .select({ first: users.first, last: users.last, since: friendships.createdAt })
      .from(friendships)
      .innerJoin(users, eq(users.id, friendships.friendId))
      .where(eq(friendships.userId, userId)),
    // The bell (friend requests received are among them), e-mail switches, requests sent, goals owned.
    db
      .select({
        kind: notifications.kind,
        goalId: notifications.goalId,
        cause: goals.cause,
        count: notifications.count,
        readAt: notifications.readAt,
        createdAt: notifications.createdAt,
      })
      .from(notifications)
      .leftJoin(goals, eq(goals.id, notifications.goalId))
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.createdAt)),
    db
      .select({ topic: emailPreferences.topic, enabled: emailPreferences.enabled })
      .from(emailPreferences)
      .where(eq(emailPreferences.userId, userId)),
    db
      .select({ toFirst: users.first, toLast: users.last, sentAt: notifications.createdAt })
      .from(notifications)
      .innerJoin(users, eq(users.id, notifications.userId))
      .where(and(eq(notifications.actorId, userId), eq(notifications.kind, "friend-request"))),
    db
      .select({
        goalId: goals.id,
        cause: goals.cause,
        visibility: goals.visibility,
        start: goals.start,
        end: goals.end,
        createdAt: goals.createdAt,
      })
      .from(goals)
      .where(eq(goals.orgId, userId))
      .orderBy(desc(goals.createdAt)),
    db
      .select({ email: previousEmails.email, until: previousEmails.createdAt })
      .from(previousEmails)
      .where(eq(previousEmails.userId, userId))
      .orderBy(previousEmails.createdAt),
    // Goals whose entries are in the archive (ADR 303): the member's entries there are read from its file.
    db
      .select({ goalId: goals.id, cause: goals.cause, unit: goals.unit })
      .from(progressTotals)
      .innerJoin(entryArchives, eq(entryArchives.goalId, progressTotals.goalId))
      .innerJoin(goals, eq(goals.id, progressTotals.goalId))
      .where(and(eq(progressTotals.userId, userId), isNotNull(entryArchives.key))),
  ]);
  const archived = await Promise.all(
    archivedGoals.map(async (g) =>
      (await archivedEntries(context, g.goalId))
        .filter((e) => e.user_id === userId)
        .map((e) => ({ ...g, day: e.day, amount: e.amount, note: e.note, loggedAt: new Date(e.created_at) })),
    ),
  );
  // An entry is in D1 or in the file, never both for long: the file wins while its goal is being cleared.
  const archivedIds = new Set(archivedGoals.map((g) => g.goalId));
  const allEntries = [...entryRows.filter((e) => !archivedIds.has(e.goalId)), ...archived.flat()].sort((a, b) =>
    a.day === b.day ? b.loggedAt.getTime() - a.loggedAt.getTime() : a.day < b.day ? 1 : -1,
  );
  return {
    exportedAt: new Date().toISOString(),
    profile: profileRows[0] ?? null,
    // The addresses the account had before (ADR 219), kept until it is deleted.
    earlierEmails,
    goals: goalRows,
    // Amounts in the goal's unit (stored as hundredths).
    entries: allEntries.map((e) => ({
      ...e,
      amount: e.amount / HUNDREDTHS,
      unit: e.unit === null ? null : unitOf(e.unit).label,
    })),
    messages: messageRows,
    // Amounts are in the currency's minor units (pence, cents).
    pledges: pledgeRows,
    cheers: { given: cheersGiven, received: cheersReceived },
    friends: friendRows,
    friendRequestsSent: requestsSent,
    goalsOwned: ownedRows,
    notifications: notificationRows,
    // Only the switches the member changed; the rest are the defaults shown on /profile.
    emailPreferences: emailRows,
  };
}
