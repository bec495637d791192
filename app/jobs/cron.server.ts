/**
 * The cron's notification work (server.ts `scheduled`; also /dev/cron in development, with the
 * developer date as today). In order: heads-ups for goals starting or ending in 3 days (ADR 181),
 * reminders for idle members, the Monday digest, then the e-mail of every new notification (ADR 187).
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

export async function notificationJobs(env: Env, ctx: ExecutionContext, db: Database, now: number) {
  const today = toIsoDate(new Date(now));
  const context = cronLoadContext(env, ctx, db);
  const headsUps = await sendHeadsUps(env, db, today);
  const reminders = await remindIdleMembers(env, db, today, now);
  const digests = await sendDigests(context, today, now);
  const mails = await mailNotifications(context, now);
  return { headsUps, reminders, digests, mails };
}
