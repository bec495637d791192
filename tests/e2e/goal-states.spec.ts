import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { checkAxe } from "./support";

const flash = (page: Page) => page.locator(".flash[role=status]");
const panel = (page: Page) => page.getByRole("article");
/** The state tags under the goal's title. */
const tags = (page: Page) => page.getByRole("article").locator(".goal-detail__tags");
// In a closed drawer on phones: hidden, but still in the page.
const suggested = (page: Page) => page.getByRole("region", { name: "Suggested", includeHidden: true });
/**
 * axe with JavaScript on. The JS-off twin of each test (same width) gets the same server markup in the
 * same state (the confirm step is the ?confirm= address either way): a JS-off copy would check it twice.
 */
const axe = (page: Page, javaScriptEnabled: boolean) => (javaScriptEnabled ? checkAxe(page, true) : undefined);

async function join(page: Page, id: string) {
  await page.goto(`/join/${id}`);
  await page.getByRole("button", { name: "Join goal" }).click();
  await expect(page).toHaveURL(new RegExp(`/active/${id}$`));
}

for (const javaScriptEnabled of [true, false]) {
  for (const width of [1280, 390]) {
    test.describe(`goal states, JavaScript ${javaScriptEnabled ? "on" : "off"}, ${width}px`, () => {
      // Each test's page is a fresh member's, signed in by the fixtures (tests/e2e/fixtures.ts).
      test.use({ javaScriptEnabled, viewport: { width, height: 900 } });

      test("complete asks first, can be undone while the goal runs, and a member can leave", async ({
        page,
        user: _member,
      }) => {
        test.slow(); // a whole journey of page loads and axe checks: room on a loaded machine
        await join(page, "goal-running");
        await expect(tags(page).getByText("Running", { exact: true })).toBeVisible();
        await expect(tags(page).getByText("Pursuing", { exact: true })).toBeVisible();
        await expect(panel(page).getByText("Day 11 of 31 · 35% of the time")).toBeVisible();

        // One tap does not complete: it asks.
        await page.getByRole("button", { name: "Complete goal" }).click();
        await expect(page.getByRole("heading", { name: "Mark “Walk 10,000 steps a day” as completed?" })).toBeVisible();
        await axe(page, javaScriptEnabled);
        await page.getByRole("link", { name: "Cancel" }).click();
        await expect(page).toHaveURL(/\/active\/goal-running$/);
        await expect(tags(page).getByText("Pursuing", { exact: true })).toBeVisible();

        await page.getByRole("button", { name: "Complete goal" }).click();
        await page.getByRole("button", { name: "Yes, I completed it" }).click();
        await expect(page).toHaveURL(/\/completedgoals$/);
        await expect(flash(page)).toHaveText("Well done! You completed Walk 10,000 steps a day.");

        // Undo while it runs.
        await page.goto("/active/goal-running");
        await expect(tags(page).getByText("Completed", { exact: true })).toBeVisible();
        await expect(page.getByRole("button", { name: "Complete goal" })).toHaveCount(0);
        await page.getByRole("button", { name: "Undo completion" }).click();
        await expect(flash(page)).toHaveText("Completion undone: you are pursuing Walk 10,000 steps a day again.");
        await expect(tags(page).getByText("Pursuing", { exact: true })).toBeVisible();

        // Leave, from the goal's menu (ADR 222), confirmed; the goal is back among the suggestions.
        await expect(page.getByRole("button", { name: "Leave goal" })).toBeHidden();
        await page.getByText("Goal options").click();
        await page.getByRole("button", { name: "Leave goal" }).click();
        await page.getByRole("button", { name: "Yes, leave this goal" }).click();
        await expect(page).toHaveURL(/\/main$/);
        await expect(flash(page)).toHaveText("You left Walk 10,000 steps a day.");
        await page.goto("/main?suggested=all"); // the whole list: it shows 6 until "Show more" (ADR 191, 315)
        await expect(suggested(page).getByText("Walk 10,000 steps a day")).toHaveCount(1);
      });

      test("an upcoming goal cannot be completed yet, and says when it starts", async ({ page, user: _member }) => {
        await join(page, "goal-future");
        await expect(tags(page).getByText("Upcoming", { exact: true })).toBeVisible();
        await expect(panel(page).getByText(/This goal starts on \d+\/\d+/)).toBeVisible();
        await expect(page.getByRole("button", { name: "Complete goal" })).toHaveCount(0);
        // Even the confirmation address does not offer it.
        await page.goto("/active/goal-future?confirm=complete");
        await expect(page.getByRole("button", { name: "Yes, I completed it" })).toHaveCount(0);
        await page.getByText("Goal options").click();
        await expect(page.getByRole("button", { name: "Leave goal" })).toBeVisible();
      });

      test("an ended goal shows one state: Ended, no percentage, no Complete", async ({ page, user: _member }) => {
        await join(page, "goal-running");
        const after = new Date(Date.now() + 21 * 86_400_000).toISOString().slice(0, 10);
        await page.goto("/dev/date");
        await page.getByLabel("Today's date").fill(after);
        await page.getByRole("button", { name: "Use this date" }).click();
        await expect(page.getByText(`Today is pinned to ${after}`)).toBeVisible();

        await page.goto("/active/goal-running");
        await expect(tags(page).getByText("Ended", { exact: true })).toBeVisible();
        await expect(tags(page).getByText("Running", { exact: true })).toHaveCount(0);
        await expect(panel(page).getByText(/\d+%/)).toHaveCount(0);
        await expect(panel(page).getByText("Expired")).toHaveCount(0);
        await expect(page.getByRole("button", { name: "Complete goal" })).toHaveCount(0);
        await expect(panel(page).getByText(/before you marked it completed/)).toBeVisible();
        await axe(page, javaScriptEnabled);
      });
    });
  }
}
