import { expect, request, type APIRequestContext, type Page } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import { createUser } from "./fixtures";

export const DEMO_PASSWORD = "goals-demo-2026";
export const DEMO = {
  admin: "admin@example.com",
  org: "org@example.com",
  member: "member@example.com",
} as const;

let n = 0;
export function uniqueEmail(prefix = "e2e") {
  return `${prefix}-${Date.now()}-${process.pid}-${++n}@example.com`;
}

/** Signs up through the real form (works with JavaScript on or off). */
export async function signUp(page: Page, first = "Sam", email = uniqueEmail(), password = "password123") {
  await page.goto("/tester");
  await page.getByLabel("First name").fill(first);
  await page.getByLabel("Last name").fill("Tester");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page).toHaveURL(/\/main$/);
  return { email, password };
}

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto("/signin");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/main$/);
}

export async function signOut(page: Page) {
  await page.locator("summary.profile-menu__button").click();
  await page.getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/signin$/);
}

/**
 * Fails with the list of axe violations, so a regression names itself. axe is asked for violations
 * only: it still runs every rule, but skips serialising the passing and inapplicable nodes we never read.
 * Legacy mode runs axe.run() in the page itself. The default (axe.runPartial per frame, then finishRun)
 * opens and closes a whole blank page per pass to merge frames' results, several times the cost of the
 * analysis; what it adds is cross-origin iframes, and the app renders no iframes at all.
 */
export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ["violations"] })
    .analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(" | ")}`)).toEqual([]);
}

/**
 * axe on the page as it is, at each of `widths` (900 px high; the page is left at the last one), or at
 * its current size when none are given. axe needs JavaScript in the page: with it off, check the same
 * server-rendered markup in a copy with it on (pages are identical on the server either way; only the
 * client script differs). The copy is one extra context for all widths, at the page's own size.
 */
export async function checkAxe(page: Page, javaScriptEnabled: boolean, widths?: number[]) {
  const sizes = widths?.map((width) => ({ width, height: 900 })) ?? [
    page.viewportSize() ?? { width: 1280, height: 720 },
  ];
  if (javaScriptEnabled) {
    for (const size of sizes) {
      if (widths) await page.setViewportSize(size);
      await expectNoAxeViolations(page);
    }
    return;
  }
  const browser = page.context().browser();
  if (!browser) return;
  // Serve the exact markup the JS-off page got, with its styles, but none of its scripts.
  const context = await browser.newContext({ javaScriptEnabled: true, viewport: sizes[0] });
  const copy = await context.newPage();
  const html = await page.content();
  await copy.route("**/*.js", (route) => route.abort());
  await copy.route(page.url(), (route) => route.fulfill({ body: html, contentType: "text/html; charset=utf-8" }));
  await copy.goto(page.url());
  try {
    for (const size of sizes) {
      await copy.setViewportSize(size);
      await expectNoAxeViolations(copy);
    }
  } finally {
    await context.close();
  }
  if (widths) await page.setViewportSize(sizes.at(-1)!);
}

/**
 * `page` (signed in as an org) creates a public goal measured in km (10 km each, 50 km for the group)
 * through /create, which lands on the new goal's screen at its organiser's tools (ADR 254); then opens its
 * fundraising page (the invite link), where the callers carry on.
 */
export async function createMeasuredGoal(page: Page, causePrefix = "Walk the distance") {
  await page.goto("/create");
  const cause = `${causePrefix} ${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  await page.getByLabel("Cause").fill(cause);
  await page.getByLabel("Unit", { exact: true }).selectOption("km");
  await page.getByLabel("Target per member").fill("10");
  await page.getByLabel(/Group target/).fill("50");
  await page.getByRole("button", { name: "Create goal" }).click();
  await expect(page).toHaveURL(/\/active\/[a-f0-9]+#organiser-tools$/);
  const goalId = new URL(page.url()).pathname.split("/")[2]!;
  await page.goto(`/goals/${goalId}/fundraising`);
  return { goalId, cause };
}

/** On a goal's management page: fundraising for "Shelter", £100 target, saved. */
export async function saveFundraising(page: Page) {
  await page.getByLabel(/Charity name/).fill("Shelter");
  await page.getByLabel(/donation page/).fill("https://shelter.example.org/donate");
  await page.getByLabel(/Target/).fill("100");
  await page.getByRole("button", { name: /Save/ }).click();
  await expect(page.getByText("Fundraising details saved.")).toBeVisible();
}

/** The settings project's own server (playwright.config.ts): E2E_PORT + 1. */
export function settingsPort(): number {
  return Number(process.env.E2E_PORT || 8790) + 1;
}

let settingsAdmin: Promise<APIRequestContext> | undefined;

/**
 * Sets the early-access mode for the whole site (the settings server), the way an admin does: the
 * /admin/access form, posted by an admin of the test's own (tests/e2e/fixtures.ts), one per worker.
 * One request instead of a `wrangler d1 execute` (a wrangler and a workerd start, seconds each).
 * Restore 'open' when the test is done.
 */
export async function setEarlyAccess(mode: "closed" | "request" | "open") {
  settingsAdmin ??= (async () => {
    const admin = await request.newContext({ baseURL: `http://localhost:${settingsPort()}` });
    await createUser(admin, { type: "admin", first: "Setter" });
    return admin;
  })();
  const response = await (await settingsAdmin).post("/admin/access", { form: { intent: "early-access", mode } });
  if (!response.ok()) throw new Error(`early access ${mode}: ${response.status()} ${await response.text()}`);
}

/** The newest link of a kind (e.g. "/passwordreset/") mailed to an address, read from /dev/mail. */
export async function latestMailedLink(page: Page, to: string, pathPrefix: string): Promise<string> {
  await page.goto(`/dev/mail?to=${encodeURIComponent(to)}`);
  const href = await page.locator(`a[href*="${pathPrefix}"]`).first().getAttribute("href");
  if (!href) throw new Error(`no ${pathPrefix} link mailed to ${to}`);
  return new URL(href).pathname;
}

/** The one log form (ADR 224): the first card of the home, the top of a measured goal's screen. */
export const logForm = (page: Page) => page.locator("form[data-quick-log]");

/** Logs through the log form: the amount, and a note (folded under "Another day, a sport or a note") when given. */
export async function logThroughForm(page: Page, amount: string, note = "") {
  const form = logForm(page);
  await form.getByLabel(/^Amount/).fill(amount);
  if (note) {
    // Folded unless open already (no script: it works with JavaScript off too).
    const field = form.getByLabel(/^Note/);
    if (!(await field.isVisible())) await form.getByText(/^Another day/).click();
    await field.fill(note);
  }
  await form.getByRole("button", { name: "Save" }).click();
}
