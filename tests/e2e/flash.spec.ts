import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { checkAxe, uniqueEmail } from "./support";

/** The flash message of the page: a polite status (ADR 160). */
const flash = (page: Page) => page.locator(".flash[role=status]");
/**
 * axe with JavaScript on. The JS-off twin (same width) gets the same server markup, flash and all: a
 * JS-off copy (support.ts checkAxe) would check it a second time.
 */
const axe = (page: Page, javaScriptEnabled: boolean) => (javaScriptEnabled ? checkAxe(page, true) : undefined);

for (const javaScriptEnabled of [true, false]) {
  for (const width of [1280, 390]) {
    test.describe(`flash messages, JavaScript ${javaScriptEnabled ? "on" : "off"}, ${width}px`, () => {
      test.use({ javaScriptEnabled, viewport: { width, height: 800 } });

      // `user`: a fresh member, signed in by the fixtures (tests/e2e/fixtures.ts).
      test("saving, joining, completing and signing out each say so once, with clean addresses", async ({
        page,
        user: _flo,
      }) => {
        test.slow(); // a whole journey of page loads and axe checks: room on a loaded machine

        await page.goto("/profile");
        await page.getByLabel("Last name").fill("Flash");
        await page.getByRole("button", { name: "Save profile" }).click();
        await expect(page).toHaveURL(/\/profile$/);
        await expect(flash(page)).toHaveText("Your profile is saved.");
        await axe(page, javaScriptEnabled);
        // Shown once: a reload (or coming back later) does not repeat it.
        await page.reload();
        await expect(page.getByRole("heading", { name: "Profile" })).toBeVisible();
        await expect(flash(page)).toHaveCount(0);

        await page.goto("/join/goal-reading");
        await page.getByRole("button", { name: "Join goal" }).click();
        await expect(page).toHaveURL(/\/active\/goal-reading$/);
        await expect(flash(page)).toHaveText("You joined Read 12 books this year.");
        await page.goto("/main");
        await expect(flash(page)).toHaveCount(0);

        await page.locator("summary.profile-menu__button").click();
        await page.getByRole("button", { name: "Sign Out" }).click();
        await expect(page).toHaveURL(/\/signin$/);
        await expect(flash(page)).toHaveText("You are signed out. See you soon!");
        await axe(page, javaScriptEnabled);
      });

      test("asking for a reset link lands on a plain /signin that says what happened", async ({ page }) => {
        await page.goto("/passwordreset");
        await page.getByLabel("Email").fill(uniqueEmail("flash"));
        await page.getByRole("button", { name: "Reset" }).click();
        await expect(page).toHaveURL(/\/signin$/);
        await expect(flash(page)).toContainText("we have e-mailed it a link");
        // The old flag in the address no longer shows anything.
        await page.goto("/signin?notice=reset");
        await expect(page.getByText("we have e-mailed it a link")).toHaveCount(0);
      });
    });
  }
}
