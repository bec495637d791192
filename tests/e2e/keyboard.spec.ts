/**
 * Keyboard only (ADR 168): the profile menu closes on Escape, on a click outside and after choosing an
 * item; drawer toggles answer Space like any button; an open drawer keeps focus inside it.
 */
import { expect, type Page, test } from "@playwright/test";
import { createUser, signInNew } from "./fixtures";
import { stylesApplied } from "./layout-check";

/** Resolves once React has taken over the header (its nodes carry React's fiber) and its effects ran. */
async function hydrated(page: Page) {
  await page.waitForFunction(() => {
    const menu = document.querySelector("details.profile-menu");
    return !!menu && Object.keys(menu).some((key) => key.startsWith("__reactFiber$"));
  });
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))));
}

test("the profile menu closes on Escape, on a click outside, and after choosing an item", async ({ page }) => {
  await signInNew(page, { first: "Kim" });
  const summary = page.locator("summary.profile-menu__button");
  const menu = page.locator("details.profile-menu");
  const profileLink = page.getByRole("link", { name: "Profile", exact: true });
  await hydrated(page);

  // Open with the keyboard, close with Escape: focus goes back to the menu button.
  await summary.focus();
  await page.keyboard.press("Enter");
  await expect(profileLink).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(profileLink).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(profileLink).toBeHidden();
  await expect(menu).not.toHaveAttribute("open");
  await expect(summary).toBeFocused();

  // A click anywhere else closes it.
  await page.keyboard.press("Enter");
  await expect(profileLink).toBeVisible();
  await page
    .locator("main")
    .first()
    .click({ position: { x: 5, y: 5 } });
  await expect(profileLink).toBeHidden();

  // Choosing an item goes there and the menu is folded away on the new page.
  await summary.focus();
  await page.keyboard.press("Enter");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/profile$/);
  await expect(menu).not.toHaveAttribute("open");
  await expect(profileLink).toBeHidden();
});

test("a menu opened before the page's scripts have run stays open when they do", async ({ page }) => {
  await createUser(page.request, { first: "Kim" });
  // Hold the scripts, as a slow phone network would, until the member has opened the menu.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/build/**/*.js", async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/main", { waitUntil: "domcontentloaded" });
  await page.locator("summary.profile-menu__button").click();
  const profileLink = page.getByRole("link", { name: "Profile", exact: true });
  await expect(profileLink).toBeVisible();
  release();
  await hydrated(page);
  await expect(profileLink).toBeVisible();
  await expect(page.locator("details.profile-menu")).toHaveAttribute("open");
});

test.describe("phones (390px)", () => {
  test.use({ viewport: { width: 390, height: 800 } });

  test("Space opens a drawer, focus stays inside while it is open, Space on Close shuts it", async ({ page }) => {
    await signInNew(page);
    await hydrated(page); // the drawer's toggle is a script's button
    const goals = page.getByRole("region", { name: "Goals", exact: true });
    const toggle = page.getByRole("button", { name: "Goals", exact: true });
    await toggle.focus();
    await page.keyboard.press("Space");
    await expect(goals).toBeVisible();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    const close = goals.getByRole("button", { name: "Close navigation" });
    await expect(close).toBeFocused();

    // Tab through everything in the drawer and beyond: focus never leaves it.
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press("Tab");
      expect(await goals.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await close.focus();
    await page.keyboard.press("Shift+Tab");
    expect(await goals.evaluate((el) => el.contains(document.activeElement))).toBe(true);

    await close.focus();
    await page.keyboard.press("Space");
    await expect(goals).toBeHidden();
    await expect(toggle).toBeFocused();
  });
});

test.describe("phones: the loading bar", () => {
  test.use({ viewport: { width: 390, height: 800 } });

  test("a pending navigation shows a bar inside the header, not a note over the page's title", async ({ page }) => {
    await signInNew(page);
    // Hold the next page's data until the bar has been measured (no timing involved).
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname.startsWith("/profile") && (url.pathname.endsWith(".data") || url.searchParams.has("_data")),
      async (route) => {
        await held;
        await route.continue();
      },
    );
    await page.locator("summary.profile-menu__button").click();
    await page.getByRole("link", { name: "Profile", exact: true }).click();
    const loading = page.locator(".app-header__loading");
    await expect(loading).toHaveText("loading...");
    await expect(loading).toHaveAttribute("role", "status");
    await stylesApplied(page);
    const bar = (await loading.boundingBox())!;
    const header = (await page.getByRole("banner").boundingBox())!;
    expect(bar.y).toBeGreaterThanOrEqual(header.y);
    expect(bar.y + bar.height).toBeLessThanOrEqual(header.y + header.height + 0.5);
    expect(bar.height).toBeLessThanOrEqual(4);
    release();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(loading).toHaveCount(0);
  });
});
