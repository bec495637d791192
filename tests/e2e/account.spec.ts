/**
 * The member's own account (ADR 180), walked as a person would, with JavaScript on and off.
 * Each test starts signed in as a fresh member (tests/e2e/fixtures.ts); signing in with the new password
 * goes through the real form. axe and the phone width of every screen here (/profile, change password,
 * change e-mail and its confirmation, delete account) are checked once, with content and field errors, in
 * account-axe.spec.ts; the server markup is the same with JavaScript on or off.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { stylesApplied } from "./layout-check";
import { latestMailedLink, signIn, uniqueEmail } from "./support";

const status = (page: Page) => page.getByRole("status").filter({ hasText: /\S/ });

for (const javaScriptEnabled of [true, false]) {
  test.describe(`account with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("change password, then sign in with the new one", async ({ page, user }) => {
      await page.goto("/profile");
      await page.getByRole("link", { name: "Change password" }).click();
      await expect(page).toHaveURL(/\/profile\/password$/);
      await page.getByLabel("Current password").fill("wrong-password");
      await page.getByLabel("New password").fill("a-new-password");
      await page.getByRole("button", { name: "Change password" }).click();
      await expect(page.getByText("That is not your current password")).toBeVisible();

      await page.getByLabel("Current password").fill(user.password);
      await page.getByLabel("New password").fill("a-new-password");
      await page.getByRole("button", { name: "Change password" }).click();
      await expect(page).toHaveURL(/\/profile$/);
      await expect(status(page)).toContainText("Your password is changed");

      await page.context().clearCookies();
      await signIn(page, user.email, "a-new-password");
    });

    test("change e-mail through the link sent to the new address", async ({ page, user }) => {
      const next = uniqueEmail("moved");
      await page.goto("/profile");
      await page.getByRole("link", { name: "Change e-mail" }).click();
      await expect(page).toHaveURL(/\/profile\/email$/);
      await page.getByLabel("New e-mail address").fill(next);
      await page.getByLabel("Current password").fill(user.password);
      await page.getByRole("button", { name: "Send confirmation link" }).click();
      await expect(page).toHaveURL(/\/profile$/);
      await expect(status(page)).toContainText(`Check ${next}`);

      const link = await latestMailedLink(page, next, "/profile/email/");
      await page.goto(link);
      await expect(page.getByText(next)).toBeVisible();
      await page.getByRole("button", { name: "Use this address" }).click();
      await expect(page).toHaveURL(/\/profile$/);
      await expect(status(page)).toContainText("Your e-mail address is changed");
      await expect(page.getByText(next).first()).toBeVisible();
    });

    test("download my data, then delete the account", async ({ page, user }) => {
      const { email } = user;
      await page.goto("/profile");
      const data = await page.request.get("/profile/data.json");
      expect(data.headers()["content-disposition"]).toContain("attachment");
      expect((await data.json()).profile.email).toBe(email);

      await page.getByRole("link", { name: "Delete account" }).click();
      await expect(page).toHaveURL(/\/profile\/delete$/);
      await page.getByLabel(`Type ${email} to confirm`).fill("not-me@example.com");
      await page.getByLabel("Current password").fill(user.password);
      await page.getByRole("button", { name: "Delete my account" }).click();
      await expect(page.getByText("Type your e-mail address exactly as shown to confirm")).toBeVisible();
      await page.getByLabel(`Type ${email} to confirm`).fill(email);
      await page.getByLabel("Current password").fill(user.password);
      await page.getByRole("button", { name: "Delete my account" }).click();
      await expect(status(page)).toContainText("Your account is deleted");

      await page.goto("/signin");
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password", { exact: true }).fill(user.password);
      await page.getByRole("button", { name: "Login" }).click();
      await expect(page).toHaveURL(/\/signin$/);
    });
  });
}

test.describe("account on a phone (390px)", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the Account section fits", async ({ page, user: _ana }) => {
    await page.goto("/profile");
    const section = page.getByRole("region", { name: "Account" });
    await expect(section).toBeVisible();
    await stylesApplied(page);
    const box = await section.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  });
});
