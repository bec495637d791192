/**
 * Notification e-mail, made by the cron (ADR 187): each new notification whose topic the
 * member keeps on is mailed; the 3-day "you have not visited" reminder becomes a notification first;
 * Mondays bring the weekly digest to those who turned it on. Every message goes into the outbox
 * (mail.server.ts) with a deterministic id (`notice:{notification}`, `digest:{member}:{day}`) inserted
 * with ON CONFLICT DO NOTHING, so a cron that runs twice, or two runs at once, mails an event once.
 * The one-click unsubscribe link is the message's sealed link (ADR 103); the provider gets it in the
 * List-Unsubscribe headers too.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, asc, desc, eq, gte, inArray, isNull, lt, lte, ne, or, sql } from "drizzle-orm";
import { addDays, toIsoDate, type IsoDate } from "#app/lib/dates";
import {
  EMAIL_TOPICS,
  REMINDER_AFTER_DAYS,
  REMINDER_EVERY_DAYS,
  digestFrom,
  isDigestDay,
  reminderDue,
  topicOfKind,
  wantsEmail,
  type EmailTopic,
} from "#app/features/notifications/notification-email";
import { notificationHref, notificationText, type NotificationFacts } from "#app/features/notifications/notifications";
import { emailPreferences, goals, mailOutbox, notifications, userGoals, users } from "#drizzle/schema";
import type { Database } from "#app/platform/db/db.server";
import { rowsPerInsert } from "#app/platform/db/batch.server";
import { unsubscribeUrl } from "./email-preferences.server";
import { publishNow, type Topic } from "#app/features/live/live.server";
import {
  deliverLater,
  LINK_PLACEHOLDER,
  NOTICE_KIND_PREFIX,
  outboxInsert,
  outboxRow,
  type Mail,
} from "#app/features/mail/mail.server";

const DAY_MS = 86_400_000;
/** Notifications older than this when the cron first sees them are not mailed (the digest tells them). */
export const MAIL_WINDOW_MS = 2 * DAY_MS;
/** Messages per round (one outbox insert each, in one batch) and rounds per cron run: at most 200 a run. */
const ROUND = 40;
const ROUNDS = 5;
/** Lines in one digest. */
const DIGEST_LINES = 20;

const origin = (env: Env) => env.APP_URL || "http://localhost";

/** The stored switches of a member, from `topic=enabled` pairs joined by commas. */
const parseChoices = (pairs: string | null): Record<string, boolean> =>
  Object.fromEntries((pairs ?? "").split(",").flatMap((p) => (p ? [[p.split("=")[0]!, p.split("=")[1] === "1"]] : [])));

const choicesColumn = sql<
  string | null
>`(SELECT group_concat(${emailPreferences.topic} || '=' || ${emailPreferences.enabled}) FROM ${emailPreferences} WHERE ${emailPreferences.userId} = ${users.id})`;

/** The member's switches as one column of a cron's read, and whether they keep a topic on. */
export const emailChoicesColumn = choicesColumn;
export const keepsTopicOn = (topic: EmailTopic, choices: string | null) => wantsEmail(topic, parseChoices(choices));

/** A notification row as the pure copy functions want it. */
const factsOf = (r: {
  kind: NotificationFacts["kind"];
  goalId: string | null;
  cause: string | null;
  actorFirst: string | null;
  actorLast: string | null;
  count?: number;
}): NotificationFacts => ({
  kind: r.kind,
  count: r.count,
  goalId: r.goalId,
  cause: r.cause,
  actor: r.actorFirst !== null ? { first: r.actorFirst, last: r.actorLast ?? "" } : null,
});

function footer(env: Env, topic: EmailTopic) {
  const label = EMAIL_TOPICS.find((t) => t.topic === topic)!.label;
  return [
    "",
    `You get this because "${label}" is on in your notification settings: ${origin(env)}/profile#notifications`,
    `Stop these e-mails with one click: ${LINK_PLACEHOLDER}`,
  ].join("\n");
}

