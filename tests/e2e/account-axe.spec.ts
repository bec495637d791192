/**
 * Every screen of the member's own account (ADR 180: /profile and its sections, change e-mail and its
 * confirmation, change password, delete account, notification e-mail, /friends, the notifications list)
 * is axe clean at 1280 and 390 px, filled with content and showing field errors, and none scrolls
 * sideways on a phone. One walk through the screens checks each state at both widths (the markup is the
 * same; only the layout differs), instead of building the same content twice, once per width.
 */
import { expect, test, type Browser, type Page } from "@playwright/test";
import { createUser, signedInPage, type TestUser } from "./fixtures";
import { stylesApplied } from "./layout-check";
import { expectNoAxeViolations, latestMailedLink, uniqueEmail } from "./support";

const someone = (browser: Browser, first: string) => signedInPage(browser, { first, last: "Friendly" });

/** At each width: axe finds nothing, and the page is no wider than the screen. */
async function clean(page: Page, what: string) {
  for (const width of [1280, 390]) {
    await test.step(`${what} at ${width}px`, async () => {
      await page.setViewportSize({ width, height: 900 });
      await expectNoAxeViolations(page);
      await stylesApplied(page);
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth, `${what} scrolls sideways`).toBeLessThanOrEqual(width);
    });
  }
}

test("every account screen is axe clean at 1280 and 390px, with content and with field errors", async ({
  page,
  browser,
}) => {
  // Every account screen twice (two widths), each with an axe pass: minutes on a busy 2-core machine.
  test.setTimeout(240_000);
  const me: TestUser = await createUser(page.request, { first: "Axel", last: "Account" });
  // A friend (through their personal link) and a pending friend request (by e-mail): lists with rows.
  const dee = await someone(browser, "Dee");
  await dee.page.goto("/friends");
  const link = await dee.page.getByRole("textbox", { name: "Your invite link" }).inputValue();
  await page.goto(new URL(link).pathname);
  await page.getByRole("button", { name: "Accept" }).click();
  await expect(page).toHaveURL(/\/friends$/);
  const bo = await someone(browser, "Bo");
  await bo.page.goto("/friends");
  await bo.page.getByLabel("Friend's e-mail address").fill(me.email);
  await bo.page.getByRole("button", { name: "Send invite" }).click();
  await expect(bo.page.getByText(`Invite sent to ${me.email}.`)).toBeVisible();

  await page.goto("/friends");
  await expect(page.getByRole("region", { name: "Friend requests (1)" })).toBeVisible();
  await expect(page.getByRole("region", { name: /Your friends/ })).toContainText("Dee Friendly");
  await clean(page, "/friends");
  await page.getByLabel("Friend's e-mail address").fill("not an address");
  await page.getByRole("button", { name: "Send invite" }).click();
  await expect(page.getByLabel("Friend's e-mail address")).toHaveAccessibleDescription(/valid email/i);
  await clean(page, "/friends with a field error");

  await page.goto("/notifications");
  await expect(page.getByRole("link", { name: /Bo Friendly/ }).first()).toBeVisible();
  await clean(page, "/notifications");

  await page.goto("/profile");
  await expect(page.getByRole("region", { name: "Account" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Notifications", exact: true })).toBeVisible();
  await clean(page, "/profile");
  await page.getByLabel("First name").fill("");
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByLabel("First name")).toHaveAttribute("aria-invalid", "true");
  await clean(page, "/profile with a field error");

  await page.goto("/profile/notifications");
  await clean(page, "/profile/notifications");

  await page.goto("/profile/password");
  await clean(page, "/profile/password");
  await page.getByLabel("Current password").fill("not-my-password");
  await page.getByLabel("New password").fill("a-new-password");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("That is not your current password")).toBeVisible();
  await clean(page, "/profile/password with a field error");

  await page.goto("/profile/email");
  await clean(page, "/profile/email");
  await page.getByLabel("New e-mail address").fill("not an address");
  await page.getByLabel("Current password").fill(me.password);
  await page.getByRole("button", { name: "Send confirmation link" }).click();
  await expect(page.getByLabel("New e-mail address")).toHaveAccessibleDescription(/valid email/i);
  await clean(page, "/profile/email with a field error");
  const next = uniqueEmail("axe-moved");
  await page.getByLabel("New e-mail address").fill(next);
  await page.getByLabel("Current password").fill(me.password);
  await page.getByRole("button", { name: "Send confirmation link" }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await page.goto(await latestMailedLink(page, next, "/profile/email/"));
  await expect(page.getByRole("button", { name: "Use this address" })).toBeVisible();
  await clean(page, "/profile/email/{token}");

  await page.goto("/profile/delete");
  await clean(page, "/profile/delete");
  await page.getByLabel(`Type ${me.email} to confirm`).fill("someone@else.example.com");
  await page.getByLabel("Current password").fill(me.password);
  await page.getByRole("button", { name: "Delete my account" }).click();
  await expect(page.getByText("Type your e-mail address exactly as shown to confirm")).toBeVisible();
  await clean(page, "/profile/delete with a field error");
  await Promise.all([dee.close(), bo.close()]);
});
