/**
 * Deleting an account that logged progress and has pledges around it (ADR 180, 188), with
 * JavaScript on and off: the charity's totals on the goal's /give page and on the org's fundraising page
 * read the same afterwards, the member's message shows as "Deleted member", and they cannot sign in.
 */
import { expect, test, type Page } from "@playwright/test";
import { signedInPage } from "./fixtures";
import { createMeasuredGoal, logThroughForm, saveFundraising } from "./support";

const TOTALS = ["pledged", "pledged-percent", "supporters", "raised"] as const;

/** What the totaliser on the open page says, figure by figure. */
async function totals(page: Page) {
  const out: Record<string, string> = {};
  for (const id of TOTALS) out[id] = (await page.getByTestId(id).textContent())!.trim();
  return out;
}

/** An org's public goal measured in km, with fundraising for a charity, set up through its forms. */
async function orgGoalWithFundraising(page: Page) {
  const goal = await createMeasuredGoal(page, "Walk for the shelter");
  await saveFundraising(page);
  return goal;
}

for (const javaScriptEnabled of [true, false]) {
  test(`JavaScript ${javaScriptEnabled ? "on" : "off"}: a member who logged progress and has pledges deletes the account; the charity's totals do not move`, async ({
    browser,
  }) => {
    test.setTimeout(150_000);
    const org = await signedInPage(browser, { type: "org", first: "Olga" });
    const { goalId } = await orgGoalWithFundraising(org.page);

    // Leah joins, logs 7 km, writes in the discussion and pledges £5 herself.
    const leah = await signedInPage(browser, { first: "Leah", last: "Leaving" }, javaScriptEnabled);
    const { page } = leah;
    await page.goto(`/join/${goalId}`);
    await page.getByRole("button", { name: "Join goal" }).click();
    await expect(page).toHaveURL(new RegExp(`/active/${goalId}(#progress)?$`));
    await logThroughForm(page, "7", "Along the canal");
    await expect(page.getByTestId("my-total")).toHaveText("7 km");
    const message = `Day one done ${Date.now()}`;
    await page.getByLabel("Write a message").fill(message);
    await page.getByRole("button", { name: "Post message" }).click();
    await expect(page.getByText(message)).toBeVisible();
    await page.goto(`/give/${goalId}`);
    await page.getByLabel("Amount (GBP)").fill("5");
    await page.getByRole("button", { name: "Pledge", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Thank you for your pledge!" })).toBeVisible();

    // Her gran sponsors her by the km (50p, up to £20): worth £3.50 on her 7 km.
    const gran = await signedInPage(browser, { first: "Gran", last: "Giving" });
    await gran.page.goto(`/give/${goalId}?member=${leah.user.id}`);
    await expect(gran.page.getByText("by Leah Leaving")).toBeVisible();
    await gran.page.getByLabel(/An amount per km logged/).check();
    await gran.page.getByLabel(/Amount per km/).fill("0.50");
    await gran.page.getByLabel(/Maximum/).fill("20");
    await gran.page.getByRole("button", { name: "Pledge", exact: true }).click();
    await expect(gran.page.getByRole("heading", { name: "Thank you for your pledge!" })).toBeVisible();

    // The org marks Leah's £5 paid: raised £5 of £8.50 pledged.
    await org.page.goto(`/goals/${goalId}/fundraising`);
    await org.page.getByRole("button", { name: "Mark paid pledge from Leah Leaving" }).click();
    await expect(org.page.getByTestId("raised")).toHaveText("£5");
    await expect(org.page.getByTestId("pledged")).toHaveText("£8.50");
    const orgBefore = await totals(org.page);
    await gran.page.goto(`/give/${goalId}`);
    const giveBefore = await totals(gran.page);
    expect(giveBefore).toEqual(orgBefore);

    // Leah deletes her account by typing her e-mail.
    await page.goto("/profile");
    await page.getByRole("link", { name: "Delete account" }).click();
    // axe on this screen, empty and with a field error at both widths: account-axe.spec.ts.
    await expect(page).toHaveURL(/\/profile\/delete$/);
    await page.getByLabel(`Type ${leah.user.email} to confirm`).fill(leah.user.email);
    await page.getByLabel("Current password").fill(leah.user.password);
    await page.getByRole("button", { name: "Delete my account" }).click();
    await expect(page.getByRole("status").filter({ hasText: /\S/ })).toContainText("Your account is deleted");

    // The totals read the same on both pages; her message stays, as "Deleted member".
    await org.page.goto(`/goals/${goalId}/fundraising`);
    expect(await totals(org.page)).toEqual(orgBefore);
    await gran.page.goto(`/give/${goalId}`);
    expect(await totals(gran.page)).toEqual(giveBefore);
    await expect(gran.page.getByText("Leah Leaving")).toHaveCount(0);
    await org.page.goto(`/goals/${goalId}/discussion`);
    const post = org.page.locator("li").filter({ hasText: message });
    await expect(post).toContainText("Deleted member");
    await expect(post).not.toContainText("Leah");

    // She cannot sign in any more.
    await page.goto("/signin");
    await page.getByLabel("Email").fill(leah.user.email);
    await page.getByLabel("Password", { exact: true }).fill(leah.user.password);
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByText("Email Address Not Found")).toBeVisible();
    await expect(page).toHaveURL(/\/signin$/);
    await Promise.all([org.close(), leah.close(), gran.close()]);
  });
}
