/**
 * A shared /join/{id} link opened signed out (ADR 262): the goal's preview with Sign Up and Sign In, and
 * after either the visitor is back on the goal, where one tap joins it. A private goal's link shows
 * nothing of it. JavaScript on and off, on a phone and a desktop.
 */
import { checkAxe, uniqueEmail } from "./support";
import { createUser, expect, test } from "./fixtures";
import { expectGoodLayout } from "./layout-check";

const SHOTS = process.env.SCREENSHOTS_DIR;

for (const javaScriptEnabled of [true, false]) {
  for (const width of [390, 1280]) {
    test.describe(`/join/{id} signed out, JavaScript ${javaScriptEnabled ? "on" : "off"}, ${width}px`, () => {
      test.use({ javaScriptEnabled, viewport: { width, height: 900 } });

      test("previews the goal, and signing up comes back to join it", async ({ page }) => {
        await page.goto("/join/goal-reading");
        await expect(page).toHaveURL(/\/join\/goal-reading$/);
        await expect(page.getByRole("heading", { level: 1, name: "Read 12 books this year" })).toBeVisible();
        await expect(page.getByText("Sign up or sign in to join: we will bring you straight back here.")).toBeVisible();
        if (SHOTS)
          await page.screenshot({ path: `${SHOTS}/join-preview-${width}-js${javaScriptEnabled}.png`, fullPage: true });
        await checkAxe(page, javaScriptEnabled);
        await expectGoodLayout(page);

        await page.getByRole("link", { name: "Sign Up" }).click();
        await expect(page).toHaveURL(/\/signup$/);
        await page.getByLabel("First name").fill("Jo");
        await page.getByLabel("Last name").fill("Preview");
        await page.getByLabel("Email").fill(uniqueEmail("join-preview"));
        await page.getByLabel("Password", { exact: true }).fill("password123");
        await page.getByRole("button", { name: "Sign Up" }).click();

        await expect(page).toHaveURL(/\/join\/goal-reading$/);
        await page.getByRole("button", { name: "Join goal" }).first().click();
        await expect(page).toHaveURL(/\/active\/goal-reading$/);
      });

      test("signing in comes back too; a private goal's link shows nothing of it", async ({ page, request }) => {
        const { email, password } = await createUser(request, { first: "Ida" });
        await page.goto("/join/goal-private");
        await expect(page.getByRole("heading", { level: 1, name: "Sign in to see this goal" })).toBeVisible();
        await expect(page.getByText("Club month of miles")).toHaveCount(0);
        if (SHOTS)
          await page.screenshot({ path: `${SHOTS}/join-hidden-${width}-js${javaScriptEnabled}.png`, fullPage: true });
        await expectGoodLayout(page);

        await page.goto("/join/goal-running");
        await page.getByRole("link", { name: "Sign In" }).click();
        await expect(
          page.getByText("Sign in to continue: we will take you back to the goal to join it."),
        ).toBeVisible();
        await page.getByLabel("Email").fill(email);
        await page.getByLabel("Password", { exact: true }).fill(password);
        await page.getByRole("button", { name: "Login" }).click();
        await expect(page).toHaveURL(/\/join\/goal-running$/);
        await expect(page.getByRole("button", { name: "Join goal" }).first()).toBeVisible();
      });
    });
  }
}
