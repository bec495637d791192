/**
 * The daily "You haven't logged today" by push (ADR 282), run by the cron every 15 minutes
 * (app/jobs/cron.server.ts). A member is reminded when, on their own wall clock (their time zone):
 * - it is the hour they picked (the first cron run of that hour; a later one catches up a missed run);
 * - they have at least one device with notifications on, and the account is not suspended;
 * - a measured goal they pursue runs today, and they have logged nothing in it today (no entry for
 *   today's day, and none made since their midnight);
 * - they were not reminded today. The claim is one conditional UPDATE (`reminded_on` set to their day),
 *   so two cron runs at once, or a retried run, remind a member once a day.
 * The notice names the running goal that ends soonest and opens it; one queue message per device.
 */
import { and, asc, eq, inArray, isNotNull, ne, sql } from "drizzle-orm";
import { goals, progressEntries, pushSettings, pushSubscriptions, userGoals, users } from "#drizzle/schema";
import type { Database } from "#app/platform/db/db.server";
import { enqueueOutbound } from "#app/features/mail/outbound-queue.server";
import { chunk } from "#app/lib/arrays";
import { isTimeZone, localClock, reminderNotice, type LocalClock } from "./push";
import { pushConfigured, pushMessages } from "./push.server";

/** Bound parameters are at most 100 a statement in D1: time zones and members go in lists this long. */
const LIST = 80;
/** Rows read per group of time zones in one run; more wait for the next run of the hour. */
const GROUP_ROWS = 2000;

/** The time zones in use, grouped by what their wall clock says now (most share an hour and a day). */
async function clocks(db: Database, now: number) {
  const zones = await db
    .selectDistinct({ timeZone: pushSettings.timeZone })
    .from(pushSettings)
    .where(isNotNull(pushSettings.reminderHour));
  const groups = new Map<string, { clock: LocalClock; zones: string[] }>();
  for (const { timeZone } of zones) {
    if (!isTimeZone(timeZone)) continue;
    const clock = localClock(timeZone, now);
    const key = `${clock.hour}|${clock.day}|${clock.dayStartedAt}`;
    const group = groups.get(key) ?? { clock, zones: [] };
    group.zones.push(timeZone);
    groups.set(key, group);
  }
  return [...groups.values()].flatMap(({ clock, zones }) => chunk(zones, LIST).map((list) => ({ clock, zones: list })));
}

/** Who is due in one group of time zones, with their devices and the goals they have not logged in today. */
function dueIn(db: Database, clock: LocalClock, zones: string[]) {
  return (
    db
      // Named apart: a batch's rows come back keyed by column name, and two `id`s would collide.
      .select({
        userId: sql<string>`${pushSettings.userId}`.as("member_id"),
        deviceId: sql<string>`${pushSubscriptions.id}`.as("device_id"),
        goalId: sql<string>`${goals.id}`.as("goal_id"),
        cause: sql<string>`${goals.cause}`.as("goal_cause"),
      })
      .from(pushSettings)
      .innerJoin(users, and(eq(users.id, pushSettings.userId), ne(users.status, "suspended")))
      .innerJoin(pushSubscriptions, eq(pushSubscriptions.userId, pushSettings.userId))
      .innerJoin(userGoals, and(eq(userGoals.userId, pushSettings.userId), eq(userGoals.completed, false)))
      .innerJoin(
        goals,
        and(
          eq(goals.id, userGoals.goalId),
          isNotNull(goals.unit),
          eq(goals.demo, false),
          sql`${goals.start} <= ${clock.day}`,
          sql`${goals.end} >= ${clock.day}`,
        ),
      )
      .where(
        and(
          eq(pushSettings.reminderHour, clock.hour),
          inArray(pushSettings.timeZone, zones),
          sql`${pushSettings.remindedOn} IS NOT ${clock.day}`,
          sql`NOT EXISTS (SELECT 1 FROM ${progressEntries} WHERE ${progressEntries.goalId} = ${goals.id}
          AND ${progressEntries.userId} = ${pushSettings.userId}
          AND (${progressEntries.day} = ${clock.day} OR ${progressEntries.createdAt} >= ${clock.dayStartedAt}))`,
        ),
      )
      .orderBy(asc(pushSettings.userId), asc(goals.end), asc(goals.id))
      .limit(GROUP_ROWS)
  );
}

/** Sends today's reminders that are due now; returns how many members were reminded. */
export async function remindByPush(env: Env, db: Database, now: number): Promise<number> {
  if (!pushConfigured(env)) return 0;
  const groups = await clocks(db, now);
  if (groups.length === 0) return 0;
  const reads = groups.map(({ clock, zones }) => dueIn(db, clock, zones));
  const found = await db.batch(reads as [(typeof reads)[number], ...typeof reads]);

  // Per member: the goal to name (ends soonest) and every device; per group, as each has its own day.
  const due = found.map((rows, i) => {
    const members = new Map<string, { goal: { id: string; cause: string }; devices: Set<string> }>();
    for (const row of rows) {
      const member = members.get(row.userId) ?? { goal: { id: row.goalId, cause: row.cause }, devices: new Set() };
      member.devices.add(row.deviceId);
      members.set(row.userId, member);
    }
    return { day: groups[i]!.clock.day, members };
  });
  const claims = due.flatMap(({ day, members }) =>
    chunk([...members.keys()], LIST).map((userIds) =>
      db
        .update(pushSettings)
        .set({ remindedOn: day })
        .where(and(inArray(pushSettings.userId, userIds), sql`${pushSettings.remindedOn} IS NOT ${day}`))
        .returning({ userId: pushSettings.userId, day: pushSettings.remindedOn }),
    ),
  );
  if (claims.length === 0) return 0;
  const claimed = (await db.batch(claims as [(typeof claims)[number], ...typeof claims])).flat();
  const members = new Map(due.flatMap(({ day, members }) => [...members].map(([id, m]) => [`${id}|${day}`, m])));
  const messages = claimed.flatMap(({ userId, day }) => {
    const member = members.get(`${userId}|${day}`);
    return member ? pushMessages([...member.devices], reminderNotice(member.goal)) : [];
  });
  await enqueueOutbound(env, messages);
  return claimed.length;
}
