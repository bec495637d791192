/**
 * Pledges to a team (ADR 246), JavaScript on at 390 px and off at 1280 px: on the demo club's team
 * challenge, a signed-out supporter opens the challenge's sponsor link, chooses "Team River Runners" and
 * pledges per mile; their own page names the team. The per-mile estimate follows the team picked (ADR 267):
 * live with JavaScript, on the sponsor link and on /give; without it, the whole group's estimate says whose
 * it is, with each team's own figures beside it.
 */
import { expect, test, type Page } from "@playwright/test";
import { checkAxe, DEMO, signIn } from "./support";

// The demo's totals grow with the month (the seed logs up to today): past its target the estimate says
// what the pledge is worth today instead of "if ... reaches".
const groupEstimate = /If the group reaches its 500\u00a0miles target: £20\.|grows with every mile the group logs/;
const riverEstimate =
  /If Team River Runners reaches its \d+\u00a0miles target: £[\d.]+\.|every mile Team River Runners logs/;

/** Picks per mile, then a team in "Your pledge backs": the estimate and the rule speak of it (ADR 267). */
async function estimateFollowsTeam(page: Page, js: boolean) {
  const estimate = page.getByTestId("pledge-estimate");
  await page.getByLabel(/An amount per mile logged/).check();
  await expect(estimate).toContainText(groupEstimate);
  await page.getByLabel("Your pledge backs").selectOption({ label: "Team River Runners" });
  if (js) {
    await expect(estimate).toContainText(riverEstimate);
    await expect(page.getByTestId("pledge-rule")).toContainText("Your pledge backs Team River Runners");
    await expect(page.getByTestId("pledge-rule")).toContainText("Everything Team River Runners logged before");
    await expect(page.getByTestId("pledge-team-note")).toHaveCount(0);
    await page.getByLabel(/Amount per mile/).fill("0.10");
    await expect(estimate).not.toContainText("For example");
    await expect(estimate).toContainText(riverEstimate);
  } else {
    // Without JavaScript the page cannot follow the list: it says whose estimate it is and shows each team's,
    // and the rule above says what either pick does, never "the whole group" with a team picked (ADR 299).
    await expect(estimate).toContainText(groupEstimate);
    const rule = page.getByTestId("pledge-rule");
    await expect(rule).toHaveText(
      'Your pledge backs what you pick in "Your pledge backs": the whole group, following every mile any member logs, or one team, following the miles its members log, whoever is in the team (a member who switches team takes their miles along). Everything the group or team you pick logged before your pledge counts too, up to your maximum.',
    );
    await expect(rule).not.toContainText("Your pledge backs the whole group");
    const note = page.getByTestId("pledge-team-note");
    await expect(note).toContainText("This estimate is for the whole group.");
    await expect(note.getByRole("listitem")).toHaveText([
      /^Team Hill Harriers: [\d,.]+\u00a0miles so far, target \d+\u00a0miles$/,
      /^Team River Runners: [\d,.]+\u00a0miles so far, target \d+\u00a0miles$/,
    ]);
  }
}

for (const { js, width } of [
  { js: true, width: 390 },
  { js: false, width: 1280 },
]) {
  test(`JS ${js ? "on" : "off"} at ${width}px: a supporter backs one team of a challenge per mile`, async ({
    browser,
  }, testInfo) => {
    test.setTimeout(120_000);
    const orgContext = await browser.newContext({ javaScriptEnabled: js, viewport: { width, height: 900 } });
    const org = await orgContext.newPage();
    await signIn(org, DEMO.org);
    await org.goto("/goals/goal-challenge/fundraising");
    const link = await org.locator("#challenge-sponsor-url").inputValue();
    // The challenge's pledge page (/give) offers the teams too, and its estimate follows the pick the same way.
    await org.goto("/give/goal-challenge");
    await estimateFollowsTeam(org, js);
    await org.screenshot({ path: testInfo.outputPath(`give-team-estimate-${width}.png`), fullPage: true });
    await orgContext.close();

    const context = await browser.newContext({ javaScriptEnabled: js, viewport: { width, height: 900 } });
    const visitor = await context.newPage();
    await visitor.goto(link);
    const backs = visitor.getByLabel("Your pledge backs");
    await expect(backs).toHaveValue("");
    await expect(backs.locator("option")).toHaveText(["The whole group", "Team Hill Harriers", "Team River Runners"]);
    await checkAxe(visitor, js);

    await estimateFollowsTeam(visitor, js);
    await visitor.screenshot({ path: testInfo.outputPath(`sponsor-team-estimate-${width}.png`), fullPage: true });
    await checkAxe(visitor, js);
    const name = `River fan ${width} ${Date.now()}`;
    await visitor.getByLabel("Your name").fill(name);
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
