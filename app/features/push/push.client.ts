/**
 * The browser's half of Web Push (ADR 281): asks the member's permission (only on their tap), subscribes
 * this device with the server's public key and sends the subscription to /push/subscription; turning
 * off unsubscribes the device and tells the server. Loaded on demand by the opt-in buttons.
 */
import { deviceTimeZone, fromBase64url, PUSH_CHANGED } from "./push";

export type PushAvailability = "unsupported" | "blocked" | "available";

export function availability(): PushAvailability {
  if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window))
    return "unsupported";
  return Notification.permission === "denied" ? "blocked" : "available";
}

async function registration() {
  // The offline module registers it after load (ADR 226); registering again is a no-op.
  await navigator.serviceWorker.register("/sw.js", { scope: "/" });
  return navigator.serviceWorker.ready;
}

/** Whether this device is subscribed now (false when the browser cannot say). */
export async function isSubscribed(): Promise<boolean> {
  if (availability() !== "available" || Notification.permission !== "granted") return false;
  try {
    const existing = await navigator.serviceWorker.getRegistration("/");
    return !!(await existing?.pushManager.getSubscription());
  } catch {
    return false;
  }
}

/** What this device can do now: "on" or "off" where push is available, else why it is not. */
export async function deviceStatus(): Promise<"unsupported" | "blocked" | "on" | "off"> {
  const can = availability();
  return can === "available" ? ((await isSubscribed()) ? "on" : "off") : can;
}

async function post(fields: Record<string, string>): Promise<string | null> {
  try {
    const response = await fetch("/push/subscription", {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { Accept: "application/json" },
    });
    if (response.ok) return null;
    const body = (await response.json().catch(() => ({}))) as { error?: string };
    return body.error ?? "That did not work. Try again.";
  } catch {
    return "No connection. Try again when you are online.";
  }
}

/** Tells the page (the Sign Out form's field, ADR 284) that this device's subscription changed. */
const changed = () => window.dispatchEvent(new Event(PUSH_CHANGED));

/** Asks permission, subscribes the device and stores it. Null when done, else what to tell the member. */
export async function turnOn(publicKey: string): Promise<string | null> {
  if (availability() === "unsupported") return "This browser cannot show notifications.";
  const permission = await Notification.requestPermission();
  if (permission !== "granted")
    return permission === "denied"
      ? "Notifications are blocked for this site. Allow them in your browser's site settings, then try again."
      : "Notifications stay off: the browser did not get your permission.";
  let subscription: PushSubscription;
  try {
    const ready = await registration();
    subscription =
      (await ready.pushManager.getSubscription()) ??
      (await ready.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: fromBase64url(publicKey) }));
  } catch {
    return "This browser could not turn on notifications. Try again later.";
  }
  const json = subscription.toJSON();
  const problem = await post({
    intent: "subscribe",
    endpoint: subscription.endpoint,
    p256dh: json.keys?.p256dh ?? "",
    auth: json.keys?.auth ?? "",
    timeZone: deviceTimeZone(),
  });
  changed();
  return problem;
}

/** Unsubscribes this device and forgets it on the server. Null when done, else what to tell the member. */
export async function turnOff(): Promise<string | null> {
  const existing = await navigator.serviceWorker.getRegistration("/");
  const subscription = await existing?.pushManager.getSubscription();
  if (!subscription) return null;
  const endpoint = subscription.endpoint;
  await subscription.unsubscribe().catch(() => false);
  changed();
  return post({ intent: "unsubscribe", endpoint });
}
