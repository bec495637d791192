/**
 * Web Push opt-in (ADR 281, 282) at 390 px, with and without JavaScript. Headless Chromium has no push
 * service to subscribe to (pushManager.subscribe fails without Google's), so the page's subscribe call
 * is answered by a stand-in that returns a subscription with a real P-256 key, and the permission prompt
 * (which the old headless shell of ADR 206 answers "denied" whatever is granted) says "Allow".
 * Everything else is real: the page's script, POST /push/subscription, the stored device, the settings
 * form. The encryption and the push service's side are proven in workerd (tests/integration/push.test.ts);
 * here the service worker's `push` handler is driven by DevTools' ServiceWorker.deliverPushMessage, with
 * the worker's showNotification recorded (the shell cannot show one).
 */
import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { createUser, signInAs } from "./fixtures";
import { checkAxe } from "./support";

const GOAL = "goal-challenge"; // seeded: a measured month challenge (miles), running
const PHONE = { width: 390, height: 844 };

/** pushManager.subscribe/getSubscription answered in the page by a subscription with a real device key. */
async function standInPushService(context: BrowserContext) {
  await context.addInitScript(() => {
    if (!("PushManager" in window)) return;
    // The old headless shell (ADR 206) reports notifications as denied whatever is granted: the member's
    // "Allow" is answered here too.
    Object.defineProperty(Notification, "permission", { get: () => "granted" });
    Notification.requestPermission = async () => "granted";
    let current: PushSubscription | null = null;
    const b64url = (bytes: ArrayBuffer) =>
      btoa(String.fromCharCode(...new Uint8Array(bytes)))
        .replaceAll("+", "-")
        .replaceAll("/", "_")
        .replace(/=+$/, "");
    PushManager.prototype.getSubscription = async () => current;
    PushManager.prototype.subscribe = async () => {
      const pair = await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, ["deriveBits"]);
      const p256dh = b64url(await crypto.subtle.exportKey("raw", pair.publicKey));
      const auth = b64url(crypto.getRandomValues(new Uint8Array(16)).buffer);
      const endpoint = `https://fcm.googleapis.com/fcm/send/e2e-${crypto.randomUUID()}`;
      current = {
        endpoint,
        expirationTime: null,
        toJSON: () => ({ endpoint, keys: { p256dh, auth } }),
        unsubscribe: async () => {
          current = null;
          return true;
        },
      } as unknown as PushSubscription;
      return current;
    };
  });
}

async function member(browser: Browser, javaScriptEnabled = true) {
  const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled });
  const page = await context.newPage();
  const user = await createUser(page.request, { first: "Pia", join: [GOAL] });
  await signInAs(page, user);
  return { context, page, user };
}

const section = (page: Page) => page.locator("section#push");

test("a member turns on notifications for this phone on /profile, picks the hour, and turns them off", async ({
  browser,
}) => {
  const { context, page } = await member(browser);
  await standInPushService(context);
  await context.grantPermissions(["notifications"]);
  await page.goto("/profile");
  const push = section(page);
  await expect(push.getByRole("heading", { name: "Notifications on your phone" })).toBeVisible();
  await expect(push).toContainText("No device has them on yet.");
  await push.getByRole("button", { name: "Turn on notifications on this device" }).click();
  await expect(push.getByRole("status").filter({ hasText: "Notifications are on for this device." })).toBeVisible();
  await expect(push.getByRole("button", { name: "Turn off on this device" })).toBeVisible();

  await page.reload();
  await expect(push).toContainText("1 device has them on.");
  await expect(push.getByText("On for this device.")).toBeVisible();
  // The first opt-in reminds at 19:00, in the phone's time zone.
  await expect(push.getByLabel("Remind me at")).toHaveValue("19");
  await expect(push).toContainText(/Your time \([A-Za-z_/]+\)/);
  await checkAxe(page, true, [390, 1280]);
  await page.setViewportSize(PHONE);

  await push.getByLabel("Remind me at").selectOption("7");
  await push.getByRole("button", { name: "Save phone notifications" }).click();
  await expect(
    push.getByRole("status").filter({ hasText: "Your phone notification settings are saved." }),
  ).toBeVisible();
  await page.reload();
  await expect(push.getByLabel("Remind me at")).toHaveValue("7");

  await push.getByRole("button", { name: "Turn off on this device" }).click();
  await expect(push.getByRole("status").filter({ hasText: "Notifications are off for this device." })).toBeVisible();
  await page.reload();
  await expect(push).toContainText("No device has them on yet.");
  await context.close();
});

