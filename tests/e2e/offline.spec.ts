/**
 * The member's phone offline (ADR 226, 227), at 390 px against the real worker: the service worker is
 * served as JavaScript for the whole site; /main and the goal screen are readable offline with when they
 * were saved; an entry logged offline waits on the device, survives a reload, and lands in D1 exactly
 * once when the connection returns; one the app refuses by then is shown with the reason; sign-out
 * leaves nothing of the account on the device.
 */
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { createUser, expect, signedInPage, test } from "./fixtures";
import { checkAxe, createMeasuredGoal, logForm, logThroughForm, signOut } from "./support";

async function memberOnPhone(browser: Browser, goalId: string) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const user = await createUser(context.request, { join: [goalId] });
  await page.goto(`/active/${goalId}`);
  // The worker installs after the page has loaded, then takes the page over.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20_000 });
  // Seen once more with the worker in charge: these are the copies kept for offline.
  await page.goto("/main");
  await page.goto(`/active/${goalId}`);
  return { context, page, user };
}

async function measuredGoal(browser: Browser) {
  const org = await signedInPage(browser, { type: "org" });
  const goal = await createMeasuredGoal(org.page, "Walk offline");
  await org.close();
  return goal;
}

const status = (page: Page) => page.getByTestId("offline-status");

async function logOffline(page: Page, amount: string) {
  await logThroughForm(page, amount);
}

async function savedCaches(page: Page) {
  return page.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith("pages-")));
}

test("the service worker is JavaScript served for the whole site, and does not hold up the first page", async ({
  page,
  user,
}) => {
  expect(user.id).toBeTruthy();
  const response = await page.request.get("/sw.js");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/javascript/);
  expect(response.headers()["content-security-policy"]).toContain("default-src 'self'");
  expect((await response.body()).length).toBeLessThan(64 * 1024);
  await page.goto("/main");
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(scope).toBe(new URL("/", page.url()).href);
});

