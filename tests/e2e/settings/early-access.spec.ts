import { expect, test } from "@playwright/test";
import { checkAxe, setEarlyAccess, uniqueEmail } from "../support";
import { createUser } from "../fixtures";

// These tests switch the site-wide early-access mode: one at a time, and always back to 'open'.
test.describe.configure({ mode: "serial" });
test.slow();
test.afterAll(() => setEarlyAccess("open"));

for (const javaScriptEnabled of [true, false]) {
  test.describe(`early access with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("closed: 'Currently Closed' with a way back to the marketing page", async ({ page }) => {
      await setEarlyAccess("closed");
      await page.goto("/signup");
      await expect(page).toHaveTitle("Early Access Closed");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Currently Closed");
      await expect(page.getByText("Sorry, early access is currently closed.")).toBeVisible();
      await expect(page.locator("form")).toHaveCount(0);
      if (javaScriptEnabled) await checkAxe(page, true); // JS off: the same server markup
      await page.getByRole("link", { name: "Back to Goals with Friends" }).click();
      await expect(page).toHaveURL(/\/marketing$/);
      // /tester is the sign-up form whatever the setting.
      await page.goto("/tester");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Get Started");
    });

    test("request: the form checks its fields, then stores the request and thanks the visitor", async ({ page }) => {
      await setEarlyAccess("request");
      await page.goto("/signup");
      await expect(page).toHaveTitle("Request Early Access");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Request Early Access");
      await expect(page.getByText("Sign up below to be notified when early access opens.")).toBeVisible();
      if (javaScriptEnabled) await checkAxe(page, true); // JS off: the same server markup

      await page.getByLabel("First name").fill("   ");
      await page.getByLabel("Email").fill("not an email");
      await page.getByRole("button", { name: "Request Early Access" }).click();
      await expect(page.locator("#early-access-name_first-error")).toHaveText("Must have a value");
      await expect(page.locator("#early-access-email-error")).toHaveText("Enter a valid email address");
      await expect(page.locator("#early-access-location_city-error")).toHaveText("Must have a value");
      await checkAxe(page, javaScriptEnabled);

      await page.getByLabel("First name").fill("Zoë");
      await page.getByLabel("Last name").fill("Okafor");
      await page.getByLabel("City").fill("Leeds");
      await page.getByLabel("State").fill("West Yorkshire");
      await page.getByLabel("Email").fill(uniqueEmail("early"));
      await page.getByRole("button", { name: "Request Early Access" }).click();
      await expect(page).toHaveURL(/\/signup$/);
      await expect(page.getByRole("status")).toContainText("Your request is in");
    });

    test("request: asking twice keeps one place; an address with an account is sent to sign in", async ({ page }) => {
      await setEarlyAccess("request");
      const email = uniqueEmail("twice");
      const request = async (address: string, city: string) => {
        await page.goto("/signup");
        await page.getByLabel("First name").fill("Zoë");
        await page.getByLabel("Last name").fill("Okafor");
        await page.getByLabel("City").fill(city);
        await page.getByLabel("State").fill("West Yorkshire");
        await page.getByLabel("Email").fill(address);
        await page.getByRole("button", { name: "Request Early Access" }).click();
      };
      await request(email, "Leeds");
      await expect(page.getByRole("status")).toContainText("Your request is in");
      await request(email, "York");
      await expect(page.getByRole("status")).toHaveText(
        "Your request was already in: we updated your details and kept your place. We will e-mail you as soon as early access opens.",
      );

      const member = await createUser(page.request);
      await page.context().clearCookies();
      await request(member.email, "Leeds");
      await expect(page).toHaveURL(/\/signin$/);
      await expect(page.getByRole("status")).toHaveText(
        "You already have an account with that address: sign in below. Forgot the password? Use Forgot Password? to reset it.",
      );
    });

    test("open: 'Get Started' signs a new member up and lands on /main", async ({ page }) => {
      await setEarlyAccess("open");
      await page.goto("/signup");
      await expect(page).toHaveTitle("Sign Up");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Get Started");
      await expect(page.getByText("Already have an account?")).toBeVisible();
      await expect(page.getByRole("link", { name: "Sign In", exact: true })).toHaveAttribute("href", "/signin");
      if (javaScriptEnabled) await checkAxe(page, true); // JS off: the same server markup
      await page.getByLabel("First name").fill("Ana");
      await page.getByLabel("Last name").fill("Lima");
      await page.getByLabel("Email").fill(uniqueEmail("open"));
      await page.getByLabel("Password", { exact: true }).fill("password123");
      await page.getByRole("button", { name: "Sign Up" }).click();
      await expect(page).toHaveURL(/\/main$/);
    });
  });
}
