import { expect, test, type Page } from "@playwright/test";
import { signInNew } from "../fixtures";

const MODE_CHANGED = {
  Closed:
    "Early access is now closed: Sign Up shows 'Currently Closed'. People holding an invitation or a challenge invite link can still sign up.",
  Request:
    "Early access is now by request: Sign Up shows the request form, and new requests appear below for you to invite.",
  Open: "Early access is now open: anyone can create an account at /signup.",
};

async function chooseMode(admin: Page, label: "Closed" | "Open") {
  await admin.goto("/admin/access");
  await admin.getByRole("radio", { name: new RegExp(`^${label}`) }).check();
  await admin.getByRole("button", { name: "Save early access" }).click();
  await expect(admin.locator("p.notice")).toHaveText(MODE_CHANGED[label]);
}

test("an open sign-up page turns to 'Currently Closed' without a reload when an admin closes early access", async ({
  browser,
}) => {
  const adminContext = await browser.newContext();
  const visitorContext = await browser.newContext();
  const admin = await adminContext.newPage();
  const visitor = await visitorContext.newPage();
  try {
    await signInNew(admin, { type: "admin", first: "Ada" });
    await visitor.goto("/signup");
    await expect(visitor.getByRole("heading", { name: "Get Started" })).toBeVisible();
    await expect(visitor.locator("html")).toHaveAttribute("data-live", "connected");
    await visitor.evaluate(() => ((window as any).__sameDocument = true));

    await chooseMode(admin, "Closed");
    await expect(visitor.getByRole("heading", { name: "Currently Closed" })).toBeVisible({ timeout: 2_000 });
    await expect(visitor.getByText("Sorry, early access is currently closed.")).toBeVisible();
    await expect(visitor).toHaveTitle("Early Access Closed");

    await chooseMode(admin, "Open");
    await expect(visitor.getByRole("heading", { name: "Get Started" })).toBeVisible({ timeout: 2_000 });
    expect(await visitor.evaluate(() => (window as any).__sameDocument)).toBe(true);
  } finally {
    await chooseMode(admin, "Open").catch(() => undefined);
    await adminContext.close();
    await visitorContext.close();
  }
});
