import { useEffect, useState } from "react";
import { PUSH_CHANGED } from "./push-event";

/** This browser's push subscription, or null (no service worker, no push, or not subscribed). */
async function currentSubscription(): Promise<PushSubscription | null> {
  try {
    if (!("serviceWorker" in navigator)) return null;
    const registration = await navigator.serviceWorker.getRegistration("/");
    return (await registration?.pushManager?.getSubscription()) ?? null;
  } catch {
    return null;
  }
}

/**
 * In the Sign Out form (ADR 284): this device's push address, so the server forgets it with the session.
 * Without JavaScript there is no subscription to send (a browser subscribes only from a script).
 */
export function PushSignOutField() {
  const [endpoint, setEndpoint] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    const read = () =>
      void currentSubscription().then((subscription) => {
        if (live) setEndpoint(subscription?.endpoint ?? null);
      });
    read();
    window.addEventListener(PUSH_CHANGED, read);
    return () => {
      live = false;
      window.removeEventListener(PUSH_CHANGED, read);
    };
  }, []);
  return endpoint ? <input type="hidden" name="pushEndpoint" value={endpoint} /> : null;
}

/**
 * At the Sign Out tap: the browser's subscription ends too, so the push service refuses whatever was
 * still on its way (ADR 284). The form is sent at once (a script navigation, the page stays), not after.
 */
export function unsubscribeOnSignOut() {
  void currentSubscription().then((subscription) => subscription?.unsubscribe().catch(() => false));
}
