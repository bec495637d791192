import { expect, test } from "@playwright/test";
import { setEarlyAccess, uniqueEmail } from "../support";
import { orgInvitePath } from "../invite-support";

// These tests switch the site-wide early-access mode: one at a time, and always back to 'open'.
test.describe.configure({ mode: "serial" });
test.slow();
test.afterAll(() => setEarlyAccess("open"));

for (const mode of ["closed", "request"] as const) {
  for (const javaScriptEnabled of [true, false]) {
    test(`a challenge invite opens sign-up while early access is ${mode} (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({
      browser,
    }) => {
      const invite = await orgInvitePath(browser);
      await setEarlyAccess(mode);
      const context = await browser.newContext({ javaScriptEnabled });
      const page = await context.newPage();
      await page.goto(invite);
      await page.getByRole("link", { name: "Sign Up" }).click();
      await expect(page.getByRole("heading", { name: "Get Started" })).toBeVisible();
      await expect(page.getByText("You are invited to Club month of miles.")).toBeVisible();
      await page.getByLabel("First name").fill("Inez");
      await page.getByLabel("Last name").fill("Invited");
      await page.getByLabel("Email").fill(uniqueEmail("invited"));
      await page.getByLabel("Password", { exact: true }).fill("password123");
      await page.getByRole("button", { name: "Sign Up" }).click();
      // Back on the invite, signed in: one tap joins.
      await expect(page).toHaveURL(new RegExp(`${invite.replace(/[.]/g, "\\.")}$`));
      await page.getByRole("button", { name: "Join the challenge" }).click();
      await expect(page).toHaveURL(/\/active\/goal-private$/);

      // Without the invite, the mode still rules.
      const stranger = await (await browser.newContext({ javaScriptEnabled })).newPage();
      await stranger.goto("/signup");
      await expect(stranger.getByRole("heading", { name: "Get Started" })).toHaveCount(0);
      await stranger.context().close();
      await context.close();
    });
  }
}
