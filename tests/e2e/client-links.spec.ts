/**
 * The goal lists' plain links (ADR 211): with JavaScript a click moves inside the app (no new document)
 * and hovering a card prefetches its page, as Remix's <Link prefetch="intent"> did; without JavaScript
 * they are ordinary links.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/**
 * Marks the current document (`__sameDocument`, as the other specs do): the mark survives a move inside
 * the app, not a new document.
 */
const mark = (page: Page) =>
  page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
const sameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);

test.describe("with JavaScript", () => {
  test.use({ userOptions: { join: ["goal-running"] } });

  test("a suggested card prefetches on hover and opens without a new document", async ({ page, user }) => {
    void user; // the fixture signs `page` in
    await page.goto("/main?suggested=all");
    await mark(page);
    const suggested = page.getByRole("region", { name: "Suggested" });
    const card = suggested.getByRole("link", { name: /Read 12 books this year/ });
    await card.hover();
    // The join screen's data is prefetched while the pointer rests on its card.
    await expect(page.locator('link[rel="prefetch"][href^="/join/goal-reading.data"]')).toHaveCount(1);
    await card.click();
    await expect(page).toHaveURL(/\/join\/goal-reading$/);
    await expect(page.getByRole("button", { name: "Join goal" })).toBeVisible();
    expect(await sameDocument(page)).toBe(true);
    // The card of the page shown is marked current.
    await expect(suggested.getByRole("link", { name: /Read 12 books this year/ })).toHaveAttribute(
      "aria-current",
      "page",
    );
  });

  test("the home's goal card and the Goals list open the goal screen without a new document", async ({
    page,
    user,
  }) => {
    void user; // the fixture signs `page` in
    await page.goto("/main");
    await mark(page);
    await page.getByTestId("home-cards").getByRole("link").first().click();
    await expect(page).toHaveURL(/\/active\/goal-running$/);
    expect(await sameDocument(page)).toBe(true);
    await page.getByRole("region", { name: "Goals", exact: true }).getByRole("link").first().click();
    await expect(page).toHaveURL(/\/active\/goal-running$/);
    expect(await sameDocument(page)).toBe(true);
    // Back returns to the home, still in the same document.
    await page.goBack();
    await expect(page).toHaveURL(/\/main$/);
    expect(await sameDocument(page)).toBe(true);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, userOptions: { join: ["goal-running"] } });

  test("the cards are ordinary links", async ({ page, user }) => {
    void user; // the fixture signs `page` in
    await page.goto("/main");
    await page.getByTestId("home-cards").getByRole("link").first().click();
    await expect(page).toHaveURL(/\/active\/goal-running$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });
});
