import { type Page } from "@playwright/test";
import { DEMO, expectNoAxeViolations, signIn } from "./support";
import { createUser, expect, signInNew, test } from "./fixtures";

const suggested = (page: Page) => page.getByRole("region", { name: "Suggested" });
const yourGoals = (page: Page) => page.getByRole("region", { name: "Goals", exact: true });
// Suggested lists 6 until "Show more" (ADR 191, 315; tests/e2e/suggested.spec.ts): look in the whole list.
const ALL = "?suggested=all";

async function openProfileMenu(page: Page) {
  await page.locator("summary.profile-menu__button").click();
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`member goals with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("a member joins a suggested goal, sees it active and on the bar, completes it, finds it completed", async ({
      page,
    }) => {
      await signInNew(page, { first: "Jo" });
      await expect(page.getByRole("heading", { name: "Select a goal to get started" })).toBeVisible();
      await expect(yourGoals(page).getByText("Empty State")).toBeVisible();
      await expect(page.getByRole("link", { name: "Create a goal" })).toHaveCount(0);

      await page.goto(`/main${ALL}`);
      await suggested(page)
        .getByRole("link", { name: /Walk 10,000 steps a day/ })
        .click();
      await expect(page).toHaveURL(/\/join\/goal-running$/);
      await page.getByRole("button", { name: "Join goal" }).click();
      await expect(page).toHaveURL(/\/active\/goal-running$/);
      await expect(page.getByRole("heading", { name: "Walk 10,000 steps a day" })).toBeVisible();
      await expect(yourGoals(page).getByRole("link", { name: /Walk 10,000 steps a day/ })).toBeVisible();
      await page.goto(`/active/goal-running${ALL}`);
      await expect(suggested(page).getByText("Walk 10,000 steps a day")).toHaveCount(0);
      await expect(page.getByText("Day 11 of 31")).toBeVisible();

      await openProfileMenu(page);
      await page.getByRole("link", { name: "Progress Bar" }).click();
      await expect(page).toHaveURL(/\/bar$/);
      await expect(page.getByRole("heading", { name: "Progress Bar" })).toBeVisible();
      await expect(page.getByText("Walk 10,000 steps a day")).toBeVisible();
      await expect(page.getByRole("progressbar", { name: "Time elapsed" })).toHaveAttribute("aria-valuenow", "35");

      await page.goto("/active/goal-running");
      await page.getByRole("button", { name: "Complete goal" }).click();
      await page.getByRole("button", { name: "Yes, I completed it" }).click();
      await expect(page).toHaveURL(/\/completedgoals$/);
      await expect(page.getByRole("heading", { name: "Completed Goals" })).toBeVisible();
      await expect(page.getByRole("link", { name: /Walk 10,000 steps a day/ })).toBeVisible();

      await page.goto(`/main${ALL}`);
      await expect(yourGoals(page).getByText("Empty State")).toBeVisible();
      await expect(suggested(page).getByText("Walk 10,000 steps a day")).toHaveCount(0);
    });
  });
}

test("demo goals never appear in suggestions, not even for admins", async ({ page }) => {
  await signInNew(page, { type: "admin", first: "Ada" });
  await expect(page.getByRole("heading", { name: "Create or select a goal to get started" })).toBeVisible();
  await page.goto(`/main${ALL}`);
  await expect(suggested(page).getByRole("link").first()).toBeVisible();
  await expect(suggested(page).getByText("Demo: drink more water")).toHaveCount(0);
});

test("a private goal is suggested only to the org that owns it", async ({ page, browser }) => {
  await signIn(page, DEMO.org);
  await page.goto(`/main${ALL}`);
  await expect(suggested(page).getByText("Club month of miles", { exact: true })).toBeVisible();
  const other = await (await browser.newContext()).newPage();
  await createUser(other.request);
  await other.goto(`/main${ALL}`);
  await expect(suggested(other).getByRole("link").first()).toBeVisible();
  await expect(suggested(other).getByText("Club month of miles", { exact: true })).toHaveCount(0);
  // A goal this account may not see is page not found, like one that does not exist (ADR 218).
  await other.goto("/join/goal-private");
  await expect(other).toHaveURL(/\/404$/);
  await expect(other.getByText("Club month of miles", { exact: true })).toHaveCount(0);
  await other.context().close();
});

test("a goal id that does not exist shows the 404 page", async ({ page, user }) => {
  expect(user.type).toBe("user");
  await page.goto("/active/no-such-goal");
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByText("Page not found")).toBeVisible();
});

test("the main screen, a goal, the bar and completed goals are axe clean", async ({ page, user }) => {
  // Five full axe passes over the app's longest screens: minutes on a busy 2-core machine.
  test.slow();
  await page.goto("/main");
  await expect(page.getByRole("banner").getByText(user.first)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goto("/join/goal-reading");
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Join goal" }).click();
  await expect(page).toHaveURL(/\/active\/goal-reading$/);
  await expectNoAxeViolations(page);
  await page.goto("/bar");
  await expectNoAxeViolations(page);
  await page.goto("/completedgoals");
  await expectNoAxeViolations(page);
});
