import { expect, test, type Browser, type Page } from "@playwright/test";
import { connected, publish, revalidation } from "./live-support";
import { uniqueEmail } from "./support";
import { signInNew } from "./fixtures";

/** The "Pursuing" figure on a goal's screen. */
const pursuing = async (page: Page) =>
  Number(await page.locator("dt", { hasText: "Pursuing" }).locator("xpath=following-sibling::dd").textContent());

/** Two signed-up members in separate browser contexts; B is on the goal's screen, listening. */
async function twoMembersOnGoal(browser: Browser, goalId: string) {
  const [a, b] = [await browser.newContext(), await browser.newContext()];
  const [pageA, pageB] = [await a.newPage(), await b.newPage()];
  await signInNew(pageA, { first: "Alex" });
  await signInNew(pageB, { first: "Bea" });
  await pageB.goto(`/join/${goalId}`);
  await pageB.getByRole("button", { name: "Join goal" }).click();
  await expect(pageB).toHaveURL(new RegExp(`/active/${goalId}$`));
  await connected(pageB);
  await pageB.evaluate(() => ((window as any).__sameDocument = true));
  await pageA.goto(`/join/${goalId}`);
  return { pageA, pageB, close: () => Promise.all([a.close(), b.close()]) };
}

test("the sign-up page revalidates on a settings change and keeps focus and typed input, without a reload", async ({
  page,
}) => {
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

test("member B on a goal's screen sees member A join within 1 s, without a reload", async ({ browser }) => {
  const { pageA, pageB, close } = await twoMembersOnGoal(browser, "goal-reading");
  const before = await pursuing(pageB);
  // The clock starts when A's join has committed: the answer to A's Join submission.
  const joined = pageA.waitForResponse(
    (r) => r.request().method() === "POST" && r.url().includes("/join/goal-reading"),
  );
  await pageA.getByRole("button", { name: "Join goal" }).click();
  await joined;
  const started = Date.now();
  await expect.poll(() => pursuing(pageB), { timeout: 1_000, intervals: [25] }).toBeGreaterThan(before);
  expect(Date.now() - started).toBeLessThan(1_000);
  await expect(pageA).toHaveURL(/\/active\/goal-reading$/);
  expect(await pageB.evaluate(() => (window as any).__sameDocument)).toBe(true);
  await close();
});

test("a goal's screen is current again within 5 s when its hub restarts and a change lands meanwhile", async ({
  browser,
}) => {
  const { pageA, pageB, close } = await twoMembersOnGoal(browser, "goal-running");
  const before = await pursuing(pageB);
  const started = Date.now();
  // Only this goal's hub instance restarts; the page's merged stream drops and reconnects.
  expect(
    (await pageA.request.post("/dev/live", { form: { intent: "restart", topics: "goal:goal-running" } })).ok(),
  ).toBe(true);
  await pageA.getByRole("button", { name: "Join goal" }).click();
  await expect.poll(() => pursuing(pageB), { timeout: 5_000 }).toBeGreaterThan(before);
  await connected(pageB);
  expect(Date.now() - started).toBeLessThan(5_000);
  expect(await pageB.evaluate(() => (window as any).__sameDocument)).toBe(true);
  await close();
});

test("a form's result on screen (a success notice) survives a live update of that page", async ({ page }) => {
  await signInNew(page, { type: "admin", first: "Ada" });
  await page.goto("/admin/users/add-user");
  await connected(page);
  const email = uniqueEmail("live-added");
  await page.getByLabel("First name").fill("Lou");
  await page.getByLabel("Last name").fill("Live");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Add user" }).click();
  const notice = page.getByRole("status").filter({ hasText: `Added ${email}.` });
  await expect(notice).toBeVisible();

  // The add itself publishes "admin", and so may anyone else: the page reloads its data, keeps the notice.
  const reloaded = revalidation(page, "/admin/users/add-user");
  await publish(page, "admin");
  await reloaded;
  await page.waitForLoadState("networkidle");
  await expect(notice).toBeVisible();
  await expect(page.getByRole("link", { name: "See them in Users" })).toBeVisible();
});

test("joining while the goal's screen receives a stream of changes lands on the goal, not an empty screen", async ({
  page,
}) => {
  await signInNew(page, { first: "Rae" });
  await page.goto("/join/goal-reading");
  await connected(page);
  let stop = false;
  const changes = (async () => {
    while (!stop) {
      await page.request
        .post("/dev/live", { form: { intent: "publish", topics: "goal:goal-reading" } })
        .catch(() => {});
      await new Promise((r) => setTimeout(r, 30 + Math.random() * 50));
    }
  })();
  try {
    await page.waitForTimeout(250);
    await page.getByRole("button", { name: "Join goal" }).click();
    await expect(page).toHaveURL(/\/active\/goal-reading$/);
    await expect(page.getByRole("heading", { name: "Read 12 books this year" })).toBeVisible();
  } finally {
    stop = true;
    await changes;
  }
});

test("the development lever does not exist for GET", async ({ request }) => {
  expect((await request.get("/dev/live")).status()).toBe(404);
});
