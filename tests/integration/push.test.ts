/**
 * Web Push (ADR 281-283), end to end inside workerd: a device subscribes through the real endpoint, the
 * cron finds the member at their hour in their time zone, the message goes on the outbound queue and
 * its consumer POSTs it to the device's push service, where the test decrypts it with the device's
 * private key (RFC 8291) and reads the words. A 410 from the push service forgets the device.
 * The queue is the test's (its messages are handed to the worker's `queue` handler one by one, as in
 * outbound-queue.test.ts); the push service is a spy on fetch (tests/support/push.ts).
 */
import { createExecutionContext, createScheduledController, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { OutboundMessage } from "#app/features/mail/outbound-queue.server";
import { OUTBOUND_QUEUE } from "#app/features/mail/outbound-queue.server";
import { localClock, REMINDER_TITLE } from "#app/features/push/push";
import { BASE, get, post } from "../support/http";
import { signedInUser } from "../support/factories";
import { dayFromToday } from "../support/goals";
import { insertMeasuredGoal, logEntry } from "../support/progress";
import { newDevice, open, pushService, REDIRECT_TARGET, vapidOf, type Device } from "../support/push";
import { deliverMessage } from "../support/queue";
import { worker } from "../support/worker";

afterEach(() => vi.restoreAllMocks());

const ZONE = "America/New_York";

/** The env the worker runs with, its queue replaced by one that keeps what is sent. */
function capturingEnv() {
  const sent: OutboundMessage[] = [];
  const queue = {
    sendBatch: async (batch: { body: OutboundMessage }[]) => void sent.push(...batch.map((m) => m.body)),
  };
  return { env: { ...env, OUTBOUND: queue } as unknown as Env, sent };
}

/** A cheer sent to the built worker with `runEnv`, its after-the-response work waited for. */
async function cheerAs(cookie: string, goalId: string, memberId: string, runEnv: Env) {
  const ctx = createExecutionContext();
  const request = new Request(`${BASE}/goals/${goalId}/cheer`, {
    method: "POST",
    body: new URLSearchParams({ memberId }),
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: BASE, Host: "localhost", Cookie: cookie },
    redirect: "manual",
  }) as Parameters<typeof worker.fetch>[0];
  const response = await worker.fetch(request, runEnv, ctx);
  await waitOnExecutionContext(ctx);
  return response.status;
}

async function cron(runEnv: Env, at: number) {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ scheduledTime: at, cron: "*/15 * * * *" }), runEnv, ctx);
  await waitOnExecutionContext(ctx);
}

const subscribe = (cookie: string, device: Device, timeZone = ZONE) =>
  post(
    "/push/subscription",
    { intent: "subscribe", endpoint: device.endpoint, p256dh: device.p256dh, auth: device.auth, timeZone },
    cookie,
  );

const devicesOf = async (userId: string) =>
  (await env.DB.prepare("SELECT endpoint FROM push_subscriptions WHERE user_id = ?").bind(userId).all()).results;

/** A member of a running km goal, with a device subscribed and the reminder at this hour in New York. */
async function subscribedMember(now: number) {
  const goal = await insertMeasuredGoal({ cause: `Walk ${crypto.randomUUID().slice(0, 6)}`, start: dayFromToday(-3) });
  const member = await signedInUser({ join: [goal.id] });
  const device = await newDevice();
  const subscribed = await subscribe(member.cookie, device);
  expect(subscribed.status).toBe(200);
  expect(await subscribed.json()).toEqual({ subscribed: true });
  const hour = localClock(ZONE, now).hour;
  const saved = await post(
    "/profile/push",
    { reminderHour: String(hour), cheers: "on", timeZone: ZONE },
    member.cookie,
  );
  expect(saved.status).toBe(302);
  return { goal, member, device };
}

