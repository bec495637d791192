/**
 * Where I stand (ADR 221) on the goal screen: the chart of my daily amounts and the group's, drawn by
 * the server (there with and without JavaScript), with the pace needed, the gap to an even pace and the
 * best day as text, and a text alternative for the chart.
 */
import { expect, signedInPage, test } from "./fixtures";
import { checkAxe, logThroughForm } from "./support";

/** The seed's measured month challenge (scripts/seed.mjs): 100 miles each, club runners' entries. */
const CHALLENGE = "goal-challenge";

for (const javaScriptEnabled of [true, false]) {
  test(`the goal screen shows where I and the group stand (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({
    browser,
  }) => {
    const { page, close } = await signedInPage(browser, { first: "Pia", join: [CHALLENGE] }, javaScriptEnabled);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/active/${CHALLENGE}`);
    const mine = page.getByTestId("my-standing");
    // Nothing logged yet: the whole target over the days left.
    await expect(mine).toContainText(/You need [\d.]+\u00a0miles a day to reach 100\u00a0miles by \d+\/\d+\./);
    await expect(mine).toContainText("No entries yet.");
    await expect(
      mine.getByRole("img", { name: /^My daily amounts, \d+\/1 to \d+\/\d+: 0 days logged\.$/ }),
    ).toBeVisible();

    // The club's days are charted, with the best one named and the table for anyone who cannot see it.
    const group = page.getByTestId("group-standing");
    await expect(group.getByRole("img", { name: /^The group's daily amounts, .* days? logged, best / })).toBeVisible();
    await expect(group).toContainText(/Best day: \d+\/\d+, [\d.]+\u00a0miles\./);
    await expect(group.locator(".standing__bar").first()).toBeAttached();
    await group.getByText("The group's daily amounts as a table").click();
    await expect(group.getByRole("table").getByRole("row").nth(1)).toBeVisible();

    // Logging moves my standing (the page reloads its figures after the entry).
    await logThroughForm(page, "3");
    await expect(mine.getByRole("img", { name: /1 day logged, best \d+\/\d+ with 3 miles\.$/ })).toBeVisible();
    await expect(mine).toContainText(/Best day: \d+\/\d+, 3\u00a0miles\./);
    await checkAxe(page, javaScriptEnabled, [390, 1280]);
    await close();
  });
}