test("offline: the saved screens show when they were saved; an entry waits, survives a reload and is logged once", async ({
  browser,
}) => {
  // Two browsers, a goal made through /create and several offline round trips: slow on a shared CI box.
  test.setTimeout(120_000);
  const { goalId } = await measuredGoal(browser);
  const { context, page } = await memberOnPhone(browser, goalId);
  const sent: string[] = [];
  page.on("request", (r) => r.url().endsWith("/sync/entry") && sent.push(r.postData() ?? ""));

  await context.setOffline(true);
  await page.reload();
  await expect(status(page)).toContainText(/Offline — showing what you saw at \d\d:\d\d/);
  await expect(page.getByTestId("my-total")).toHaveText("0 km");
  await page.goto("/main");
  await expect(status(page)).toContainText("Offline — showing what you saw at");
  await page.goto(`/active/${goalId}`);

  await logOffline(page, "2.5");
  await expect(status(page)).toContainText("1 entry waiting to send");
  await expect(status(page)).toContainText("2.5 km on");
  await expect(logForm(page).getByLabel(/Amount/)).toHaveValue("");
  // Kept on the phone: a reload offline still has it.
  await page.reload();
  await expect(status(page)).toContainText("1 entry waiting to send");
  await checkAxe(page, true);
  await page.screenshot({ path: "test-results/offline-waiting-390.png", fullPage: true });

  await context.setOffline(false);
  await expect(status(page)).toHaveCount(0, { timeout: 15_000 });
  await expect(page.getByTestId("my-total")).toHaveText("2.5 km");
  expect(sent.length).toBeGreaterThan(0);

  // Sent again (a retry whose answer was lost): still one entry.
  const again = await page.request.post("/sync/entry", {
    form: Object.fromEntries(new URLSearchParams(sent[0]!)),
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(await again.json()).toEqual({ outcome: "logged" });
  await page.reload();
  await expect(page.getByTestId("my-total")).toHaveText("2.5 km");
  await expect(page.getByTestId("my-entries").locator("li")).toHaveCount(1);
  await context.close();
});

test("offline: the quick log on /main keeps the entry on the phone, names its goal, and sends it once on reconnect", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { goalId, cause } = await measuredGoal(browser);
  const { context, page } = await memberOnPhone(browser, goalId);
  const sent: string[] = [];
  page.on("request", (r) => r.url().endsWith("/sync/entry") && sent.push(r.postData() ?? ""));
  await page.goto("/main");
  await context.setOffline(true);
  await page.reload();
  await expect(status(page)).toContainText("Offline — showing what you saw at");

  const quickLog = page.locator("form[data-quick-log].quick-log__form");
  await quickLog.getByLabel("Amount (km)").fill("4.5");
  await quickLog.getByRole("button", { name: "Save" }).click();
  await expect(status(page)).toContainText("1 entry waiting to send");
  await expect(status(page)).toContainText(`4.5 km on`);
  await expect(status(page)).toContainText(`in ${cause}`);
  // Ready for the next entry: the amount is empty again.
  await expect(quickLog.getByLabel("Amount (km)")).toHaveValue("");
  expect(sent).toEqual([]);

  await context.setOffline(false);
  await expect(status(page)).toHaveCount(0, { timeout: 15_000 });
  // In D1 exactly once, under the key the quick log gave it.
  const keys = new Set(sent.map((body) => new URLSearchParams(body).get("key")));
  expect(keys.size).toBe(1);
  await page.goto(`/active/${goalId}`);
  await expect(page.getByTestId("my-total")).toHaveText("4.5 km");
  await expect(page.getByTestId("my-entries").locator("li")).toHaveCount(1);
  await context.close();
});

test("a refusal by the time it is sent is shown with the reason; sign-out leaves nothing on the phone", async ({
  browser,
}) => {
  // Two browsers, a goal made through /create and several offline round trips: slow on a shared CI box.
  test.setTimeout(120_000);
  const { goalId } = await measuredGoal(browser);
  const { context, page } = await memberOnPhone(browser, goalId);
  await context.setOffline(true);
  await logOffline(page, "1");
  await expect(status(page)).toContainText("1 entry waiting to send");
  // Meanwhile (another device) the member completes the goal: its entries are final.
  await completeElsewhere(context, goalId, new URL(page.url()).origin);
  await context.setOffline(false);
  await expect(status(page)).toContainText("Not logged: 1 km on", { timeout: 15_000 });
  await expect(status(page)).toContainText("You completed this goal: its entries are final.");
  await expect(status(page)).not.toContainText("waiting to send");
  await checkAxe(page, true);
  expect(await savedCaches(page)).toHaveLength(1);

  await page.goto("/main");
  await signOut(page);
  await expect.poll(() => savedCaches(page)).toEqual([]);
  const queued = await page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name));
  expect(queued).not.toContain("gwf-offline");
  await context.close();
});

test("an entry logged offline the moment the page appears, before the offline code has loaded, waits on the phone too", async ({
  browser,
}) => {
  // The cause of this file's flaky failures (ADR 229): the offline code loads after hydration, and a Save
  // tapped offline before it had started went to the network and into the error screen. Later, with the
  // queue and its notice in two chunks, the notice's could fail offline while the queue's arrived: the entry
  // was never kept and nothing was shown. They are one chunk now, held here until after the Save.
  test.setTimeout(120_000);
  const { goalId } = await measuredGoal(browser);
  // No service worker: the page's own requests are the test's to hold.
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: "block" });
  const page = await context.newPage();
  await createUser(context.request, { join: [goalId] });
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/build/_shared/PageServices-*.js", async (route) => {
    const response = await route.fetch();
    await held;
    await route.fulfill({ response });
  });
  await page.goto(`/active/${goalId}`);
  // Hydrated (the form asks for its answer in place), the offline code still on its way.
  await expect(logForm(page).locator('input[name="answer"]')).toHaveCount(1);
  await context.setOffline(true);
  await logThroughForm(page, "1.5");
  release();
  await expect(status(page)).toContainText("1 entry waiting to send");
  await expect(status(page)).toContainText("1.5 km on");
  await expect(page.getByRole("heading", { name: "Something went wrong" })).toHaveCount(0);
  await expect(logForm(page).getByLabel(/Amount/)).toHaveValue("");

  await context.setOffline(false);
  await expect(status(page)).toHaveCount(0, { timeout: 15_000 });
  await expect(page.getByTestId("my-total")).toHaveText("1.5 km");
  await context.close();
});