describe("Web Push reminders", () => {
  it("pushes 'You haven't logged today' at the member's hour, encrypted to their device, once a day", async () => {
    const now = Date.now();
    const { goal, member, device } = await subscribedMember(now);
    // Another member of the goal, subscribed too, who has logged today: not reminded.
    const logged = await signedInUser({ join: [goal.id] });
    const loggedDevice = await newDevice();
    expect((await subscribe(logged.cookie, loggedDevice)).status).toBe(200);
    await post("/profile/push", { reminderHour: String(localClock(ZONE, now).hour), cheers: "on" }, logged.cookie);
    expect((await logEntry(goal.id, logged.cookie, { amount: "3" })).status).toBeLessThan(400);

    const { env: runEnv, sent } = capturingEnv();
    // Two runs at once and a later one in the same hour: one reminder.
    await Promise.all([cron(runEnv, now), cron(runEnv, now)]);
    await cron(runEnv, now + 60_000);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ type: "push" });

    const received = pushService();
    expect(await deliverMessage(OUTBOUND_QUEUE, sent[0]!, 1, runEnv)).toMatchObject({ acked: true });
    expect(received).toHaveLength(1);
    const push = received[0]!;
    expect(push.endpoint).toBe(device.endpoint);
    expect(push.headers.get("content-encoding")).toBe("aes128gcm");
    expect(Number(push.headers.get("ttl"))).toBeGreaterThan(0);
    // Signed with the site's VAPID key, for this push service (RFC 8292).
    const vapid = await vapidOf(push.headers);
    expect(vapid).toMatchObject({ valid: true, publicKey: env.VAPID_PUBLIC_KEY });
    expect(vapid.claims.aud).toBe("https://fcm.googleapis.com");
    // Only the device's private key opens it.
    const notice = JSON.parse(await open(device, push.body));
    expect(notice).toEqual({
      title: REMINDER_TITLE,
      body: `Log today's progress in ${goal.cause}.`,
      url: `/active/${goal.id}`,
      tag: "reminder",
    });
    await expect(open(loggedDevice, push.body)).rejects.toThrow();
    // The member's day is claimed in their time zone.
    const row = await env.DB.prepare("SELECT reminded_on FROM push_settings WHERE user_id = ?")
      .bind(member.id)
      .first<{ reminded_on: string }>();
    expect(row!.reminded_on).toBe(localClock(ZONE, now).day);
  });

  it("reminds nobody outside their hour, or who has logged today, or with the reminder off", async () => {
    const now = Date.now();
    const { goal, member } = await subscribedMember(now);
    const { env: runEnv, sent } = capturingEnv();
    await cron(runEnv, now + 60 * 60_000);
    expect(sent).toHaveLength(0);

    await post("/profile/push", { reminderHour: "off", cheers: "on" }, member.cookie);
    await cron(runEnv, now);
    expect(sent).toHaveLength(0);

    await post("/profile/push", { reminderHour: String(localClock(ZONE, now).hour), cheers: "on" }, member.cookie);
    expect((await logEntry(goal.id, member.cookie)).status).toBeLessThan(400);
    await cron(runEnv, now);
    expect(sent).toHaveLength(0);
  });

  it("forgets a device when its push service answers 410, and sends it nothing more", async () => {
    const now = Date.now();
    const { member, device } = await subscribedMember(now);
    const { env: runEnv, sent } = capturingEnv();
    await cron(runEnv, now);
    expect(sent).toHaveLength(1);
    const received = pushService(() => 410);
    expect(await deliverMessage(OUTBOUND_QUEUE, sent[0]!, 1, runEnv)).toMatchObject({ acked: true, retried: false });
    expect(received).toHaveLength(1);
    expect(await devicesOf(member.id)).toEqual([]);
    // Redelivered (or queued before the 410): nothing is sent to the forgotten device.
    expect(await deliverMessage(OUTBOUND_QUEUE, sent[0]!, 2, runEnv)).toMatchObject({ acked: true });
    expect(received.map((r) => r.endpoint)).toEqual([device.endpoint]);
  });

  it("retries a push the push service could not take (503), and forgets on 404", async () => {
    const now = Date.now();
    const { member } = await subscribedMember(now);
    const { env: runEnv, sent } = capturingEnv();
    await cron(runEnv, now);
    let status = 503;
    pushService(() => status);
    expect(await deliverMessage(OUTBOUND_QUEUE, sent[0]!, 1, runEnv)).toMatchObject({ retried: true });
    expect(await devicesOf(member.id)).toHaveLength(1);
    status = 404;
    expect(await deliverMessage(OUTBOUND_QUEUE, sent[0]!, 2, runEnv)).toMatchObject({ acked: true });
    expect(await devicesOf(member.id)).toEqual([]);
  });
});

