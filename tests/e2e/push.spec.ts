/**
 * Web Push opt-in (ADR 281, 282) at 390 px, with and without JavaScript. Headless Chromium has no push
 * service to subscribe to (pushManager.subscribe fails without Google's), so the page's subscribe call
 * is answered by a stand-in that returns a subscription with a real P-256 key, and the permission prompt
 * (which the old headless shell of ADR 206 answers "denied" whatever is granted) says "Allow".
 * Everything else is real: the page's script, POST /push/subscription, the stored device, the settings
 * form. The encryption and the push service's side are proven in workerd (tests/integration/push.test.ts).
 * Not proven in a browser: the service worker's `push` and `notificationclick` handlers (the shell shows
 * no notification, and DevTools' deliverPushMessage reached no handler here).
 */
import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { createUser, signInAs } from "./fixtures";
import { stylesApplied } from "./layout-check";
import { checkAxe, signIn, signOut } from "./support";

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
    // The subscription outlives a reload, as the browser's does (kept in localStorage).
    const KEY = "e2e-push-subscription";
    const wrap = (saved: { endpoint: string; p256dh: string; auth: string }) =>
      ({
        endpoint: saved.endpoint,
        expirationTime: null,
        toJSON: () => ({ endpoint: saved.endpoint, keys: { p256dh: saved.p256dh, auth: saved.auth } }),
        unsubscribe: async () => {
          localStorage.removeItem(KEY);
          return true;
        },
      }) as unknown as PushSubscription;
    const b64url = (bytes: ArrayBuffer) =>
      btoa(String.fromCharCode(...new Uint8Array(bytes)))
        .replaceAll("+", "-")
        .replaceAll("/", "_")
        .replace(/=+$/, "");
    PushManager.prototype.getSubscription = async () => {
      const saved = localStorage.getItem(KEY);
      return saved ? wrap(JSON.parse(saved)) : null;
    };
    PushManager.prototype.subscribe = async () => {
      const pair = await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, ["deriveBits"]);
      const saved = {
        endpoint: `https://fcm.googleapis.com/fcm/send/e2e-${crypto.randomUUID()}`,
        p256dh: b64url(await crypto.subtle.exportKey("raw", pair.publicKey)),
        auth: b64url(crypto.getRandomValues(new Uint8Array(16)).buffer),
      };
      localStorage.setItem(KEY, JSON.stringify(saved));
      return wrap(saved);
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
  // It sits with the one log form that leads the goal screen (ADR 224): right after it, above Progress.
  await expect(
    page.locator("#log ~ .push--offer").getByRole("button", { name: "Remind me on this phone" }),
  ).toBeVisible();
  await stylesApplied(page);
  const save = await page.locator("#log").getByRole("button", { name: "Save" }).boundingBox();
  const line = await offer.boundingBox();
  const progress = await page.getByRole("heading", { name: "Progress", exact: true }).boundingBox();
  expect(line!.y).toBeGreaterThan(save!.y);
  expect(line!.y).toBeLessThan(progress!.y);
  await expect(page.getByText("On days you have not logged, at the hour you pick")).toBeVisible();
  await checkAxe(page, true, [390]);
  await offer.click();
  await expect(page.getByRole("status").filter({ hasText: "Notifications are on for this device." })).toBeVisible();
  await page.reload();
  await expect(page.locator('[data-testid="push-toggle"][data-status="on"]')).toBeAttached();
  await expect(page.getByRole("button", { name: "Remind me on this phone" })).toHaveCount(0);
  await context.close();
});

test("signing out on a phone turns its notifications off: signed in again, no device has them on (ADR 284)", async ({
  browser,
}) => {
  const { context, page, user } = await member(browser);
  await standInPushService(context);
  await context.grantPermissions(["notifications"]);
  await page.goto("/profile");
  const push = section(page);
  await push.getByRole("button", { name: "Turn on notifications on this device" }).click();
  await expect(push.getByRole("status").filter({ hasText: "Notifications are on for this device." })).toBeVisible();
  await page.reload();
  await expect(push).toContainText("1 device has them on.");
  // The page's script has put this device's push address in the Sign Out form (a quick tap could
  // otherwise beat the read).
  await expect(page.locator('form[action="/signout"] input[name="pushEndpoint"]')).toHaveCount(1);

  await signOut(page);
  // The browser's subscription ended at the tap (the stand-in keeps it in localStorage).
  await expect.poll(() => page.evaluate(() => localStorage.getItem("e2e-push-subscription"))).toBeNull();
  await signIn(page, user.email, user.password);
  await page.goto("/profile");
  await expect(push).toContainText("No device has them on yet.");
  await expect(push.getByRole("button", { name: "Turn on notifications on this device" })).toBeVisible();
  await context.close();
});

test("a site whose notifications are blocked says how to allow them, and offers no button", async ({ browser }) => {
  // Without the stand-in the old headless shell (ADR 206) reports notifications as denied.
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
