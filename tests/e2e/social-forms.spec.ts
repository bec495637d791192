/**
 * The smaller social and account forms (ADR 180-189), each with JavaScript on and off, and the screens
 * they live on at 1280 and 390 px: a new personal friend link (the old one stops working), a new invite link for a shared
 * goal (ADR 184), removing the profile picture, the notification e-mail switches on /profile, marking
 * all notifications read.
 */
import { expect, test, type Browser, type Page } from "@playwright/test";
import { fileURLToPath } from "node:url";
import { signedInPage } from "./fixtures";
import { checkAxe } from "./support";

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url));
const status = (page: Page) => page.locator(".flash[role=status]");
const bell = (page: Page) => page.getByRole("link", { name: /^Notifications, / });

const person = (browser: Browser, first: string, javaScriptEnabled: boolean) =>
  signedInPage(browser, { first, last: "Former" }, javaScriptEnabled);

/**
 * axe at both widths. With JavaScript off the server sends the same markup as to the JavaScript-on twin
 * of the test, which checks it in the same state on the same screen: the JS-off copy (a context of its
 * own, support.ts checkAxe) would check it a second time, so it is skipped there.
 */
async function bothWidths(page: Page, javaScriptEnabled: boolean) {
  if (javaScriptEnabled) await checkAxe(page, true, [390, 1280]);
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test("a new friend link and a new goal invite link stop the old ones", async ({ browser }) => {
      test.setTimeout(90_000);
      const ana = await person(browser, "Ana", javaScriptEnabled);
      const ben = await person(browser, "Ben", javaScriptEnabled);

      await ana.page.goto("/friends");
      const linkBox = ana.page.getByRole("textbox", { name: "Your invite link" });
      const old = new URL(await linkBox.inputValue()).pathname;
      await ana.page.getByRole("button", { name: /Make a new link/ }).click();
      await expect(status(ana.page)).toHaveText("You have a new invite link: the old one no longer works.");
      const fresh = new URL(await linkBox.inputValue()).pathname;
      expect(fresh).not.toBe(old);
      await ben.page.goto(old);
      await expect(ben.page.getByRole("heading", { name: "Link not working" })).toBeVisible();
      await ben.page.goto(fresh);
      await expect(ben.page.getByRole("heading", { name: "Become friends" })).toBeVisible();
      await bothWidths(ben.page, javaScriptEnabled);
      await ben.page.getByRole("button", { name: "Accept" }).click();
      await expect(ben.page).toHaveURL(/\/friends$/);

      // Ana's goal with friends, shared by its invite link, then the link replaced.
      await ana.page.goto("/goals/new");
      const cause = `Stretch daily ${Date.now()}`;
      await ana.page.getByLabel("Cause").fill(cause);
      await ana.page.getByLabel("Start date").fill(new Date().toISOString().slice(0, 10));
      await ana.page.getByLabel("End date").fill(new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10));
      await ana.page.getByRole("button", { name: "Start goal" }).click();
      await expect(ana.page).toHaveURL(/\/active\/[0-9a-f]{32}$/);
      const id = new URL(ana.page.url()).pathname.split("/").pop()!;
      await ana.page.goto(`/goals/${id}/share`);
      await bothWidths(ana.page, javaScriptEnabled);
      const inviteBox = ana.page.getByRole("textbox", { name: "Invite link" });
      const oldInvite = new URL(await inviteBox.inputValue()).pathname;
      // Replacing the link asks first and says what stops working (ADR 252).
      await ana.page.getByText("Revoke this link…").click();
      await expect(ana.page.getByRole("group", { name: "Revoke the invite link?" })).toContainText(
        "stops working at once",
      );
      await ana.page.getByRole("button", { name: "Make a new link" }).click();
      await expect(status(ana.page)).toHaveText("Invite link replaced: the old link no longer works.");
      const newInvite = new URL(await inviteBox.inputValue()).pathname;
      expect(newInvite).not.toBe(oldInvite);
      await ben.page.goto(oldInvite);
      await expect(ben.page.getByRole("heading", { name: "Invite link not valid" })).toBeVisible();
      await ben.page.goto(newInvite);
      await expect(ben.page.getByRole("heading", { level: 1, name: cause })).toBeVisible();
      await Promise.all([ana.close(), ben.close()]);
    });

    test("remove the profile picture, switch an e-mail kind off, mark all notifications read", async ({ browser }) => {
      test.setTimeout(90_000);
      const cy = await person(browser, "Cy", javaScriptEnabled);
      const dee = await person(browser, "Dee", true);
      const { page } = cy;

      await page.goto("/profile");
      await page.getByLabel("Profile picture").setInputFiles(fixture("avatar.png"));
      await page.getByRole("button", { name: "Save profile" }).click();
      await expect(status(page)).toHaveText("Your profile is saved.");
      await expect(page.getByRole("banner").locator("img.avatar")).toHaveCount(1);
      await page.getByRole("button", { name: "Remove profile picture" }).click();
      await expect(status(page)).toHaveText("Your profile picture is removed.");
      await expect(page.getByRole("banner").locator("img.avatar")).toHaveCount(0);
      await expect(page.getByRole("button", { name: "Remove profile picture" })).toHaveCount(0);

      const section = page.getByRole("region", { name: "Notifications", exact: true });
      const messages = section.getByRole("group", { name: "A message in a goal you are in" });
      await expect(messages.getByLabel("On")).toBeChecked();
      await messages.getByLabel("Off").check();
      await section.getByRole("button", { name: "Save notifications" }).click();
      await expect(page).toHaveURL(/\/profile#notifications$/);
      await expect(status(page)).toHaveText("Your notification e-mail settings are saved.");
      await page.reload();
      await expect(
        page
          .getByRole("region", { name: "Notifications", exact: true })
          .getByRole("group", { name: "A message in a goal you are in" })
          .getByLabel("Off"),
      ).toBeChecked();

      // Dee asks Cy to be friends by e-mail: one unread notification, then none.
      await dee.page.goto("/friends");
      await dee.page.getByLabel("Friend's e-mail address").fill(cy.user.email);
      await dee.page.getByRole("button", { name: "Send invite" }).click();
      await expect(dee.page.getByText(`Invite sent to ${cy.user.email}.`)).toBeVisible();
      await page.goto("/notifications");
      await expect(bell(page)).toHaveAccessibleName("Notifications, 1 unread");
      await bothWidths(page, javaScriptEnabled);
      await page.getByRole("button", { name: "Mark all as read" }).click();
      await expect(status(page)).toHaveText("All notifications are marked as read.");
      await expect(bell(page)).toHaveAccessibleName("Notifications, none unread");
      await Promise.all([cy.close(), dee.close()]);
    });
  });
}
