/**
 * Destructive actions can be undone or ask first, and feedback appears where the member is looking
 * (ADR 252): a toast in the viewport with JavaScript, the changed item (#fragment) with the message beside
 * it without.
 */
import type { Page } from "@playwright/test";
import { createUser, expect, test } from "./fixtures";
import { stylesApplied } from "./layout-check";
import { createMeasuredGoal, logForm, logThroughForm } from "./support";

const PHONE = { width: 390, height: 844 };

async function log(page: Page, amount: string, note: string) {
  await logThroughForm(page, amount, note);
  await expect(page.getByTestId("my-entries")).toContainText(note);
}

const entry = (page: Page, note: string) => page.getByTestId("my-entries").locator("li").filter({ hasText: note });

/** The element's box lies inside the window, and not under the sticky header (what the member sees). */
async function inViewport(page: Page, selector: ReturnType<Page["locator"]>) {
  const { height } = page.viewportSize()!;
  const header = page.locator(".app-header");
  await stylesApplied(page);
  // Polled: a page opened at a #fragment scrolls there once it has laid out.
  await expect
    .poll(async () => {
      const box = await selector.boundingBox();
      const bar = (await header.count()) ? await header.boundingBox() : null;
      const top = bar ? bar.y + bar.height : 0;
      return !!box && box.y >= top && box.y + box.height <= height;
    })
    .toBe(true);
}

/** The log form's own message (ADR 253, 224): under its Save, in the window, and not at the top of the page. */
async function loggedBesideTheForm(page: Page, message: string) {
  const status = logForm(page).getByTestId("quick-log-status");
  await expect(status).toContainText(message);
  await inViewport(page, status);
  await expect(page.locator(".flash", { hasText: "Logged" })).toHaveCount(0);
}

// The log button can sit at the window's bottom edge (at 1280 it does): its message still shows.
for (const viewport of [PHONE, { width: 1280, height: 844 }]) {
  test(`logging says so under the log form, in the window, not at the top; ready for the next (${viewport.width} px)`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await createUser(page.request, { join: ["goal-challenge"] });
    await page.goto("/active/goal-challenge");
    await log(page, "2.5", "Lunch loop");
    await loggedBesideTheForm(page, "Logged 2.5 miles.");
    await expect(logForm(page).getByLabel(/^Amount/)).toHaveValue("");
    await expect(page.getByTestId("my-total")).toHaveText("2.5 miles");
    await context.close();
  });
}

test.describe("JavaScript on, on a phone", () => {
  test.use({ viewport: PHONE });

  test("Delete offers Undo in a toast; undone, nothing is deleted; left alone, the entry goes", async ({ page }) => {
    await createUser(page.request, { join: ["goal-challenge"] });
    await page.goto("/active/goal-challenge");
    await log(page, "2", "Keep me");
    await log(page, "3", "Drop me");
    await expect(page.getByTestId("my-total")).toHaveText("5 miles");

    await entry(page, "Keep me")
      .getByRole("button", { name: /^Delete/ })
      .click();
    const toast = page.getByTestId("toast");
    await expect(toast).toContainText("Entry deleted.");
    await inViewport(page, toast.locator(".toast"));
    await expect(entry(page, "Keep me")).toHaveCount(0);
    await toast.getByRole("button", { name: "Undo" }).click();
    await expect(entry(page, "Keep me")).toBeVisible();
    await expect(toast).toContainText("Undone");
    // Well past the undo window: still there after a reload, the total unchanged.
    await page.waitForTimeout(6_000);
    await page.reload();
    await expect(entry(page, "Keep me")).toBeVisible();
    await expect(page.getByTestId("my-total")).toHaveText("5 miles");

    // Left alone, the delete happens once the toast is gone; no message lands at the top of the page.
    await entry(page, "Drop me")
      .getByRole("button", { name: /^Delete/ })
      .click();
    await expect(entry(page, "Drop me")).toHaveCount(0);
    await expect(page.getByTestId("my-total")).toHaveText("2 miles", { timeout: 15_000 });
    await page.reload();
    await expect(entry(page, "Drop me")).toHaveCount(0);
    await expect(page.locator(".flash", { hasText: "Entry deleted." })).toHaveCount(0);
  });

  test("saving an edit closes the panel and says so in a toast in the viewport, not at the top", async ({ page }) => {
    await createUser(page.request, { join: ["goal-challenge"] });
    await page.goto("/active/goal-challenge");
    await log(page, "1", "Short walk");
    const row = entry(page, "Short walk");
    await row.getByText("Edit").click();
    await row.getByLabel(/Amount/).fill("1.5");
    await row.getByRole("button", { name: /Save/ }).click();
    const toast = page.getByTestId("toast");
    await expect(toast).toHaveText("Entry updated.");
    await inViewport(page, toast.locator(".toast"));
    await expect(row.locator("details")).not.toHaveAttribute("open", "");
    await expect(row.locator(".entry__form")).toBeHidden();
    await expect(page.getByTestId("my-total")).toHaveText("1.5 miles");
    await expect(page.locator(".flash", { hasText: "Entry updated." })).toHaveCount(0);
  });
});

