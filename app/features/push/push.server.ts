/**
 * Web Push subscriptions and settings (ADR 281, 282): a device's subscription is stored when its member
 * allows notifications and forgotten when they turn them off, when they sign out on it (ADR 284), when
 * the push service answers 404/410 (push-send.server.ts) or with the account. The member's reminder
 * hour, time zone and cheers switch are one row for all their devices.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, desc, eq, inArray, notInArray, sql } from "drizzle-orm";
import { newId } from "#app/lib/ids";
import { pushSettings, pushSubscriptions, sessions } from "#drizzle/schema";
import { reportError } from "#app/platform/http/report.server";
import { enqueueOutbound, type OutboundMessage } from "#app/features/mail/outbound-queue.server";
import { DEFAULT_REMINDER_HOUR, fromBase64url, type PushNotice } from "./push";

/** A member's devices with notifications on: a new one past this many replaces the oldest. */
export const MAX_DEVICES = 10;

/** Web Push needs the server's VAPID key pair (docs/deploy.md); without it nothing offers or sends push. */
export const pushConfigured = (env: Env) => !!(env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY);
/** The server's public key, for the browser's subscribe call; null when push is not configured. */
export const pushPublicKey = (env: Env) => (pushConfigured(env) ? env.VAPID_PUBLIC_KEY : null);

export interface PushState {
  /** The server's public key, for the browser's subscribe call; null when push is not configured. */
  publicKey: string | null;
  /** The member's choices; null before their first opt-in. */
  settings: { reminderHour: number | null; cheers: boolean; timeZone: string } | null;
  /** How many of the member's devices have notifications on. */
  devices: number;
}

/** The member's push settings and device count, as statements for the screen's one batch. */
export function pushStateQueries(context: AppLoadContext, userId: string) {
  return [
    context.db
      .select({ reminderHour: pushSettings.reminderHour, cheers: pushSettings.cheers, timeZone: pushSettings.timeZone })
      .from(pushSettings)
      .where(eq(pushSettings.userId, userId))
      .limit(1),
    context.db
      .select({ n: sql<number>`count(*)` })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId)),
  ] as const;
}

type PushRows = readonly [NonNullable<PushState["settings"]>[], { n: number }[]];

export function toPushState(env: Env, [settings, devices]: PushRows): PushState {
  return {
    publicKey: pushPublicKey(env),
    settings: settings[0] ?? null,
    devices: devices[0]?.n ?? 0,
  };
}

export async function pushStateOf(context: AppLoadContext, userId: string): Promise<PushState> {
  return toPushState(context.cloudflare.env, await context.db.batch(pushStateQueries(context, userId)));
}

/** The device key is a point on P-256 (the payload is encrypted to it): the shape alone does not say so. */
export async function isCurvePoint(p256dh: string): Promise<boolean> {
  try {
    await crypto.subtle.importKey("raw", fromBase64url(p256dh), { name: "ECDH", namedCurve: "P-256" }, false, []);
    return true;
  } catch {
    return false;
  }
}

/**
 * Stores the device's subscription for the member, in one batch: the endpoint is one device, so a
 * device that another account used before now notifies this one (whoever allowed it last); the
 * member's devices past MAX_DEVICES go, oldest first (a condition of the write, not a read before it);
 * a first opt-in gets the evening reminder, and the device's time zone becomes the member's.
 */
export async function subscribe(
  context: AppLoadContext,
  userId: string,
  device: { endpoint: string; p256dh: string; auth: string; timeZone: string },
) {
  const { db } = context;
  await db.batch([
    db
      .insert(pushSubscriptions)
      .values({ id: newId(), userId, endpoint: device.endpoint, p256dh: device.p256dh, auth: device.auth })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { userId, p256dh: device.p256dh, auth: device.auth, createdAt: new Date() },
      }),
    db
      .delete(pushSubscriptions)
      .where(
        and(
          eq(pushSubscriptions.userId, userId),
          notInArray(
            pushSubscriptions.id,
            db
              .select({ id: pushSubscriptions.id })
              .from(pushSubscriptions)
              .where(eq(pushSubscriptions.userId, userId))
              .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
              .limit(MAX_DEVICES),
          ),
        ),
      ),
    db
      .insert(pushSettings)
      .values({ userId, reminderHour: DEFAULT_REMINDER_HOUR, timeZone: device.timeZone, cheers: true })
      .onConflictDoUpdate({ target: pushSettings.userId, set: { timeZone: device.timeZone } }),
  ]);
}

/** Forgets one of the member's devices (another member's endpoint is left alone). */
export async function unsubscribe(context: AppLoadContext, userId: string, endpoint: string) {
  await context.db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}

/**
 * Signing out on a device forgets its subscription (ADR 284): the statement for the sign-out's batch,
 * before its session ends. Only the signing-out member's row goes: the owner is the session's user, a
 * condition of the write (another member's endpoint sent here is left alone).
 */
export function forgetOnSignOut(context: AppLoadContext, sessionId: string, endpoint: string) {
  const { db } = context;
  return db
    .delete(pushSubscriptions)
    .where(
      and(
        eq(pushSubscriptions.endpoint, endpoint),
        inArray(
          pushSubscriptions.userId,
          db.select({ userId: sessions.userId }).from(sessions).where(eq(sessions.id, sessionId)),
        ),
      ),
    );
}

/** Saves the member's reminder hour and cheers switch; the time zone changes only when the page sent one. */
export async function saveSettings(
  context: AppLoadContext,
  userId: string,
  value: { reminderHour: number | null; cheers: boolean; timeZone?: string },
) {
  await context.db
    .insert(pushSettings)
    .values({ userId, reminderHour: value.reminderHour, cheers: value.cheers, timeZone: value.timeZone ?? "UTC" })
    .onConflictDoUpdate({
      target: pushSettings.userId,
      set: {
        reminderHour: value.reminderHour,
        cheers: value.cheers,
        ...(value.timeZone ? { timeZone: value.timeZone } : {}),
      },
    });
}

/** One queue message per device: a device's failure is retried without repeating the others (ADR 283). */
export const pushMessages = (subscriptionIds: string[], notice: PushNotice): OutboundMessage[] =>
  subscriptionIds.map((id) => ({ type: "push", id, notice }));

/**
 * Pushes a cheer to the cheered member's devices (unless they turned cheers off), after the response:
 * one read, then the queue (ADR 283). Nothing without VAPID keys.
 */
export function pushCheerLater(context: AppLoadContext, userId: string, notice: PushNotice) {
  const env = context.cloudflare.env;
  if (!pushConfigured(env)) return;
  context.cloudflare.ctx.waitUntil(
    (async () => {
      const devices = await context.db
        .select({ id: pushSubscriptions.id })
        .from(pushSubscriptions)
        .leftJoin(pushSettings, eq(pushSettings.userId, pushSubscriptions.userId))
        .where(and(eq(pushSubscriptions.userId, userId), sql`coalesce(${pushSettings.cheers}, 1) = 1`));
      await enqueueOutbound(
        env,
        pushMessages(
          devices.map((d) => d.id),
          notice,
        ),
      );
    })().catch((error) => reportError(error, { where: "queue" }, { env })),
  );
}
