import { expect, test, type Page } from "@playwright/test";
import { signUp } from "./support";

/** Publishes as a committed write would, through the development-only lever (404 in production). */
async function publish(page: Page, topics: string) {
  const response = await page.request.post("/dev/live", { form: { intent: "publish", topics } });
  expect(response.ok()).toBe(true);
  return (await response.json()) as { delivered: number };
}

const connected = (page: Page) => expect(page.locator("html")).toHaveAttribute("data-live", "connected");
const revalidation = (page: Page, path: string) =>
  page.waitForRequest((r) => new URL(r.url()).pathname === `${path}.data`, { timeout: 5_000 });

test("the sign-up page revalidates on a settings change and keeps focus and typed input, without a reload", async ({ page }) => {
  await page.goto("/signup");
  await connected(page);
  await page.evaluate(() => ((window as any).__sameDocument = true));
  const first = page.getByLabel("First name");
  await first.fill("Half-typed");
  await first.focus();

  const reloaded = revalidation(page, "/signup");
  expect((await publish(page, "settings")).delivered).toBeGreaterThanOrEqual(1);
  await reloaded;
  await page.waitForLoadState("networkidle");

  await expect(first).toHaveValue("Half-typed");
  await expect(first).toBeFocused();
  expect(await page.evaluate(() => (window as any).__sameDocument)).toBe(true);
});

test("a signed-in page hears its user's topic, and no one else's", async ({ page, browser }) => {
  await signUp(page, "Lena");
  await connected(page);
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signUp(otherPage, "Omar");
  await connected(otherPage);

  const ids = await Promise.all(
    [page, otherPage].map((p) => p.evaluate(async () => (await fetch("/main.data")).text())),
  );
  // The root loader's user id is in each page's data; publish to the first user's topic only.
  const id = /"id","([0-9a-f]{32})"/.exec(ids[0]!)?.[1];
  expect(id).toBeTruthy();

  let otherRevalidated = false;
  otherPage.on("request", (r) => {
    if (new URL(r.url()).pathname.endsWith(".data")) otherRevalidated = true;
  });
  const reloaded = revalidation(page, "/main");
  await publish(page, `user:${id}`);
  await reloaded;
  await page.waitForTimeout(300);
  expect(otherRevalidated).toBe(false);
  await other.close();
});

test("pages listening through a hub restart are current again within 5 s", async ({ page }) => {
  await page.goto("/signup");
  await connected(page);
  await page.evaluate(() => ((window as any).__sameDocument = true));

  const started = Date.now();
  const caughtUp = revalidation(page, "/signup");
  const response = await page.request.post("/dev/live", { form: { intent: "restart", topics: "settings" } });
  expect(response.ok()).toBe(true);
  // The stream drops, the hook reconnects (with backoff) and revalidates what it may have missed.
  await caughtUp;
  await connected(page);
  expect(Date.now() - started).toBeLessThan(5_000);

  // And it hears new changes on the fresh hub.
  const reloaded = revalidation(page, "/signup");
  await publish(page, "settings");
  await reloaded;
  expect(await page.evaluate(() => (window as any).__sameDocument)).toBe(true);
});

test("the development lever does not exist for GET", async ({ request }) => {
  expect((await request.get("/dev/live")).status()).toBe(404);
});
