/**
 * An archived challenge as its member and its organiser see it (ADR 303), JavaScript on and off, at 390 and
 * 1280 px: the demo seed's "Spring steps for the food bank" ended over 90 days ago and the app's own archive
 * job moved its entries to R2 (scripts/seed-archive.mjs). The goal screen still shows the totals, the
 * leaderboard, the member's entries and the group's latest, read from the file, and says it is archived,
 * with nothing to log; the organiser's entries list reads the file too (every member, one member, largest
 * first) and offers no Remove and no import.
 */
import { expect, test, type Browser, type Page } from "@playwright/test";
import { checkAxe, DEMO, signIn } from "./support";

const GOAL = "goal-archived";
const NOTICE =
  "This challenge is archived: its entries are kept in a file and can no longer be changed or removed. Its totals and leaderboard are final.";
const WIDTHS = [390, 1280];

async function signedIn(browser: Browser, email: string, js: boolean) {
  const context = await browser.newContext({ javaScriptEnabled: js, viewport: { width: WIDTHS[0]!, height: 900 } });
  const page = await context.newPage();
  await signIn(page, email);
  return page;
}

async function screenshots(page: Page, name: string, js: boolean) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({
      path: `test-results/archive-${name}-js-${js ? "on" : "off"}-${width}.png`,
      fullPage: true,
    });
  }
}

for (const js of [true, false]) {
  test(`JS ${js ? "on" : "off"}: an archived challenge's goal screen shows its totals and leaderboard and says it is archived`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const page = await signedIn(browser, DEMO.member, js);
    await page.goto(`/active/${GOAL}`);
    await expect(page.getByRole("heading", { name: "Spring steps for the food bank" })).toBeVisible();
    await expect(page.getByTestId("archived-notice")).toHaveText(NOTICE);
    // Said once: the "completed, entries are final" refusal is not repeated under it.
    await expect(page.getByText("You completed this goal: its entries are final.")).toHaveCount(0);
    // The board, read from D1's totals: four members, Mia among them with the total at the top of her screen.
    const board = page.getByTestId("leaderboard").getByRole("listitem");
    await expect(board).toHaveCount(4);
    const myTotal = (await page.getByTestId("my-total").textContent())!;
    expect(myTotal).toMatch(/^\d+(\.\d+)?\u00a0km$/);
    await expect(board.filter({ hasText: "Mia Member (you)" })).toContainText(myTotal.replace("\u00a0", " "));
    // Her entries and the group's latest, read from the file.
    await expect(page.getByTestId("my-entries").getByText("Round the park twice").first()).toBeVisible();
    await expect(page.getByTestId("latest-entries").getByRole("listitem")).toHaveCount(5);
    // Nothing to log, edit or delete.
    await expect(page.getByRole("button", { name: "Save", exact: true })).toHaveCount(0);
    await expect(page.getByRole("button", { name: /^Delete/ })).toHaveCount(0);
    await screenshots(page, "goal", js);
    await checkAxe(page, js, WIDTHS);
    await page.context().close();
  });

  test(`JS ${js ? "on" : "off"}: the organiser's entries list of an archived challenge reads its file, with no Remove`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const page = await signedIn(browser, DEMO.org, js);
    await page.goto(`/goals/${GOAL}/entries`);
    await expect(page.getByRole("heading", { name: "Entries", exact: true })).toBeVisible();
    await expect(page.getByTestId("archived-notice")).toHaveText(NOTICE);
    // No removing, no import, and the lead does not offer to remove either.
    await expect(page.getByText("Remove one that is abusive")).toHaveCount(0);
    await expect(page.getByRole("columnheader", { name: "Remove" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Import entries from a CSV file" })).toHaveCount(0);
    const rows = page.getByRole("table").getByRole("row");
    // A full first page (50 entries and the header) of the 85 in the file, newest first.
    await expect(rows).toHaveCount(51);
    await expect(page.getByRole("table")).toContainText("With the club");
    await screenshots(page, "entries", js);
    await checkAxe(page, js, WIDTHS);

    // Largest first, from the file: the amounts fall down the page.
    await page.getByRole("link", { name: "largest first" }).click();
    await expect(page).toHaveURL(/sort=amount/);
    const amounts = (await page.getByRole("table").getByRole("row").locator("td:nth-child(2)").allTextContents()).map(
      (t) => Number.parseFloat(t),
    );
    expect(amounts.length).toBe(50);
    expect([...amounts].sort((a, b) => b - a)).toEqual(amounts);

    // One member's entries, from the file: her total and count as the board has them.
    await page.goto(`/goals/${GOAL}/entries`);
    const top = page.getByRole("navigation", { name: "Top of the leaderboard" });
    const first = top.getByRole("listitem").first();
    const name = (await first.getByRole("link").textContent())!;
    await first.getByRole("link").click();
    await expect(page.getByTestId("entries-member")).toContainText(
      new RegExp(`Entries by ${name}: [\\d.]+\\s?km in \\d+ entries`),
    );
    await expect(page.getByTestId("archived-notice")).toHaveText(NOTICE);
    await page.context().close();
  });
}
