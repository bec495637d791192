/**
 * Sponsor links (ADR 240): a private challenge's member link works for a signed-out supporter, with
 * JavaScript on (a phone) and off (a desktop), shows only what a supporter needs, and the organiser's
 * revoke and pause close it.
 */
import { expect, test } from "@playwright/test";
import { checkAxe } from "./support";
import { memberJoins, orgCreatesPrivateChallenge, sponsorLinkOf } from "./sponsors-support";

for (const { js, width } of [
  { js: true, width: 390 },
  { js: false, width: 1280 },
]) {
  test(`JS ${js ? "on" : "off"} at ${width}px: a signed-out supporter sponsors a private challenge's member per km through her link, sees no members or discussion, and revoking closes it`, async ({
    browser,
  }) => {
    test.setTimeout(300_000);
    const org = await orgCreatesPrivateChallenge(browser);
    const priya = await memberJoins(browser, "Priya", org.inviteUrl, "12");
    const bea = await memberJoins(browser, "Bea", org.inviteUrl);
    const link = await sponsorLinkOf(priya.page, org.goalId);
    expect(link).toMatch(new RegExp(`/sponsor/${org.goalId}\\.${priya.user.id}\\.[A-Za-z0-9_-]{43}$`));
    await expect(priya.page.getByRole("img", { name: /QR code of the link/ })).toBeVisible();
    await checkAxe(priya.page, true);

    const context = await browser.newContext({ javaScriptEnabled: js, viewport: { width, height: 900 } });
    const visitor = await context.newPage();
    const response = await visitor.goto(link);
    expect(response?.status()).toBe(200);
    await expect(visitor.getByRole("heading", { name: "Sponsor Priya Tester" })).toBeVisible();
    await expect(visitor.getByText(org.cause).first()).toBeVisible();
    await expect(visitor.getByTestId("sponsor-progress")).toHaveText(
      "Priya Tester has logged 12 km of a 10 km target.",
    );
    await expect(visitor.getByText("Raising for Shelter")).toBeVisible();
    // Only what a supporter needs: no other member, no discussion, no address.
    const html = await visitor.content();
    expect(html).not.toContain("Bea Tester");
    expect(html).not.toContain(priya.user.email);
    expect(html).not.toContain(org.org.email);
    await expect(visitor.getByLabel("Write a message")).toHaveCount(0);
    await expect(visitor.getByRole("button", { name: /Cheer/ })).toHaveCount(0);
    await checkAxe(visitor, js);

    await visitor.getByLabel("Your name").fill("Uncle Raj");
    await visitor.getByLabel(/An amount per km logged/).check();
    await visitor.getByLabel(/Amount per km/).fill("0.50");
    await visitor.getByLabel(/Maximum/).fill("20");
    await visitor.getByRole("button", { name: "Pledge", exact: true }).click();
    await expect(visitor.getByRole("heading", { name: "Thank you for your pledge!" })).toBeVisible();
    await visitor.goto(link);
    // 12 km logged before the pledge count too: £6.
    await expect(visitor.getByTestId("pledged")).toHaveText("£6");
    await expect(visitor.getByRole("list", { name: "Latest supporters" })).toContainText("Uncle Raj");
    // The goal itself stays closed to them.
    expect((await visitor.goto(`/give/${org.goalId}`))?.status()).toBe(403);
    await visitor.goto(`/active/${org.goalId}`);
    await expect(visitor).not.toHaveURL(/\/active\//);

    // The organiser replaces Priya's link (JavaScript on and off): the first tap only asks and says what
    // stops working (ADR 298); the old link works until the organiser confirms, then her new one works.
    await org.page.goto(`/goals/${org.goalId}/fundraising`);
    await checkAxe(org.page, true);
    const organiser = await browser.newContext({
      javaScriptEnabled: js,
      viewport: { width, height: 900 },
      storageState: await org.page.context().storageState(),
    });
    const orgPage = await organiser.newPage();
    await orgPage.goto(`/goals/${org.goalId}/fundraising`);
    await expect(orgPage.getByRole("button", { name: "Replace their link" })).toBeHidden();
    await orgPage.getByText("Replace one member's sponsor link…").click();
    const ask = orgPage.getByRole("group", { name: "Replace one member's sponsor link?" });
    await expect(ask).toContainText("The member's link shared so far stops working at once");
    await ask.getByLabel("Member").selectOption({ label: "Priya Tester" });
    await orgPage.locator("#sponsor-links").screenshot({ path: `test-results/replace-member-link-ask-${width}.png` });
    if (js) {
      // "Keep their link" closes the question; nothing changed.
      await ask.getByRole("button", { name: "Keep their link" }).click();
      await expect(ask).toBeHidden();
      expect((await visitor.goto(link))?.status()).toBe(200);
      await orgPage.getByText("Replace one member's sponsor link…").click();
      await ask.getByLabel("Member").selectOption({ label: "Priya Tester" });
    } else expect((await visitor.goto(link))?.status()).toBe(200);
    await ask.getByRole("button", { name: "Replace their link" }).click();
    await expect(orgPage.getByText("Priya Tester's sponsor link is replaced")).toBeVisible();
    await organiser.close();
    expect((await visitor.goto(link))?.status()).toBe(404);
    await expect(visitor.getByText("This sponsor link does not work any more.")).toBeVisible();
    const renewed = await sponsorLinkOf(priya.page, org.goalId);
    expect(renewed).not.toBe(link);
    expect((await visitor.goto(renewed))?.status()).toBe(200);

    // Paused sponsoring closes every link (and says so); switched on again it works.
    // The whole sentence, never a word of it: "Sponsoring is paused: … only members …" holds "on" twice, so
    // a substring check passed before the switch's post had answered and the visitor read the old state.
    await org.page.getByRole("button", { name: "Pause sponsoring" }).click();
    await expect(org.page.getByTestId("sponsoring-state")).toHaveText(
      "Sponsoring is paused: sponsor links say so and only members can pledge.",
    );
    expect((await visitor.goto(renewed))?.status()).toBe(403);
    await expect(visitor.getByText("The organiser has paused sponsoring")).toBeVisible();
    await org.page.getByRole("button", { name: "Switch sponsoring on" }).click();
    await expect(org.page.getByTestId("sponsoring-state")).toHaveText("Sponsoring is on.");
    expect((await visitor.goto(renewed))?.status()).toBe(200);
    // Revoking every link closes the challenge's own link and the members' alike.
    const challengeLink = await org.page.locator("#challenge-sponsor-url").inputValue();
    expect((await visitor.goto(challengeLink))?.status()).toBe(200);
    // The first tap only asks, and says what stops working (ADR 252): the link still works.
    await org.page.setViewportSize({ width, height: 900 });
    await org.page.getByText("Revoke every sponsor link…").click();
    await org.page.locator("#sponsor-links").screenshot({ path: `test-results/revoke-sponsor-links-ask-${width}.png` });
    await expect(org.page.getByRole("group", { name: "Revoke every sponsor link of this challenge?" })).toContainText(
      "Every sponsor link shared so far stops working at once",
    );
    expect((await visitor.goto(challengeLink))?.status()).toBe(200);
    await org.page.getByRole("button", { name: "Revoke every sponsor link" }).click();
    await expect(org.page.getByText("Every sponsor link is replaced")).toBeVisible();
    expect((await visitor.goto(challengeLink))?.status()).toBe(404);
    expect((await visitor.goto(renewed))?.status()).toBe(404);
    await Promise.all([context.close(), org.close(), priya.close(), bea.close()]);
  });
}
