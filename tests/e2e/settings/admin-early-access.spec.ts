import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "../support";
import { signInNew } from "../fixtures";

const MODE_CHANGED = {
  Closed:
    "Early access is now closed: Sign Up shows 'Currently Closed'. People holding an invitation or a challenge invite link can still sign up.",
  Request:
    "Early access is now by request: Sign Up shows the request form, and new requests appear below for you to invite.",
  Open: "Early access is now open: anyone can create an account at /signup.",
};

async function chooseMode(page: Page, label: "Closed" | "Request" | "Open") {
  await page.goto("/admin/access");
  await page.getByRole("radio", { name: new RegExp(`^${label}`) }).check();
  await page.getByRole("button", { name: "Save early access" }).click();
  await expect(page.locator("p.notice")).toHaveText(MODE_CHANGED[label]);
}

test("an admin switches early access, and a logged-out browser sees the matching sign-up variant", async ({
  browser,
}) => {
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInNew(admin, { type: "admin", first: "Ada" });
  await admin.goto("/admin/access");
  await expectNoAxeViolations(admin);

  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  try {
    await chooseMode(admin, "Closed");
    await visitor.goto("/signup");
    await expect(visitor).toHaveTitle("Early Access Closed");
    await expect(visitor.getByRole("heading", { name: "Currently Closed" })).toBeVisible();
    await expect(visitor.getByText("Sorry, early access is currently closed.")).toBeVisible();

    await chooseMode(admin, "Request");
    await visitor.goto("/signup");
    await expect(visitor).toHaveTitle("Request Early Access");
    await expect(visitor.getByRole("heading", { name: "Request Early Access" })).toBeVisible();
    await expect(visitor.getByText("Sign up below to be notified when early access opens.")).toBeVisible();

    await chooseMode(admin, "Open");
    await visitor.goto("/signup");
    await expect(visitor).toHaveTitle("Sign Up");
    await expect(visitor.getByRole("heading", { name: "Get Started" })).toBeVisible();
    await expect(visitor.getByRole("link", { name: "Sign In" })).toBeVisible();
  } finally {
    // Restore what this test changed, whatever happened above.
    await chooseMode(admin, "Open").catch(() => undefined);
    await adminContext.close();
    await visitorContext.close();
  }
});
