/**
 * The quick log (ADR 220) on a phone: from opening /main to a saved entry in two interactions plus
 * typing, with JavaScript and without; a member with several measured goals picks one in the same form;
 * the result is read out beside the form, once; a bad amount is a message beside the amount.
 */
import type { Page } from "@playwright/test";
import { expect, signedInPage, test } from "./fixtures";
import { stylesApplied } from "./layout-check";
import { checkAxe, createMeasuredGoal } from "./support";

/** The seed's measured month challenge (scripts/seed.mjs), in miles. */
const CHALLENGE = { id: "goal-challenge", cause: "Miles for Shelter this month" };

const PHONE = { width: 390, height: 844 };

/** Counts what the member does: each tap is one interaction; typing is typing. */
function actions(page: Page) {
  let count = 0;
  return {
    tap: async (target: ReturnType<Page["locator"]>) => {
      count += 1;
      await target.click();
    },
    type: (text: string) => page.keyboard.type(text),
    get count() {
      return count;
    },
  };
}

const quickLog = (page: Page) => page.locator("form[data-quick-log]");
const status = (page: Page) => page.getByTestId("quick-log-status");

for (const javaScriptEnabled of [true, false]) {
  test(`a member logs today's walk from /main in two taps at 390 px (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({
    browser,
  }) => {
    const { page, close } = await signedInPage(browser, { first: "Quinn", join: [CHALLENGE.id] }, javaScriptEnabled);
    await page.setViewportSize(PHONE);
    await page.goto("/main");
    const form = quickLog(page);
    // The first card on the home, in the first screenful of a phone.
    await stylesApplied(page);
    await expect(form).toBeInViewport();
    await expect(form.getByLabel("Amount (miles)")).toHaveAttribute("inputmode", "decimal");
    const member = actions(page);
    await member.tap(form.getByLabel("Amount (miles)"));
    await member.type("2.5");
    await member.tap(form.getByRole("button", { name: "Save" }));
    // A first entry earns its badge, told in the same words (ADR 271).
    await expect(status(page)).toHaveText(`Logged 2.5 miles in ${CHALLENGE.cause}. New badge: First entry!`);
    expect(member.count).toBe(2);
    // Told once, beside the form: no flash message as well.
    await expect(page.getByRole("status").filter({ hasText: "Logged" })).toHaveCount(0);
    await expect(page.getByTestId("card-measure")).toContainText("2.5 miles of 100 miles");
    // Ready for the next entry, with a fresh idempotency key.
    await expect(form.getByLabel("Amount (miles)")).toHaveValue("");
    await page.goto(`/active/${CHALLENGE.id}`);
    await expect(page.getByTestId("my-total")).toHaveText("2.5 miles");
    await close();
  });
}

test("a member with several measured goals picks one in the same form; a bad amount says why beside it", async ({
  browser,
}) => {
  const org = await signedInPage(browser, { type: "org", first: "Olga" });
  const { goalId, cause } = await createMeasuredGoal(org.page, "Walk to the coast");
  await org.close();
  const { page, close } = await signedInPage(browser, { first: "Rita", join: [CHALLENGE.id, goalId] });
  await page.setViewportSize(PHONE);
  await page.goto("/main");
  const form = quickLog(page);
  // Both goals are offered; the goal the home opens on comes first.
  await expect(form.getByLabel("Goal").locator("option")).toHaveCount(2);
  const opened = await page.locator("#goal-title").textContent();
  await expect(form.getByLabel("Goal").locator("option:checked")).toHaveText(new RegExp(`^${opened} \\(`));
  await form.getByLabel("Goal").selectOption(CHALLENGE.id);
  await expect(form.getByLabel("Amount (miles)")).toBeVisible();
  await form.getByLabel("Goal").selectOption(goalId);
  await expect(form.getByLabel("Amount (km)")).toBeVisible();

  await form.getByLabel("Amount (km)").fill("abc");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(form.getByText("Enter a number, like 5 or 5.25")).toBeVisible();
  await expect(form.getByLabel("Amount (km)")).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByLabel("Amount (km)")).toBeFocused();
  await expect(status(page)).toHaveText("");

  await form.getByLabel("Amount (km)").fill("4");
  await form.getByText("Another day, a sport or a note").click();
  await form.getByLabel(/Note/).fill("Cliff path");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(status(page)).toContainText(`Logged 4 km in ${cause}. New badge`);
  await expect(form.getByText("Enter a number")).toHaveCount(0);

  await page.goto(`/active/${goalId}`);
  await expect(page.getByTestId("my-total")).toHaveText("4 km");
  await expect(page.getByTestId("my-entries")).toContainText("Cliff path");
  await page.goto(`/active/${CHALLENGE.id}`);
  await expect(page.getByTestId("my-total")).toHaveText("0 miles");
  await close();
});

test("a quick log for a goal the member is not in writes nothing", async ({ browser }) => {
  const { page, close } = await signedInPage(browser, { first: "Sol", join: [CHALLENGE.id] }, false);
  await page.goto("/main");
  await quickLog(page).evaluate((form: HTMLFormElement) => {
    (form.elements.namedItem("goal") as HTMLInputElement).value = "goal-running";
  });
  await quickLog(page)
    .getByLabel(/Amount/)
    .fill("3");
  await quickLog(page).getByRole("button", { name: "Save" }).click();
  await expect(quickLog(page).getByText("Choose one of your goals that tracks progress")).toBeVisible();
  await expect(status(page)).toHaveText("");
  await page.goto(`/active/${CHALLENGE.id}`);
  await expect(page.getByTestId("my-total")).toHaveText("0 miles");
  await close();
});

for (const javaScriptEnabled of [true, false]) {
  test(`the home with its quick log passes axe at 390 and 1280 px (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({
    browser,
  }) => {
    const { page, close } = await signedInPage(browser, { first: "Tove", join: [CHALLENGE.id] }, javaScriptEnabled);
    await page.goto("/main");
    await expect(quickLog(page)).toBeVisible();
    await checkAxe(page, javaScriptEnabled, [390, 1280]);
    await close();
  });
}

for (const javaScriptEnabled of [true, false]) {
  test(`on a measured goal's screen at 390 px the log form comes first: two taps, told under Save (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({
    browser,
  }) => {
    const { page, close } = await signedInPage(browser, { first: "Gwen", join: [CHALLENGE.id] }, javaScriptEnabled);
    await page.setViewportSize(PHONE);
    await page.goto(`/active/${CHALLENGE.id}`);
    // One log form on the screen, the same as the home's (ADR 224), in the first screenful: right under
    // the goal's name, before the goal's time bar, its members and its menu.
    await expect(page.locator("form[data-quick-log]")).toHaveCount(1);
    const form = quickLog(page);
    await stylesApplied(page);
    await expect(form.getByLabel("Amount (miles)")).toBeInViewport({ ratio: 1 });
    await expect(form.getByRole("button", { name: "Save" })).toBeInViewport({ ratio: 1 });
    const top = async (locator: ReturnType<Page["locator"]>) => (await locator.boundingBox())!.y;
    const formTop = await top(form);
    expect(formTop).toBeGreaterThan(await top(page.locator("#goal-title")));
    expect(formTop).toBeLessThan(await top(page.getByText(/^Day \d+ of \d+/)));
    expect(formTop).toBeLessThan(await top(page.getByText("Goal options")));
    expect(formTop).toBeLessThan(await top(page.getByTestId("my-total")));
    await expect(page.evaluate(() => window.scrollY)).resolves.toBe(0);

    const member = actions(page);
    await member.tap(form.getByLabel("Amount (miles)"));
    await member.type("3.5");
    await member.tap(form.getByRole("button", { name: "Save" }));
    // The same feedback as the home's: under Save, once (no flash at the top as well).
    await expect(status(page)).toHaveText("Logged 3.5 miles. New badge: First entry!");
    expect(member.count).toBe(2);
    await expect(page.locator(".flash", { hasText: "Logged" })).toHaveCount(0);
    await stylesApplied(page);
    await expect(status(page)).toBeInViewport();
    await expect(page.getByTestId("my-total")).toHaveText("3.5 miles");
    await expect(form.getByLabel("Amount (miles)")).toHaveValue("");
    await page.screenshot({ path: `test-results/goal-log-first-390-js-${javaScriptEnabled}.png` });
    await close();
  });
}

for (const javaScriptEnabled of [true, false]) {
  test(`the goal screen's log form names a sport and the organiser's factor applies: a 20 mile ride logs 5 (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({
    browser,
  }) => {
    // The seed's challenge counts cycling x0.25 (scripts/seed.mjs); docs/product.md "Activity files".
    const { page, close } = await signedInPage(browser, { first: "Cyd", join: [CHALLENGE.id] }, javaScriptEnabled);
    await page.setViewportSize(PHONE);
    await page.goto(`/active/${CHALLENGE.id}`);
    const form = quickLog(page);
    await expect(form).toContainText("How sports count here: 1 mile of cycling counts as 0.25 mile.");
    await form.getByLabel("Amount (miles)").fill("20");
    await form.getByText("Another day, a sport or a note").click();
    await form.getByLabel(/^Sport/).selectOption("cycling");
    await form.getByRole("button", { name: "Save" }).click();
    await expect(status(page)).toHaveText(/^Logged 5\u00a0miles\./);
    await expect(page.getByTestId("my-total")).toHaveText("5 miles");
    await page.screenshot({ path: `test-results/goal-log-sport-390-js-${javaScriptEnabled}.png`, fullPage: true });
    await close();
  });
}