/** A mail to a member under one of their switches: the footer names it, with its one-click stop. */
export async function topicMail(
  env: Env,
  member: { id: string; email: string },
  topic: EmailTopic,
  content: { subject: string; text: string; kind: string },
): Promise<Mail> {
  return {
    to: member.email,
    subject: content.subject,
    text: [content.text, footer(env, topic)].join("\n"),
    kind: content.kind,
    link: await unsubscribeUrl(env, origin(env), member, topic),
  };
}

function noticeMail(env: Env, to: string, userId: string, facts: NotificationFacts): Promise<Mail> {
  const text = notificationText(facts);
  return topicMail(env, { id: userId, email: to }, topicOfKind(facts.kind), {
    subject: text.length > 90 ? `${text.slice(0, 87)}...` : text,
    text: [text, "", `Open it: ${origin(env)}${notificationHref(facts)}`].join("\n"),
    kind: `${NOTICE_KIND_PREFIX}${facts.kind}`,
  });
}

/** Inserts the messages (each once, by id) and marks the notifications dealt with, in one batch. */
async function record(context: AppLoadContext, mails: { id: string; mail: Mail }[], handled: string[]) {
  const db = context.db;
  // Rows first (sealing is async), then the statements: a drizzle query returned from an async
  // function would run on its own.
  const rows = await Promise.all(mails.map(({ id, mail }) => outboxRow(context, mail, id)));
  const inserts = rows.map((row) => outboxInsert(context, row).onConflictDoNothing().returning({ id: mailOutbox.id }));
  const mark =
    handled.length > 0
      ? [
          db
            .update(notifications)
            .set({ emailedAt: new Date() })
            .where(and(inArray(notifications.id, handled), isNull(notifications.emailedAt))),
        ]
      : [];
  const statements = [...inserts, ...mark];
  if (statements.length === 0) return 0;
  const results = await db.batch(statements as [(typeof statements)[number], ...typeof statements]);
  const sent = results.slice(0, inserts.length).flatMap((rows) => rows as { id: string }[]);
  deliverLater(context, sent);
  return sent.length;
}

/**
 * Mails the notifications not dealt with yet (newer than MAIL_WINDOW_MS), at most ROUND * ROUNDS a run,
 * picked fairly (ADR 217): at most PER_RECIPIENT per member a run, and round-robin over where they come
 * from (a goal, else the member who sent them), so one goal's or one sender's flood waits its turn
 * instead of filling the run, and everyone else's mail goes out on time. Returns how many mails.
 */
export async function mailNotifications(context: AppLoadContext, now: number): Promise<number> {
  const { env } = context.cloudflare;
  const rows = await fairBatch(context, now);
  let mailed = 0;
  for (let i = 0; i < rows.length; i += ROUND) {
    const round = rows.slice(i, i + ROUND);
    const mails = await Promise.all(
      round
        // A suspended member gets no mail; the notification is dealt with all the same.
        .filter((r) => r.status !== "suspended" && wantsEmail(topicOfKind(r.kind), parseChoices(r.choices)))
        .map(async (r) => ({
          id: `notice:${r.id}`,
          mail: await noticeMail(env, r.email, r.userId, factsOf(r)),
        })),
    );
    mailed += await record(
      context,
      mails,
      round.map((r) => r.id),
    );
  }
  return mailed;
}

/** Mails per member in one run: more wait for the next run (every 15 minutes). */
export const PER_RECIPIENT = 5;

