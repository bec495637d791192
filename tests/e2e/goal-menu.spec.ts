/**
 * The goal screen leads with progress (ADR 222): on a measured goal "Complete goal" and "Leave goal" are
 * out of the way in the goal's menu (a details element: it opens without JavaScript too), the log form
 * comes first, and both still ask before they act.
 */
import { expect, signedInPage, test } from "./fixtures";
import { stylesApplied } from "./layout-check";
import { checkAxe, logForm, logThroughForm } from "./support";

/** The seed's measured month challenge (scripts/seed.mjs). */
const CHALLENGE = { id: "goal-challenge", cause: "Miles for Shelter this month" };

for (const javaScriptEnabled of [true, false]) {
  test(`on a measured goal, Complete and Leave wait in the goal's menu (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({
    browser,
  }) => {
    const { page, close } = await signedInPage(browser, { first: "Mo", join: [CHALLENGE.id] }, javaScriptEnabled);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/active/${CHALLENGE.id}`);
    const complete = page.getByRole("button", { name: "Complete goal" });
    const leave = page.getByRole("button", { name: "Leave goal" });
    // Nothing to tap by mistake between the member and the log form.
    await expect(complete).toBeHidden();
    await expect(leave).toBeHidden();
    const logButton = logForm(page).getByRole("button", { name: "Save" });
    const menu = page.getByText("Goal options");
    await expect(logButton).toBeVisible();
    await checkAxe(page, javaScriptEnabled, [390, 1280]);

    await menu.click();
    await expect(complete).toBeVisible();
    await expect(leave).toBeVisible();
    await leave.click();
    await expect(page.getByRole("heading", { name: `Leave “${CHALLENGE.cause}”?` })).toBeVisible();
    await page.getByRole("link", { name: "Cancel" }).click();
    await expect(page).toHaveURL(new RegExp(`/active/${CHALLENGE.id}$`));

    await menu.click();
    await complete.click();
    await expect(page.getByRole("heading", { name: `Mark “${CHALLENGE.cause}” as completed?` })).toBeVisible();
    await page.getByRole("button", { name: "Yes, I completed it" }).click();
    await expect(page).toHaveURL(/\/completedgoals$/);
    await close();
  });
}

for (const javaScriptEnabled of [true, false]) {
  test(`reaching the target offers completion right under the log form, in view at 390 px (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({
    browser,
  }) => {
    const { page, close } = await signedInPage(browser, { first: "Rae", join: [CHALLENGE.id] }, javaScriptEnabled);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/active/${CHALLENGE.id}`);
    const offer = page.getByRole("button", { name: "Mark goal complete" });
    await expect(offer).toHaveCount(0);
    // The seed's challenge: 100 miles each.
    await logThroughForm(page, "100");
    await expect(page.getByText("You reached your target. Well done!")).toBeVisible();
    // Where the member is looking: under the form they logged with, not in the progress card below.
    await stylesApplied(page);
    await expect(offer).toBeInViewport({ ratio: 1 });
    const formBottom = await logForm(page).evaluate((f) => f.getBoundingClientRect().bottom);
    expect((await offer.boundingBox())!.y).toBeGreaterThan(formBottom);
    expect((await offer.boundingBox())!.y).toBeLessThan((await page.getByTestId("my-total").boundingBox())!.y);
    await page.screenshot({ path: `test-results/reached-390-js-${javaScriptEnabled}.png` });
    // It asks first (ADR 161), and never completes by itself.
    await offer.click();
    await expect(page.getByRole("heading", { name: `Mark “${CHALLENGE.cause}” as completed?` })).toBeVisible();
    await page.getByRole("button", { name: "Yes, I completed it" }).click();
    await expect(page).toHaveURL(/\/completedgoals$/);
    await close();
  });
}