test("an entry the write limit holds back when it syncs waits on the phone, says why, and is not refused", async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const { goalId } = await measuredGoal(browser);
  const { context, page } = await memberOnPhone(browser, goalId);
  const origin = new URL(page.url()).origin;
  const day = await logForm(page).locator('input[name="day"]').inputValue();
  // The member has saved 60 entries in the last minutes (the limit of ADR 217), through the plain form.
  for (let i = 0; i < 60; i++) {
    const response = await context.request.post(`/active/${goalId}`, {
      form: { intent: "log-entry", key: `${i}`.padStart(32, "f"), amount: "0.1", day },
      headers: { Origin: origin },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);
  }
  await context.setOffline(true);
  await logThroughForm(page, "2");
  await expect(status(page)).toContainText("1 entry waiting to send");

  await context.setOffline(false);
  // Sent, held back by the limit: still waiting, with why and that nothing is needed (ADR 238).
  await expect(status(page)).toContainText("You have saved 60 entries in 10 minutes", { timeout: 15_000 });
  await expect(status(page)).toContainText("1 entry waiting to send");
  await expect(status(page)).not.toContainText("Not logged");
  await checkAxe(page, true);
  await page.screenshot({ path: "test-results/offline-held-390.png" });
  // Kept on the phone across a visit; nothing of it reached D1.
  await page.reload();
  await expect(status(page)).toContainText("1 entry waiting to send");
  await expect(status(page)).toContainText("sent by themselves in a few minutes");
  await expect(page.getByTestId("my-total")).toHaveText("6 km");
  await context.close();
});

test("an entry held back is sent by itself once the app's wait is over, and logged once", async ({ browser }) => {
  test.setTimeout(120_000);
  const { goalId } = await measuredGoal(browser);
  // No service worker: the page's own requests are the test's to answer.
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: "block" });
  const page = await context.newPage();
  await createUser(context.request, { join: [goalId] });
  await page.goto(`/active/${goalId}`);
  await expect(logForm(page).locator('input[name="answer"]')).toHaveCount(1);
  await expect(status(page)).toHaveCount(0);
  // The first send is held back for a second (as the worker answers over the limit); later ones go through.
  const sent: string[] = [];
  await page.route("**/sync/entry", async (route) => {
    sent.push(route.request().postData() ?? "");
    if (sent.length > 1) return route.continue();
    const body = { outcome: "later", message: "You have saved 60 entries in 10 minutes: wait.", retryAfter: 1 };
    await route.fulfill({ status: 429, json: body, headers: { "Retry-After": "1" } });
  });
  // With no service worker to keep it, the offline code must have arrived before the phone goes offline: it
  // loads after the page's first scripts (ADR 237), in the page services' chunk with its notice (ADR 229).
  await page.waitForFunction(() =>
    performance.getEntriesByType("resource").some((e) => e.name.includes("/PageServices")),
  );
  await context.setOffline(true);
  await logThroughForm(page, "2");
  await expect(status(page)).toContainText("1 entry waiting to send");
  await context.setOffline(false);
  await expect(status(page)).toContainText("You have saved 60 entries in 10 minutes: wait.");
  // Nobody taps anything: it goes again after the wait, and is in D1 once.
  await expect(status(page)).toHaveCount(0, { timeout: 15_000 });
  await expect(page.getByTestId("my-total")).toHaveText("2 km");
  expect(new Set(sent.map((b) => new URLSearchParams(b).get("key"))).size).toBe(1);
  await page.reload();
  await expect(page.getByTestId("my-entries").locator("li")).toHaveCount(1);
  await context.close();
});

test("an entry queued under one account is never logged into another", async ({ page, user, baseURL }) => {
  const response = await page.request.post("/sync/entry", {
    form: { account: "someone-else", goalId: "x", key: "0".repeat(32), amount: "1", day: "2026-11-27" },
    headers: { Origin: new URL(baseURL!).origin },
  });
  expect(user.id).toBeTruthy();
  expect(response.status()).toBe(409);
  expect(await response.json()).toEqual({ outcome: "other-account" });
});

async function completeElsewhere(context: BrowserContext, goalId: string, origin: string) {
  const response = await context.request.post(`/active/${goalId}`, {
    form: { intent: "complete" },
    headers: { Origin: origin },
    maxRedirects: 0,
  });
  expect(response.status()).toBeLessThan(400);
}