/** This run's notifications to mail: see mailNotifications. One read. */
function fairBatch(context: AppLoadContext, now: number) {
  const { db } = context;
  const ranked = db
    .select({
      id: sql<string>`${notifications.id}`.as("ranked_id"),
      createdAt: sql<number>`${notifications.createdAt}`.as("ranked_created_at"),
      perRecipient:
        sql<number>`row_number() OVER (PARTITION BY ${notifications.userId} ORDER BY ${notifications.createdAt}, ${notifications.id})`.as(
          "per_recipient",
        ),
      perSource:
        sql<number>`row_number() OVER (PARTITION BY coalesce(${notifications.goalId}, ${notifications.actorId}, '') ORDER BY ${notifications.createdAt}, ${notifications.id})`.as(
          "per_source",
        ),
    })
    .from(notifications)
    .where(
      and(
        isNull(notifications.emailedAt),
        // The end of a challenge is mailed with its summary by its own job (app/features/summary, ADR 274).
        ne(notifications.kind, "challenge-ended"),
        gte(notifications.createdAt, new Date(now - MAIL_WINDOW_MS)),
        lte(notifications.createdAt, new Date(now)),
      ),
    )
    .as("ranked");
  return db
    .select({
      id: notifications.id,
      userId: notifications.userId,
      kind: notifications.kind,
      goalId: notifications.goalId,
      count: notifications.count,
      cause: goals.cause,
      actorFirst: sql<string | null>`actor.first`,
      actorLast: sql<string | null>`actor.last`,
      email: users.email,
      status: users.status,
      choices: choicesColumn,
    })
    .from(ranked)
    .innerJoin(notifications, eq(notifications.id, ranked.id))
    .innerJoin(users, eq(users.id, notifications.userId))
    .leftJoin(goals, eq(goals.id, notifications.goalId))
    .leftJoin(sql`${users} AS actor`, sql`actor.id = ${notifications.actorId}`)
    .where(lte(ranked.perRecipient, PER_RECIPIENT))
    .orderBy(sql`max(${ranked.perRecipient}, ${ranked.perSource})`, asc(ranked.createdAt), asc(ranked.id))
    .limit(ROUND * ROUNDS);
}

/**
 * Members of running goals who have not opened any screen of the goal for REMINDER_AFTER_DAYS days
 * (`user_goals.visited_on`, ADR 190) get a "reminder" notification (at most one per goal a week: reminderDue, app/lib). It is mailed like any
 * other notification, by the "reminder" switch.
 */
export async function remindIdleMembers(env: Env, db: Database, today: IsoDate, now: number): Promise<number> {
  // Only rows reminderDue could pass, so the LIMIT never fills with members told this week: not visited
  // since, not joined since, not started since idleFrom; no reminder about the goal since remindedFrom.
  const idleFrom = addDays(today, 1 - REMINDER_AFTER_DAYS);
  const idleSince = new Date(Date.parse(`${idleFrom}T00:00:00Z`));
  const remindedFrom = Date.parse(`${addDays(today, 1 - REMINDER_EVERY_DAYS)}T00:00:00Z`);
  const rows = await db
    .select({
      userId: userGoals.userId,
      goalId: goals.id,
      start: goals.start,
      end: goals.end,
      joinedAt: userGoals.joinedAt,
      visitedOn: userGoals.visitedOn,
      lastReminder: sql<
        number | null
      >`(SELECT max(${notifications.createdAt}) FROM ${notifications} WHERE ${notifications.userId} = ${userGoals.userId} AND ${notifications.goalId} = ${goals.id} AND ${notifications.kind} = 'reminder')`,
    })
    .from(userGoals)
    .innerJoin(goals, eq(goals.id, userGoals.goalId))
    .where(
      and(
        eq(userGoals.completed, false),
        eq(goals.demo, false),
        lt(goals.start, idleFrom),
        gte(goals.end, today),
        or(isNull(userGoals.visitedOn), lt(userGoals.visitedOn, idleFrom)),
        lt(userGoals.joinedAt, idleSince),
        sql`NOT EXISTS (SELECT 1 FROM ${notifications} WHERE ${notifications.userId} = ${userGoals.userId} AND ${notifications.goalId} = ${userGoals.goalId} AND ${notifications.kind} = 'reminder' AND ${notifications.createdAt} >= ${remindedFrom})`,
      ),
    )
    .orderBy(desc(userGoals.joinedAt))
    .limit(500);
  const day = (ms: number | Date | null) => (ms === null ? null : toIsoDate(new Date(ms)));
  const due = rows.filter((r) =>
    reminderDue(
      {
        start: r.start,
        end: r.end,
        completed: false,
        joinedOn: day(r.joinedAt)!,
        lastVisit: r.visitedOn,
        lastReminder: day(r.lastReminder),
      },
      today,
    ),
  );
  if (due.length === 0) return 0;
  const values = due.map((r) => ({
    id: crypto.randomUUID().replaceAll("-", ""),
    userId: r.userId,
    kind: "reminder" as const,
    goalId: r.goalId,
    eventKey: `reminder:${r.goalId}:${today}`,
    createdAt: new Date(now),
  }));
  const chunks = [];
  const size = rowsPerInsert(notifications);
  for (let i = 0; i < values.length; i += size)
    chunks.push(
      db
        .insert(notifications)
        .values(values.slice(i, i + size))
        .onConflictDoNothing()
        .returning({ userId: notifications.userId }),
    );
  const results = await db.batch(chunks as [(typeof chunks)[number], ...typeof chunks]);
  const told = [...new Set(results.flat().map((r) => r.userId))];
  if (told.length > 0)
    await publishNow(
      env,
      told.map((id): Topic => `user:${id}`),
    );
  return told.length;
}

