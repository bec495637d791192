/**
 * The end of a challenge (ADR 274): the day after it ends, the cron tells each member in the bell, which
 * leads to their summary (their total and place, the group's, what was pledged, badges) and certificate.
 * The cron acts on every goal of the site, so this runs on the settings project's own server, one at a time.
 */
import { expect, test, type Page } from "@playwright/test";
import { signInAs } from "../fixtures";
import { checkAxe } from "../support";
import { memberJoins, orgCreatesPrivateChallenge } from "../sponsors-support";

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

async function setDate(page: Page, date: string) {
  await page.goto("/dev/date");
  await page.getByLabel("Today's date").fill(date);
  await page.getByRole("button", { name: "Use this date" }).click();
  await expect(page.getByText(`Today is pinned to ${date}`)).toBeVisible();
}

for (const [width, javaScriptEnabled] of [
  [390, false],
  [1280, true],
] as const) {
  test(`at ${width}px, JS ${javaScriptEnabled ? "on" : "off"}: after the end a member goes from the bell to their summary and certificate`, async ({
    browser,
  }) => {
    // Three people, the cron and a drawn certificate: more than one page's worth of time on a loaded machine.
    test.setTimeout(120_000);
    const org = await orgCreatesPrivateChallenge(browser);
    const priya = await memberJoins(browser, "Priya", org.inviteUrl, "5");
    const context = await browser.newContext({ javaScriptEnabled, viewport: { width, height: 900 } });
    const page = await context.newPage();
    await signInAs(page, priya.user);

    // Before the end the summary says when it comes.
    await page.goto(`/goals/${org.goalId}/summary`);
    await expect(
      page.getByText("Your summary and certificate are ready the day after the challenge ends"),
    ).toBeVisible();

    // The day after the end, the cron runs: the bell leads to the summary.
    await setDate(page, nextDay(org.end));
    await page.goto("/dev/cron");
    await page.getByRole("button", { name: "Run the cron now" }).click();
    await expect(page.getByRole("status").filter({ hasText: /^Done:/ })).toBeVisible();
    await page.goto("/notifications");
    await page.getByRole("link", { name: new RegExp(`${org.cause} has ended: see how you did`) }).click();
    await expect(page).toHaveURL(new RegExp(`/goals/${org.goalId}/summary$`));
    await expect(page.getByRole("heading", { level: 1, name: `${org.cause} has ended` })).toBeVisible();
    await expect(page.getByText("You logged 5 km: 1st of 1.")).toBeVisible();
    await expect(page.getByText("Together the group logged 5 km.")).toBeVisible();
    await expect(page.getByRole("listitem").filter({ hasText: "First entry" })).toBeVisible();

    // The certificate is a real picture of the right size, to download.
    const certificate = page.getByRole("img", { name: /Your certificate for/ });
    await certificate.scrollIntoViewIfNeeded();
    await expect
      .poll(() => certificate.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), {
        timeout: 30_000,
      })
      .toBe(1200);
    await expect(page.getByRole("link", { name: /Download your certificate/ })).toHaveAttribute(
      "download",
      "certificate.png",
    );
    if (javaScriptEnabled) await checkAxe(page, true);
    await page.screenshot({ path: `test-results/summary-${width}.png`, fullPage: true });
    await context.close();
    await priya.close();
    await org.close();
  });
}
