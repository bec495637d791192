import { expect, test } from "@playwright/test";
import { expectNoAxeViolations, signOut, signUp, uniqueEmail } from "./support";
import { createUser } from "./fixtures";

for (const javaScriptEnabled of [true, false]) {
  test.describe(`auth with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("sign up lands on /main with the header, sign out goes to /signin", async ({ page }) => {
      await signUp(page, "Priya");
      const header = page.getByRole("banner");
      await expect(header.getByRole("link", { name: "Home", exact: true })).toBeVisible();
      await expect(header.getByText("Priya")).toBeVisible();
      await signOut(page);
      await page.goto("/main");
      await expect(page).toHaveURL(/\/$/);
    });

    test("sign in with a wrong password shows 'Wrong Password' on the password field", async ({ page }) => {
      const { email } = await signUp(page);
      await signOut(page);
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password", { exact: true }).fill("not-my-password");
      await page.getByRole("button", { name: "Login" }).click();
      await expect(page.getByText("Wrong Password")).toBeVisible();
      await expect(page.getByLabel("Password", { exact: true })).toHaveAttribute("aria-invalid", "true");
    });

    test("a used e-mail is refused on the email field", async ({ page, browser }) => {
      const { email } = await signUp(page);
      const other = await browser.newPage({ javaScriptEnabled });
      await other.goto("/tester");
      await other.getByLabel("First name").fill("Again");
      await other.getByLabel("Last name").fill("Again");
      await other.getByLabel("Email").fill(email);
      await other.getByLabel("Password", { exact: true }).fill("password123");
      await other.getByRole("button", { name: "Sign Up" }).click();
      await expect(other.getByText("An account with this email already exists")).toBeVisible();
      await other.close();
    });
  });
}

test("a logged-out visit to /main lands on /", async ({ page }) => {
  await page.goto("/main");
  await expect(page).toHaveURL(/\/$/);
});

test("empty sign-up fields say 'Must have a value' (JavaScript on, before any request)", async ({ page }) => {
  await page.goto("/tester");
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page.getByText("Must have a value")).toHaveCount(4);
  await expect(page).toHaveURL(/\/tester$/);
});

test("with JavaScript the browser checks sign-in and sign-up before sending, in the server's words (ADR 292)", async ({
  page,
}) => {
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  await page.goto("/signin");
  await page.getByLabel("Email").fill("jane@example");
  await page.getByLabel("Password", { exact: true }).fill("whatever-it-is");
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.locator("#signin-email-error")).toHaveText("Enter a valid email address");
  await expect(page.getByLabel("Email")).toBeFocused();
  await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
  // Once sent, the field is checked again as it is typed.
  await page.getByLabel("Email").fill("jane@example.com");
  await expect(page.locator("#signin-email-error")).toHaveCount(0);
  await expect(page.getByLabel("Email")).not.toHaveAttribute("aria-invalid");

  await page.goto("/tester");
  await page.getByLabel("First name").fill("Ada");
  await page.getByLabel("Last name").fill("Line\tbreak");
  await page.getByLabel("Email").fill("ada@example.com");
  await page.getByLabel("Password", { exact: true }).fill("short");
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page.locator("#signup-last-error")).toHaveText("Keep it on one line: remove line breaks and tabs");
  await expect(page.locator("#signup-password-error")).toHaveText("Use at least 8 characters");
  await expect(page.getByLabel("Last name")).toBeFocused();
  expect(posts).toEqual([]);
});

test("without JavaScript the server's messages come back in the page, what was typed kept but the password", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/tester");
  await page.getByLabel("First name").fill("Ada");
  await page.getByLabel("Email").fill("ada@example");
  await page.getByLabel("Password", { exact: true }).fill("short");
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page.locator("#signup-last-error")).toHaveText("Must have a value");
  await expect(page.locator("#signup-email-error")).toHaveText("Enter a valid email address");
  await expect(page.locator("#signup-password-error")).toHaveText("Use at least 8 characters");
  await expect(page.getByLabel("First name")).toHaveValue("Ada");
  await expect(page.getByLabel("Email")).toHaveValue("ada@example");
  await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");
  await context.close();
});

test("the password is masked with a show/hide toggle", async ({ page }) => {
  await page.goto("/tester");
  const password = page.getByLabel("Password", { exact: true });
  await expect(password).toHaveAttribute("type", "password");
  await page.getByRole("button", { name: "Show password" }).click();
  await expect(password).toHaveAttribute("type", "text");
});

test("without JavaScript there is no Show password or Copy link button that would do nothing", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  for (const path of ["/tester", "/signin"]) {
    await page.goto(path);
    await expect(page.getByLabel("Password", { exact: true })).toHaveAttribute("type", "password");
    await expect(page.getByRole("button", { name: "Show password" })).toHaveCount(0);
  }
  // An org's invite link: the address is there to select by hand; no Copy button.
  await createUser(page.request, { type: "org" });
  await page.goto("/create");
  await page.getByLabel("Cause").fill(`No-JS copy ${Date.now()}`);
  await page.getByRole("button", { name: "Create goal" }).click();
  await expect(page).toHaveURL(/\/active\/[a-f0-9]+#organiser-tools$/);
  await page.getByRole("link", { name: "Set up fundraising and invite link" }).click();
  await expect(page.locator("#invite-url")).toHaveValue(/\/invite\//);
  await expect(page.getByRole("button", { name: "Copy link" })).toHaveCount(0);
  await context.close();
});

test("sign-in and sign-up screens have no axe violations", async ({ page }) => {
  for (const path of ["/signin", "/tester", "/signup"]) {
    await page.goto(path);
    await expectNoAxeViolations(page);
  }
  await signUp(page, "Axe", uniqueEmail("axe"));
  await expectNoAxeViolations(page);
});
