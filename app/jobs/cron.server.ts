/**
 * The cron's notification work (server.ts `scheduled`; also /dev/cron in development, with the
 * developer date as today). In order: heads-ups for goals starting or ending in 3 days (ADR 181),
 * reminders for idle members, the daily "You haven't logged today" pushed to members whose picked
 * hour it is in their time zone (ADR 282), the Monday digest, then the e-mail of every new notification
 * (ADR 187), the supporters' settle-up and payment reminders of ended goals (ADR 242), and the members'
 * end-of-challenge summaries (ADR 274).
 */
import { toIsoDate } from "#app/lib/dates";
import type { Database } from "#app/platform/db/db.server";
import { cronLoadContext } from "#app/platform/http/load-context.server";
import {
  mailNotifications,
  remindIdleMembers,
  sendDigests,
} from "#app/features/notifications/notification-mail.server";
import { sendHeadsUps } from "#app/features/notifications/notifications.server";
import { remindUnpaid, settleUp } from "#app/features/sponsors/settle-up.server";
import { mailSummaries, tellEnded } from "#app/features/summary/summary.server";
import { remindByPush } from "#app/features/push/push-reminders.server";

export async function notificationJobs(env: Env, ctx: ExecutionContext, db: Database, now: number) {
  const today = toIsoDate(new Date(now));
  const context = cronLoadContext(env, ctx, db);
  const headsUps = await sendHeadsUps(env, db, today);
  const reminders = await remindIdleMembers(env, db, today, now);
  // On the member's own clock, not the goal clock's today (ADR 282).
  const pushReminders = await remindByPush(env, db, now);
  const digests = await sendDigests(context, today, now);
  const mails = await mailNotifications(context, now);
  // Reminders first: a pledge settled today is not due for one until 3 days on.
  const pledgeReminders = await remindUnpaid(context, today);
  const settled = await settleUp(context, today);
  // The end of a challenge: a bell line for every member, then each one's summary by mail (ADR 274).
  const ended = await tellEnded(context, today);
  const summaries = await mailSummaries(context, today);
  return { headsUps, reminders, pushReminders, digests, mails, settled, pledgeReminders, ended, summaries };
}
