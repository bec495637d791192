/**
 * Pledges to a team (ADR 246), JavaScript on at 390 px and off at 1280 px: on the demo club's team
 * challenge, a signed-out supporter opens the challenge's sponsor link, chooses "Team River Runners" and
 * pledges per mile; their own page names the team.
 */
import { expect, test } from "@playwright/test";
import { checkAxe, DEMO, signIn } from "./support";

for (const { js, width } of [
  { js: true, width: 390 },
  { js: false, width: 1280 },
]) {
  test(`JS ${js ? "on" : "off"} at ${width}px: a supporter backs one team of a challenge per mile`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const orgContext = await browser.newContext();
    const org = await orgContext.newPage();
    await signIn(org, DEMO.org);
    await org.goto("/goals/goal-challenge/fundraising");
    const link = await org.locator("#challenge-sponsor-url").inputValue();
    await orgContext.close();

    const context = await browser.newContext({ javaScriptEnabled: js, viewport: { width, height: 900 } });
    const visitor = await context.newPage();
    await visitor.goto(link);
    const backs = visitor.getByLabel("Your pledge backs");
    await expect(backs).toHaveValue("");
    await expect(backs.locator("option")).toHaveText(["The whole group", "Team Hill Harriers", "Team River Runners"]);
    await checkAxe(visitor, js);

    const name = `River fan ${width} ${Date.now()}`;
    await visitor.getByLabel("Your name").fill(name);
    await backs.selectOption({ label: "Team River Runners" });
    await visitor.getByLabel(/An amount per mile logged/).check();
    await visitor.getByLabel(/Amount per mile/).fill("0.50");
    await visitor.getByLabel(/Maximum/).fill("20");
    await visitor.getByRole("button", { name: "Pledge", exact: true }).click();
    await expect(visitor.getByRole("heading", { name: "Thank you for your pledge!" })).toBeVisible();
    await expect(visitor.getByTestId("pledge-terms")).toHaveText("£0.50 per mile Team River Runners logs, up to £20");
    await visitor.screenshot({ path: `test-results/team-pledge-${width}.png`, fullPage: true });

    // The sponsor link lists it; like every name but its own member's, the team's is not on it (ADR 240).
    await visitor.goto(link);
    await expect(
      visitor.getByRole("list", { name: "Latest supporters" }).getByRole("listitem").filter({ hasText: name }),
    ).toContainText("£0.50 per mile (up to £20)");
    await context.close();
  });
}
