import type { Page } from "@playwright/test";
import { createUser, expect, test } from "./fixtures";
import { orgInvitePath } from "./invite-support";
import { checkAxe, signOut } from "./support";

const flash = (page: Page) => page.locator(".flash[role=status]");

async function login(page: Page, email: string, password: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Login" }).click();
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`the way back after signing in, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    // Each member exists but is signed in nowhere (`request` keeps its cookie): signing in is the subject.
    test("a deep link keeps SPEC's redirect to /, and signing in returns to it", async ({ page, request }) => {
      const { email, password } = await createUser(request, { first: "Dee" });
      await page.goto("/active/goal-reading");
      await expect(page).toHaveURL(/\/$/);
      await page.goto("/signin");
      await expect(
        page.getByText("Sign in to continue: we will take you back to the page you asked for."),
      ).toBeVisible();
      await checkAxe(page, javaScriptEnabled);
      await login(page, email, password);
      await expect(page).toHaveURL(/\/active\/goal-reading$/);
      // Used once: the next sign-in goes to /main as usual.
      await signOut(page);
      await page.goto("/signin");
      await login(page, email, password);
      await expect(page).toHaveURL(/\/main$/);
    });

    test("an invite survives signing in: back on the invite, one tap joins", async ({ page, browser, request }) => {
      const invite = await orgInvitePath(browser);
      const { email, password } = await createUser(request, { first: "Ivy" });
      await page.goto(invite);
      await expect(page.getByText("we will bring you straight back here to join")).toBeVisible();
      await page.getByRole("link", { name: "Sign In" }).click();
      await expect(page.getByText("Sign in to continue: we will take you back to your invite.")).toBeVisible();
      await login(page, email, password);
      await expect(page).toHaveURL(new RegExp(`${invite.replace(/[.]/g, "\\.")}$`));
      await page.getByRole("button", { name: "Join the challenge" }).click();
      await expect(page).toHaveURL(/\/active\/goal-private$/);
      await expect(flash(page)).toHaveText("You joined Club month of miles through an invite.");
    });
  });
}
