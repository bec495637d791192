/**
 * "Find a goal" (ADR 263): from Suggested on /main, a member reaches every goal they could join, by name
 * and page by page, with JavaScript and without, on a phone (in the Suggested drawer) and a desktop.
 * The org's 21 private goals are seen by nobody else, so the search's pages are the test's own.
 */
import { type Page } from "@playwright/test";
import { checkAxe } from "./support";
import { createUser, expect, signInAs, test, type TestUser } from "./fixtures";
import { expectGoodLayout } from "./layout-check";

const SHOTS = process.env.SCREENSHOTS_DIR;
const today = () => new Date().toISOString().slice(0, 10);
const names = async (page: Page) =>
  (await page.getByRole("main").locator(".goal-card__name").allTextContents()).map((n) => n.trim());

let org: TestUser;
let stamp: string;
let causes: string[];

test.beforeAll(async ({ browser, baseURL }) => {
  const context = await browser.newContext();
  org = await createUser(context.request, { type: "org", first: "Fern" });
  stamp = `Find ${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  causes = Array.from({ length: 21 }, (_, i) => `${stamp} ${String(i + 1).padStart(2, "0")}`);
  for (const cause of causes) {
    const response = await context.request.post("/create", {
      form: { cause, start: today(), end: today(), visibility: "private" },
      headers: { Origin: baseURL! },
      maxRedirects: 0,
    });
    expect(response.status(), `POST /create ${cause}`).toBe(302);
  }
  await context.close();
});

for (const javaScriptEnabled of [true, false]) {
  for (const width of [390, 1280]) {
    test.describe(`Find a goal, JavaScript ${javaScriptEnabled ? "on" : "off"}, ${width}px`, () => {
      test.use({ javaScriptEnabled, viewport: { width, height: 900 } });

      test("from Suggested, a search by name, and its next page", async ({ page }) => {
        await signInAs(page, org);
        await page.goto("/main");
        if (width < 500) await page.getByRole("button", { name: "Suggested" }).click();
        await page.getByRole("region", { name: "Suggested" }).getByRole("link", { name: "Find a goal" }).click();
        await expect(page).toHaveURL(/\/goals\/find$/);
        await expect(page.getByRole("heading", { level: 1, name: "Find a goal" })).toBeVisible();

        await page.getByLabel("Goal name").fill(stamp.toUpperCase());
        await page.getByRole("button", { name: "Search" }).click();
        await expect(page).toHaveURL(/\/goals\/find\?q=/);
        await expect(page.getByText(/closing soonest first: 1 to 20\./)).toBeVisible();
        expect(await names(page)).toEqual(causes.slice(0, 20));
        if (SHOTS) await page.screenshot({ path: `${SHOTS}/find-${width}-js${javaScriptEnabled}.png`, fullPage: true });
        await checkAxe(page, javaScriptEnabled);
        await expectGoodLayout(page);

        await page.getByRole("link", { name: "Next page" }).click();
        await expect(page.getByText(/closing soonest first: 21 to 21\./)).toBeVisible();
        expect(await names(page)).toEqual([causes[20]]);
        await expect(page.getByRole("link", { name: "Next page" })).toHaveCount(0);
        await page.getByRole("link", { name: causes[20] }).click();
        await expect(page).toHaveURL(/\/join\//);

        // Too long: said beside the field, nothing searched.
        await page.goto(`/goals/find?q=${"x".repeat(60)}`);
        await expect(page.getByText("Search with 40 characters or fewer.")).toBeVisible();
        await expect(page.getByLabel("Goal name")).toHaveAttribute("aria-invalid", "true");
      });
    });
  }
}
