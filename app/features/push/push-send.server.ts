/**
 * Sending one push (ADR 283), from the outbound queue's consumer (app/features/mail/outbound.server.ts):
 * the notice is encrypted to the device's keys (RFC 8291, aes128gcm) and signed with the server's VAPID
 * key (RFC 8292) by @block65/webcrypto-web-push, then POSTed to the device's push service.
 * - 2xx: delivered to the push service. Ack.
 * - 404 or 410: the subscription is gone (the member turned notifications off, or reinstalled): the row
 *   is deleted, and nothing is retried.
 * - 429, 5xx, a network error or no answer within PUSH_TIMEOUT_MS: retried by the queue with backoff.
 * - Any other 4xx (a bad key, a payload refused): retrying cannot help; reported, then dropped.
 * - A 3xx is never followed (docs/security.md, "Web Push used as a request forger"): the endpoint was
 *   checked to be a push service's, where a redirect points was not. Reported, dropped, the device kept.
 */
import { buildPushPayload, type VapidKeys } from "@block65/webcrypto-web-push";
import { eq } from "drizzle-orm";
import { pushSubscriptions } from "#drizzle/schema";
import type { Database } from "#app/platform/db/db.server";
import { reportError } from "#app/platform/http/report.server";
import type { PushNotice } from "./push";
import { pushConfigured } from "./push.server";

const PUSH_TIMEOUT_MS = 10_000;
/** How long the push service keeps a notice for a device that is off (seconds): the day it is about. */
const TTL_S = 12 * 60 * 60;

const vapidOf = (env: Env): VapidKeys => ({
  subject: env.VAPID_SUBJECT || env.APP_URL || "mailto:hello@example.com",
  publicKey: env.VAPID_PUBLIC_KEY,
  privateKey: env.VAPID_PRIVATE_KEY,
});

export async function sendPush(
  db: Database,
  env: Env,
  message: { id: string; notice: PushNotice },
): Promise<"sent" | "failed" | "skipped" | "gone"> {
  if (!pushConfigured(env)) return "skipped";
  const [device] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, message.id)).limit(1);
  // Turned off (or the account deleted) since it was queued.
  if (!device) return "skipped";
  const payload = await buildPushPayload(
    { data: { ...message.notice }, options: { ttl: TTL_S, urgency: "normal", topic: topicOf(message.notice.tag) } },
    { endpoint: device.endpoint, expirationTime: null, keys: { p256dh: device.p256dh, auth: device.auth } },
    vapidOf(env),
  );
  let response: Response;
  try {
    // Never followed elsewhere: the endpoint was checked to be a push service's, a redirect's target was not.
    response = await fetch(device.endpoint, {
      ...payload,
      redirect: "manual",
      signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
    });
  } catch {
    return "failed";
  }
  // The body is not needed: release the connection.
  response.body?.cancel().catch(() => {});
  if (response.ok) return "sent";
  if (response.status === 404 || response.status === 410) {
    await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, device.id));
    return "gone";
  }
  if (response.status === 429 || response.status >= 500) return "failed";
  reportError(
    new Error(`push service refused a notice: ${response.status}`),
    { where: "queue", route: "push" },
    { env },
  );
  return "skipped";
}

/**
 * The Topic header (RFC 8030 §5.4): a notice still waiting at the push service is replaced by a newer one
 * of the same topic. At most 32 base64url characters: the tag's own characters, hashed down when longer.
 */
function topicOf(tag: string): string {
  const safe = tag.replace(/[^A-Za-z0-9_-]/g, "-");
  if (safe.length <= 32) return safe;
  let hash = 0;
  for (const c of safe) hash = (hash * 31 + c.charCodeAt(0)) >>> 0;
  return `${safe.slice(0, 23)}-${hash.toString(36)}`.slice(0, 32);
}