test.describe("JavaScript off", () => {
  test.use({ javaScriptEnabled: false, viewport: PHONE });

  test("a log returns to the log form with the message under it; an edit returns to the entry with the message beside it; Delete asks first", async ({
    page,
  }) => {
    await createUser(page.request, { join: ["goal-challenge"] });
    await page.goto("/active/goal-challenge");
    await log(page, "4", "Hill loop");
    await expect(page).toHaveURL(/#log$/);
    await loggedBesideTheForm(page, "Logged 4 miles.");
    // Opened at #log: the form's heading lands below the sticky header, not under it.
    await inViewport(page, page.getByRole("heading", { name: "Log today" }));
    const row = entry(page, "Hill loop");
    await row.getByText("Edit").click();
    await row.getByLabel(/Amount/).fill("4.5");
    await row.getByRole("button", { name: /Save/ }).click();
    const id = await row.getAttribute("id");
    await expect(page).toHaveURL(new RegExp(`#${id}$`));
    await expect(row.getByRole("status")).toHaveText("Entry updated.");
    await inViewport(page, row.getByRole("status"));
    await expect(page.locator(".flash", { hasText: "Entry updated." })).toHaveCount(0);

    // The first tap on Delete only asks, and says what goes with it.
    await row.locator("summary", { hasText: "Delete" }).click();
    await expect(row.getByRole("group", { name: "Delete this entry?" })).toContainText("leaves your total");
    await expect(page.getByTestId("my-total")).toHaveText("4.5 miles");
    await row.getByRole("button", { name: /^Yes, delete it/ }).click();
    await expect(page).toHaveURL(/#my-entries$/);
    await expect(page.locator("#my-entries").getByRole("status")).toHaveText("Entry deleted.");
    await expect(page.getByTestId("my-total")).toHaveText("0 miles");
  });
});

for (const javaScriptEnabled of [true, false]) {
  test(`revoking the invite link asks first and says what stops working (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled, viewport: PHONE });
    const page = await context.newPage();
    await createUser(page.request, { type: "org" });
    const { goalId } = await createMeasuredGoal(page);
    const link = page.getByRole("textbox", { name: "Invite link" });
    const before = await link.inputValue();
    await page.getByText("Revoke this link…").click();
    const ask = page.getByRole("group", { name: "Revoke the invite link?" });
    await expect(ask).toContainText("stops working at once");
    await expect(ask).toContainText("Members who already joined stay in");
    // Asking changed nothing.
    await page.goto(`/goals/${goalId}/fundraising`);
    expect(await link.inputValue()).toBe(before);
    await page.getByText("Revoke this link…").click();
    await page.getByRole("button", { name: "Revoke and make a new link" }).click();
    await expect(page.getByText("Invite link replaced: the old link no longer works.")).toBeVisible();
    expect(await link.inputValue()).not.toBe(before);
    await context.close();
  });
}