describe("the push service's answers", () => {
  it("never follows a push service's redirect: nothing reaches the address it names, and the device is kept", async () => {
    const now = Date.now();
    const { member } = await subscribedMember(now);
    const { env: runEnv, sent } = capturingEnv();
    await cron(runEnv, now);
    const received = pushService(() => 307);
    expect(await deliverMessage(OUTBOUND_QUEUE, sent[0]!, 1, runEnv)).toMatchObject({ acked: true, retried: false });
    // One POST, to the push service; none to where its redirect pointed (a metadata address).
    expect(received.map((r) => r.endpoint)).toEqual([expect.stringMatching(/^https:\/\/fcm\.googleapis\.com\//)]);
    expect(received.some((r) => r.endpoint === REDIRECT_TARGET)).toBe(false);
    expect(await devicesOf(member.id)).toHaveLength(1);
  });
});

describe("cheers by push", () => {
  it("pushes a cheer to the cheered member's device once, and not when they turned cheers off", async () => {
    const now = Date.now();
    const { goal, member, device } = await subscribedMember(now);
    const cheerer = await signedInUser({ first: "Ada", last: "Byron", join: [goal.id] });
    const { env: runEnv, sent } = capturingEnv();
    const cheer = () => cheerAs(cheerer.cookie, goal.id, member.id, runEnv);
    expect(await cheer()).toBe(302);
    expect(sent).toHaveLength(1);
    const received = pushService();
    expect(await deliverMessage(OUTBOUND_QUEUE, sent[0]!, 1, runEnv)).toMatchObject({ acked: true });
    expect(JSON.parse(await open(device, received[0]!.body))).toMatchObject({
      title: "Ada Byron cheered you on",
      body: `In ${goal.cause}. Keep going!`,
      url: `/active/${goal.id}`,
    });
    // Taken back and given again: told once, as the bell (ADR 181).
    expect(await cheer()).toBe(302);
    expect(await cheer()).toBe(302);
    expect(sent).toHaveLength(1);

    // With cheers off, another member's cheer pushes nothing.
    await post("/profile/push", { reminderHour: "off", cheers: "off" }, member.cookie);
    const other = await signedInUser({ join: [goal.id] });
    expect(await cheerAs(other.cookie, goal.id, member.id, runEnv)).toBe(302);
    expect(sent).toHaveLength(1);
  });
});

describe("the subscription endpoint", () => {
  it("refuses what is not a push subscription with a clear message, and writes nothing", async () => {
    const member = await signedInUser();
    const device = await newDevice();
    const good = {
      intent: "subscribe",
      endpoint: device.endpoint,
      p256dh: device.p256dh,
      auth: device.auth,
      timeZone: ZONE,
    };
    const cases: [Record<string, string>, string][] = [
      [
        { ...good, endpoint: "http://fcm.googleapis.com/fcm/send/x" },
        "This is not the address of a browser's push service.",
      ],
      [{ ...good, endpoint: "https://169.254.169.254/latest" }, "This is not the address of a browser's push service."],
      [
        { ...good, endpoint: "https://fcm.googleapis.com.evil.example/x" },
        "This is not the address of a browser's push service.",
      ],
      [{ ...good, endpoint: `https://fcm.googleapis.com/${"x".repeat(2000)}` }, "This push address is too long."],
      [{ ...good, p256dh: device.auth }, "This is not a device key."],
      // The right shape, but not a point on the curve.
      [{ ...good, p256dh: `BA${"A".repeat(85)}` }, "This is not a device key."],
      [{ ...good, auth: "short" }, "This is not a device secret."],
      [{ ...good, timeZone: "Mars/Olympus" }, "This is not a time zone."],
      [{ ...good, intent: "spam" }, "Choose to turn notifications on or off."],
    ];
    for (const [values, message] of cases) {
      const response = await post("/push/subscription", values, member.cookie);
      expect(response.status, JSON.stringify(values).slice(0, 120)).toBe(400);
      expect((await response.json()) as { error: string }).toMatchObject({ error: message });
    }
    expect(await devicesOf(member.id)).toEqual([]);
    const settings = await env.DB.prepare("SELECT count(*) AS n FROM push_settings WHERE user_id = ?")
      .bind(member.id)
      .first<{ n: number }>();
    expect(settings!.n).toBe(0);
    // Signed out: nobody to store it for.
    expect((await post("/push/subscription", good)).status).toBe(401);
    // From another site: the request guard's 403, as for every form (ADR 071).
    const crossSite = await SELF.fetch(`${BASE}/push/subscription`, {
      method: "POST",
      body: new URLSearchParams(good),
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: "https://evil.example",
        Cookie: member.cookie,
      },
    });
    expect(crossSite.status).toBe(403);
    expect(await devicesOf(member.id)).toEqual([]);
  });

  it("turns a device off, and a device another account used moves to whoever subscribed it last", async () => {
    const first = await signedInUser();
    const second = await signedInUser();
    const device = await newDevice();
    expect((await subscribe(first.cookie, device)).status).toBe(200);
    expect((await subscribe(second.cookie, device)).status).toBe(200);
    expect(await devicesOf(first.id)).toEqual([]);
    expect(await devicesOf(second.id)).toHaveLength(1);
    // The first account cannot remove the second's device.
    await post("/push/subscription", { intent: "unsubscribe", endpoint: device.endpoint }, first.cookie);
    expect(await devicesOf(second.id)).toHaveLength(1);
    const off = await post("/push/subscription", { intent: "unsubscribe", endpoint: device.endpoint }, second.cookie);
    expect(await off.json()).toEqual({ subscribed: false });
    expect(await devicesOf(second.id)).toEqual([]);
  });
});

describe("signing out", () => {
  it("forgets this device's push with the session; the member's other devices and other members' stay (ADR 284)", async () => {
    const member = await signedInUser();
    const other = await signedInUser();
    const [phone, tablet, theirs] = await Promise.all([newDevice(), newDevice(), newDevice()]);
    for (const [cookie, device] of [
      [member.cookie, phone],
      [member.cookie, tablet],
      [other.cookie, theirs],
    ] as const)
      expect((await subscribe(cookie, device)).status).toBe(200);

    // Another member's address sent with a sign-out: theirs stays (the owner is the session's member).
    const intruder = await signedInUser();
    const out = await post("/signout", { pushEndpoint: theirs.endpoint }, intruder.cookie);
    expect(out.headers.get("Location")).toBe("/signin");
    expect(await devicesOf(other.id)).toHaveLength(1);
    // An address that is not a push service's never stops the sign-out, and forgets nothing.
    const bad = await post("/signout", { pushEndpoint: "https://169.254.169.254/latest" }, other.cookie);
    expect(bad.status).toBe(302);
    expect(bad.headers.get("Location")).toBe("/signin");
    expect((await get("/main", other.cookie)).headers.get("Location")).toBe("/");
    expect(await devicesOf(other.id)).toHaveLength(1);

    // The member signs out on the phone: the phone's push goes with the session, the tablet keeps its own.
    const signedOut = await post("/signout", { pushEndpoint: phone.endpoint }, member.cookie);
    expect(signedOut.headers.get("Location")).toBe("/signin");
    expect((await get("/main", member.cookie)).headers.get("Location")).toBe("/");
    expect(await devicesOf(member.id)).toEqual([{ endpoint: tablet.endpoint }]);
  });
});