/** On Mondays: one digest of the week's notifications to each member who turned the digest on. */
export async function sendDigests(context: AppLoadContext, today: IsoDate, now: number): Promise<number> {
  if (!isDigestDay(today)) return 0;
  const { env } = context.cloudflare;
  const db = context.db;
  const idOf = (userId: string) => `digest:${userId}:${today}`;
  const from = new Date(Date.parse(`${digestFrom(today)}T00:00:00Z`));
  const members = await db
    .select({ id: users.id, email: users.email })
    .from(emailPreferences)
    .innerJoin(users, eq(users.id, emailPreferences.userId))
    .where(
      and(
        eq(emailPreferences.topic, "digest"),
        eq(emailPreferences.enabled, true),
        ne(users.status, "suspended"),
        sql`NOT EXISTS (SELECT 1 FROM ${mailOutbox} WHERE ${mailOutbox.id} = 'digest:' || ${users.id} || ${`:${today}`})`,
        // Only members with something to tell (an empty digest is noise, and would hold the queue's head).
        sql`EXISTS (SELECT 1 FROM ${notifications} WHERE ${notifications.userId} = ${users.id} AND ${notifications.createdAt} >= ${from.getTime()} AND ${notifications.createdAt} <= ${now})`,
      ),
    )
    .limit(ROUND);
  if (members.length === 0) return 0;
  const rows = await db
    .select({
      userId: notifications.userId,
      kind: notifications.kind,
      goalId: notifications.goalId,
      count: notifications.count,
      cause: goals.cause,
      actorFirst: sql<string | null>`actor.first`,
      actorLast: sql<string | null>`actor.last`,
    })
    .from(notifications)
    .leftJoin(goals, eq(goals.id, notifications.goalId))
    .leftJoin(sql`${users} AS actor`, sql`actor.id = ${notifications.actorId}`)
    .where(
      and(
        inArray(
          notifications.userId,
          members.map((m) => m.id),
        ),
        gte(notifications.createdAt, from),
        lte(notifications.createdAt, new Date(now)),
      ),
    )
    .orderBy(desc(notifications.createdAt))
    .limit(members.length * DIGEST_LINES);
  const mails: { id: string; mail: Mail }[] = [];
  for (const member of members) {
    const lines = rows
      .filter((r) => r.userId === member.id)
      .slice(0, DIGEST_LINES)
      .map((r) => `- ${notificationText(factsOf(r))} ${origin(env)}${notificationHref(factsOf(r))}`);
    if (lines.length === 0) continue;
    mails.push({
      id: idOf(member.id),
      mail: {
        to: member.email,
        subject: "Your week on Goals with Friends",
        text: [`What happened in your goals since ${digestFrom(today)}:`, "", ...lines, footer(env, "digest")].join(
          "\n",
        ),
        kind: `${NOTICE_KIND_PREFIX}digest`,
        link: await unsubscribeUrl(env, origin(env), member, "digest"),
      },
    });
  }
  return record(context, mails, []);
}
