/**
 * The pledge form says what a pledge means, and the supporter keeps a link to it (ADR 241): only the
 * chosen option's fields show (JavaScript on at 390 px, off at 1280 px), the rule for earlier km and the
 * estimate are in words, a pledge per km without a maximum is refused and writes nothing, the receipt mail
 * carries the supporter's private link, where they see the value and change the maximum.
 */
import { expect, test } from "@playwright/test";
import { checkAxe, latestMailedLink } from "./support";
import { memberJoins, orgCreatesPrivateChallenge, sponsorLinkOf } from "./sponsors-support";

for (const { js, width } of [
  { js: true, width: 390 },
  { js: false, width: 1280 },
]) {
  test(`JS ${js ? "on" : "off"} at ${width}px: a supporter sees only the chosen option, the earlier-km rule and a receipt link to change their pledge`, async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const org = await orgCreatesPrivateChallenge(browser);
    const priya = await memberJoins(browser, "Priya", org.inviteUrl, "12");
    const link = await sponsorLinkOf(priya.page, org.goalId);
    const context = await browser.newContext({ javaScriptEnabled: js, viewport: { width, height: 900 } });
    const visitor = await context.newPage();
    await visitor.goto(link);

    // A fixed amount is chosen: the per-km fields stay out of sight until the supporter picks per km.
    await expect(visitor.getByLabel("Amount (GBP)")).toBeVisible();
    await expect(visitor.getByLabel(/Amount per km/)).toBeHidden();
    await expect(visitor.getByLabel(/Maximum/)).toBeHidden();
    await visitor.getByLabel(/An amount per km logged/).check();
    await expect(visitor.getByLabel("Amount (GBP)")).toBeHidden();
    await expect(visitor.getByLabel(/Amount per km/)).toBeVisible();
    await expect(visitor.getByTestId("pledge-rule")).toContainText(
      "Everything Priya Tester logged before your pledge counts too (12 km so far), up to your maximum.",
    );
    await expect(visitor.getByTestId("pledge-rule")).toContainText("Your pledge backs Priya Tester");
    await expect(visitor.getByTestId("pledge-estimate")).toContainText("For example, at 1.00 GBP per km");
    await checkAxe(visitor, js);

    // Per km without a maximum: refused on the field, nothing written.
    await visitor.getByLabel("Your name").fill("Uncle Raj");
    await visitor.getByLabel(/Amount per km/).fill("0.50");
    if (js) await expect(visitor.getByTestId("pledge-estimate")).toContainText("Your pledge is worth £6 today");
    await visitor.getByRole("button", { name: "Pledge", exact: true }).click();
    await expect(visitor.getByText("Set a maximum for a pledge per unit: the most it can grow to")).toBeVisible();
    // The per-km option stays chosen, with its fields, after the refusal.
    await expect(visitor.getByLabel(/Maximum/)).toBeVisible();
    await expect(visitor.getByTestId("pledged")).toHaveText("£0");

    const email = `raj-${Date.now()}-${width}@example.com`;
    await visitor.getByLabel(/Amount per km/).fill("0.50");
    await visitor.getByLabel(/Maximum/).fill("20");
    await visitor.getByLabel(/Your e-mail/).fill(email);
    await visitor.getByRole("button", { name: "Pledge", exact: true }).click();
    await expect(visitor.getByRole("heading", { name: "Thank you for your pledge!" })).toBeVisible();
    await expect(visitor.getByText("Nothing to pay yet: when the challenge ends")).toBeVisible();
    await expect(visitor.getByTestId("pledge-value")).toHaveText("£6");
    await expect(visitor).toHaveURL(/\/pledge\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}\?from=/);
    await checkAxe(visitor, js);

    // The receipt carries the same private link.
    const here = new URL(visitor.url()).pathname;
    const mailed = await latestMailedLink(visitor, email, "/pledge/");
    expect(mailed).toBe(here);
    await visitor.goto(mailed);
    await expect(visitor.getByTestId("pledge-terms")).toHaveText("£0.50 per km Priya Tester logs, up to £20");
    await visitor.getByLabel("Maximum (GBP)").fill("5");
    await visitor.getByRole("button", { name: "Change the maximum" }).click();
    await expect(visitor.getByTestId("pledge-terms")).toHaveText("£0.50 per km Priya Tester logs, up to £5");
    await expect(visitor.getByTestId("pledge-value")).toHaveText("£5");
    await Promise.all([context.close(), org.close(), priya.close()]);
  });
}
