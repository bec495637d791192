import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "../support";
import { signInAs, signInNew } from "../fixtures";

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

test("the audit log says what an admin did in words, with one timestamp format (UTC without JavaScript, the viewer's zone with it)", async ({
  browser,
}) => {
  const plainContext = await browser.newContext({ javaScriptEnabled: false });
  const plain = await plainContext.newPage();
  const admin = await signInNew(plain, { type: "admin", first: "Audra" });
  try {
    await chooseMode(plain, "Closed");
  } finally {
    await chooseMode(plain, "Open");
  }
  const row = (page: Page) =>
    page.getByRole("row", { name: new RegExp(`Audra ${admin.last}.*Changed early access to Closed`) });
  await plain.goto("/admin/audit");
  await expect(row(plain).locator("time")).toHaveText(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} UTC$/);

  // The same entry in a browser running JavaScript in India: the viewer's own zone, named.
  const liveContext = await browser.newContext({ timezoneId: "Asia/Kolkata" });
  const live = await liveContext.newPage();
  await signInAs(live, admin);
  await live.goto("/admin/audit");
  await expect(row(live).locator("time")).toHaveText(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} GMT\+5:30$/);
  await expectNoAxeViolations(live);
  await plainContext.close();
  await liveContext.close();
});