test("the goal screen offers the reminder under the log form, and the line goes once it is on", async ({ browser }) => {
  const { context, page } = await member(browser);
  await standInPushService(context);
  await context.grantPermissions(["notifications"]);
  await page.goto(`/active/${GOAL}`);
  const offer = page.getByRole("button", { name: "Remind me on this phone" });
  await expect(offer).toBeVisible();
  await expect(page.getByText("On days you have not logged, at the hour you pick")).toBeVisible();
  await checkAxe(page, true, [390]);
  await offer.click();
  await expect(page.getByRole("status").filter({ hasText: "Notifications are on for this device." })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("button", { name: "Remind me on this phone" })).toHaveCount(0);
  await context.close();
});

test("a push the service worker receives shows its notice; a site whose notifications are blocked says so", async ({
  browser,
}) => {
  const { context, page } = await member(browser);
  const registered = context.waitForEvent("serviceworker");
  await page.goto("/profile");
  // The service worker (ADR 226) registers after load; DevTools delivers a push as a push service would.
  const worker = context.serviceWorkers()[0] ?? (await registered);
  await worker.evaluate(() => {
    const shown: unknown[] = [];
    (self as unknown as { shown: unknown[] }).shown = shown;
    const registration = (self as unknown as { registration: ServiceWorkerRegistration }).registration;
    registration.showNotification = async (title: string, options?: NotificationOptions) =>
      void shown.push({ title, body: options?.body, tag: options?.tag, data: options?.data });
  });
  const cdp = await context.newCDPSession(page);
  const registrationId = await new Promise<string>((resolve) => {
    cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
      const found = registrations.find((r: { isDeleted: boolean }) => !r.isDeleted);
      if (found) resolve(found.registrationId);
    });
    void cdp.send("ServiceWorker.enable");
  });
  const notice = {
    title: "You haven't logged today",
    body: "Log today's progress in X.",
    url: `/active/${GOAL}`,
    tag: "reminder",
  };
  await cdp.send("ServiceWorker.deliverPushMessage", {
    origin: new URL(page.url()).origin,
    registrationId,
    data: JSON.stringify(notice),
  });
  await expect
    .poll(() => worker.evaluate(() => (self as unknown as { shown: unknown[] }).shown))
    .toEqual([{ title: notice.title, body: notice.body, tag: "reminder", data: { url: notice.url } }]);
  await context.close();

  // Without the stand-in the shell reports notifications as denied: the page says how to allow them.
  const blocked = await member(browser);
  await blocked.page.goto("/profile");
  await expect(section(blocked.page)).toContainText(
    "Notifications are blocked for this site. Allow them in your browser’s site settings to turn them on.",
  );
  await expect(section(blocked.page).getByRole("button", { name: /Turn on/ })).toHaveCount(0);
  await blocked.context.close();
});

test("without JavaScript the page says push needs it, and the hour is still saved by the form", async ({ browser }) => {
  const { context, page } = await member(browser, false);
  await page.goto("/profile");
  const push = section(page);
  await expect(push.getByText("Notifications on this device need JavaScript")).toBeVisible();
  await expect(push.getByRole("button", { name: /Turn on/ })).toHaveCount(0);
  await push.getByLabel("Remind me at").selectOption("off");
  await push.getByRole("button", { name: "Save phone notifications" }).click();
  await expect(page).toHaveURL(/\/profile#push$/);
  await expect(
    push.getByRole("status").filter({ hasText: "Your phone notification settings are saved." }),
  ).toBeVisible();
  await expect(push.getByLabel("Remind me at")).toHaveValue("off");
  await checkAxe(page, false, [390]);
  await page.goto(`/active/${GOAL}`);
  await expect(page.getByText("Notifications on this device need JavaScript")).toBeVisible();
  await context.close();
});
