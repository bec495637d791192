/**
 * The organiser replaces a team's sponsor link from the fundraising page's sponsor-links panel (ADR 268),
 * JavaScript on at 390 px and off at 1280 px: the first tap only asks and says what stops working (the
 * link still works), the confirmation closes that team's old link (a supporter who opens it is told) and
 * the team page offers the new one. The demo's River Runners: no other spec holds its link.
 */
import { expect, test } from "@playwright/test";
import { checkAxe, DEMO, signIn } from "./support";

// Both runs replace the same team's link: one after the other, or one would see the other's replacement.
test.describe.configure({ mode: "serial" });

for (const { js, width } of [
  { js: true, width: 390 },
  { js: false, width: 1280 },
]) {
  test(`JS ${js ? "on" : "off"} at ${width}px: the organiser replaces a team's sponsor link from the sponsor-links panel`, async ({
    browser,
  }, testInfo) => {
    test.setTimeout(120_000);
    const context = await browser.newContext({ javaScriptEnabled: js, viewport: { width, height: 900 } });
    const org = await context.newPage();
    await signIn(org, DEMO.org);
    const teamPage = "/goals/goal-challenge/teams/seed-team-river";
    await org.goto(teamPage);
    const old = await org.getByLabel("The team's sponsor link").inputValue();
    const visitorContext = await browser.newContext({ javaScriptEnabled: js });
    const visitor = await visitorContext.newPage();
    expect((await visitor.goto(old))?.status()).toBe(200);

    await org.goto("/goals/goal-challenge/fundraising");
    const panel = org.getByRole("region", { name: "Sponsor links" });
    await panel.getByText("Replace a team's sponsor link…").click();
    const ask = panel.getByRole("group", { name: "Replace one team's sponsor link?" });
    await expect(ask).toContainText("The team's link shared so far stops working at once");
    await expect(ask).toContainText("Pledges already made stay, and the other links keep working.");
    await ask.getByLabel("Team").selectOption({ label: "Team River Runners" });
    await panel.screenshot({ path: testInfo.outputPath(`replace-team-link-ask-${width}.png`) });
    await checkAxe(org, js);
    // Asking is not doing: the link still works.
    expect((await visitor.goto(old))?.status()).toBe(200);

    await ask.getByRole("button", { name: "Replace the team's link" }).click();
    await expect(org.getByText("The sponsor link of Team River Runners is replaced")).toBeVisible();
    await expect(org).toHaveURL(/\/goals\/goal-challenge\/fundraising#sponsor-links$/);
    await org.screenshot({ path: testInfo.outputPath(`replace-team-link-done-${width}.png`) });
    expect((await visitor.goto(old))?.status()).toBe(404);
    await expect(visitor.getByText("This sponsor link does not work any more.")).toBeVisible();

    await org.goto(teamPage);
    const renewed = await org.getByLabel("The team's sponsor link").inputValue();
    expect(renewed).not.toBe(old);
    expect((await visitor.goto(renewed))?.status()).toBe(200);
    await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("Sponsor Team River Runners");
    await Promise.all([context.close(), visitorContext.close()]);
  });
}
