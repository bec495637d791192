/**
 * The organiser's reconciliation (ADR 243), JavaScript on at 390 px and off at 1280 px: two supporters
 * pledge on the challenge's sponsor link, one says "I've paid"; the organiser filters by "Supporter says
 * paid", ticks it and confirms: the answer shows beside the pledges, "raised" moves, the filter counts move.
 */
import { expect, test, type Browser } from "@playwright/test";
import { checkAxe } from "./support";
import { orgCreatesPrivateChallenge } from "./sponsors-support";

/** A supporter in a context of their own pledges a fixed amount; "I've paid" when asked. */
async function supporterPledges(browser: Browser, link: string, name: string, amount: string, saysPaid: boolean) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(link);
  await page.getByLabel("Your name").fill(name);
  await page.getByLabel("Amount (GBP)").fill(amount);
  await page.getByRole("button", { name: "Pledge", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Thank you for your pledge!" })).toBeVisible();
  if (saysPaid) {
    await page.getByRole("button", { name: "I've paid" }).click();
    await expect(page.getByTestId("pledge-state")).toHaveAttribute("data-state", "said-paid");
  }
  await context.close();
}

for (const { js, width } of [
  { js: true, width: 390 },
  { js: false, width: 1280 },
]) {
  test(`JS ${js ? "on" : "off"} at ${width}px: the organiser sees who pledged, who says they paid, and confirms at once`, async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const org = await orgCreatesPrivateChallenge(browser, js);
    await org.page.setViewportSize({ width, height: 900 });
    const link = await org.page.locator("#challenge-sponsor-url").inputValue();
    await supporterPledges(browser, link, "Aunt May", "25", false);
    await supporterPledges(browser, link, "Uncle Rajendra Krishnamurthy", "10", true);

    const page = org.page;
    // A fresh load (the page is already there: a #fragment alone would not reload it without JavaScript).
    await page.goto(`/goals/${org.goalId}/fundraising`);
    const pledges = page.locator("#pledges");
    await expect(pledges.getByTestId("reconcile-sums")).toContainText(
      "£0 raised (confirmed by you) · £10 the supporters say they've paid",
    );
    await expect(pledges.getByRole("link", { name: "Owed (1)" })).toBeVisible();
    await pledges.getByRole("link", { name: "Supporter says paid (1)" }).click();
    await expect(page).toHaveURL(/\?state=said-paid#pledges$/);
    await expect(pledges.getByRole("link", { name: "Supporter says paid (1)" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(pledges.getByRole("rowheader", { name: /Aunt May/ })).toHaveCount(0);
    await page.screenshot({ path: `test-results/reconcile-said-paid-${width}.png`, fullPage: true });
    await checkAxe(page, js);

    // Nothing ticked: told so beside the pledges, nothing confirmed.
    await pledges.getByRole("button", { name: "Confirm the ticked pledges as paid" }).click();
    await expect(pledges.getByRole("alert")).toHaveText("Tick the pledges to confirm as paid");
    await expect(page.getByTestId("raised")).toHaveText("£0");

    await pledges.getByLabel("Select the pledge from Uncle Rajendra Krishnamurthy").check();
    await pledges.getByRole("button", { name: "Confirm the ticked pledges as paid" }).click();
    await expect(pledges.getByRole("status")).toHaveText('1 pledge confirmed as paid: "raised" counts them now.');
    await expect(page.getByTestId("raised")).toHaveText("£10");
    await expect(pledges.getByRole("link", { name: "Organiser confirmed (1)" })).toBeVisible();
    await expect(pledges.getByRole("link", { name: "Supporter says paid (0)" })).toBeVisible();
    await expect(pledges.getByText("No pledges in this state.")).toBeVisible();
    await pledges.getByRole("link", { name: "All (2)" }).click();
    // A confirmed pledge is a status with a quiet way back, never a button that looks pressed (ADR 255).
    const rajRow = pledges.getByRole("row", { name: /Uncle Rajendra Krishnamurthy/ });
    await expect(rajRow.locator(".status")).toHaveText("✓ Paid");
    await expect(rajRow.getByRole("button", { name: /^Paid/ })).toHaveCount(0);
    await expect(
      rajRow.getByRole("button", { name: "Mark not paid pledge from Uncle Rajendra Krishnamurthy" }),
    ).toBeVisible();
    await expect(rajRow.getByRole("checkbox")).toHaveCount(0);
    await page.screenshot({ path: `test-results/reconcile-all-${width}.png`, fullPage: true });
    await org.close();
  });
}
