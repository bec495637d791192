import { expect, test, type Browser, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support";
import { createUser } from "./fixtures";
import { connected } from "./live-support";

/**
 * The org creates a private month challenge with a target on /create, then copies the invite link from
 * the challenge's fundraising page. Returns the new goal's id and the link it would share.
 */
async function orgSharesInvite(browser: Browser, target = "500") {
  const context = await browser.newContext();
  const page = await context.newPage();
  await createUser(context.request, { type: "org" });
  await page.goto("/create");
  const cause = `Club month of miles ${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  await page.getByLabel("Cause").fill(cause);
  await page.getByLabel(/Month challenge/).check();
  const month = page.getByLabel("Month (for a month challenge)");
  const chosen = await month.locator("option").nth(1).getAttribute("value");
  await month.selectOption(chosen!);
  await page.getByLabel(/Private/).check();
  await page.getByLabel(/Charity name/).fill("Shelter");
  await page.getByLabel(/Charity's donation page/).fill("https://shelter.example.org/donate");
  await page.getByLabel(/Target amount/).fill(target);
  await page.getByLabel("Currency").selectOption("GBP");
  await page.getByRole("button", { name: "Create goal" }).click();
  await expect(page).toHaveURL(/\/active\/[a-f0-9]+#organiser-tools$/);
  const goalId = new URL(page.url()).pathname.split("/")[2]!;
  // The 1st to the last day of the chosen month.
  const [y, m] = chosen!.split("-").map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  await expect(page.getByText(`${m}/1 - ${m}/${last}`).first()).toBeVisible();
  await page.goto(`/goals/${goalId}/fundraising`);
  await expect(page.getByText("Raising for Shelter")).toBeVisible();
  await expect(page.getByText(`£0 pledged of £${Number(target).toLocaleString("en-GB")}`)).toBeVisible();
  const inviteUrl = await page.locator("#invite-url").inputValue();
  expect(inviteUrl).toMatch(new RegExp(`/invite/${goalId}\\.[A-Za-z0-9_-]{43}$`));
  return { page, goalId, cause, inviteUrl, close: () => context.close() };
}

/** A new member in their own browser joins through the invite link and lands on the goal screen. */
async function memberJoins(
  browser: Browser,
  name: string,
  org: { inviteUrl: string; goalId: string; cause: string },
  javaScriptEnabled = true,
) {
  const context = await browser.newContext({ javaScriptEnabled });
  const page = await context.newPage();
  await createUser(context.request, { first: name, last: "Tester" });
  await page.goto(org.inviteUrl);
  await expect(page.getByRole("heading", { name: org.cause })).toBeVisible();
  await page.getByRole("button", { name: "Join the challenge" }).click();
  await expect(page).toHaveURL(new RegExp(`/active/${org.goalId}$`));
  return { page, close: () => context.close() };
}

async function pledge(page: Page, goalId: string, amount: string, message?: string) {
  await page.goto(`/give/${goalId}`);
  await expect(
    page.getByText("No fees. No tips. 100% goes to the charity through its own page.").first(),
  ).toBeVisible();
  await page.getByLabel("Amount (GBP)").fill(amount);
  if (message) await page.getByLabel("Message to the group").fill(message);
  await page.getByRole("button", { name: "Pledge", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Thank you for your pledge!" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Give on Shelter's page" })).toHaveAttribute(
    "href",
    "https://shelter.example.org/donate",
  );
}

test("an org shares an invite; members join, pledge and talk, and each sees the other live", async ({ browser }) => {
  test.setTimeout(120_000);
  const org = await orgSharesInvite(browser);
  const GOAL = org.goalId;
  const alex = await memberJoins(browser, "Alex", org);
  const bea = await memberJoins(browser, "Bea", org);

  // Bea watches the goal screen; nothing below reloads her page.
  await connected(bea.page);
  await bea.page.evaluate(() => ((window as any).__sameDocument = true));
  const beaRaised = bea.page.getByTestId("pledged");
  await expect(beaRaised).toHaveText("£0");

  await pledge(alex.page, GOAL, "20", "For the shelter!");
  await expect(beaRaised).toHaveText("£20", { timeout: 5_000 });
  await expect(bea.page.getByRole("list", { name: "Latest supporters" })).toContainText("For the shelter!");

  // And the other way round: Alex watches while Bea pledges.
  await alex.page.goto(`/active/${GOAL}`);
  await connected(alex.page);
  await alex.page.evaluate(() => ((window as any).__sameDocument = true));
  const alexSupporters = alex.page.getByTestId("supporters");
  await expect(alexSupporters).toHaveText("1 supporter");
  await bea.page.goto(`/give/${GOAL}`);
  await pledge(bea.page, GOAL, "30.50");
  await expect(alexSupporters).toHaveText("2 supporters", { timeout: 5_000 });
  await expect(alex.page.getByTestId("pledged")).toHaveText("£50.50");

  // Alex posts; Bea, back on the goal screen, sees it without a reload.
  await bea.page.goto(`/active/${GOAL}`);
  await connected(bea.page);
  await bea.page.evaluate(() => ((window as any).__sameDocument = true));
  const hello = `Week one done, ${Date.now()}`;
  await alex.page.getByLabel("Write a message").fill(hello);
  await alex.page.getByRole("button", { name: "Post message" }).click();
  await expect(alex.page.getByLabel("Write a message")).toHaveValue("");
  await expect(bea.page.getByText(hello)).toBeVisible({ timeout: 5_000 });
  expect(await bea.page.evaluate(() => (window as any).__sameDocument)).toBe(true);

  // Bea cheers Alex with one tap.
  const cheer = bea.page.getByRole("button", { name: /Cheer Alex Tester/ });
  await cheer.click();
  await expect(bea.page.getByRole("button", { name: /Cheered Alex Tester/ })).toHaveAttribute("aria-pressed", "true");
  // In the background: the same document, the same address.
  expect(await bea.page.evaluate(() => (window as any).__sameDocument)).toBe(true);
  await expect(bea.page).toHaveURL(new RegExp(`/active/${GOAL}$`));
  // A second tap takes it back.
  await bea.page.getByRole("button", { name: /Cheered Alex Tester/ }).click();
  await expect(bea.page.getByRole("button", { name: /Cheer Alex Tester/ })).toHaveAttribute("aria-pressed", "false");
  expect(await bea.page.evaluate(() => (window as any).__sameDocument)).toBe(true);

  await expectNoAxeViolations(bea.page);
  await alex.page.goto(`/give/${GOAL}`);
  await expectNoAxeViolations(alex.page);
  await expectNoAxeViolations(org.page);
  await Promise.all([org.close(), alex.close(), bea.close()]);
});

test("raised means paid: a £25 pledge on £3,000 shows as pledged (<1%), and as raised once the org marks it paid", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const org = await orgSharesInvite(browser, "3000");
  const alex = await memberJoins(browser, "Alex", org);
  await pledge(alex.page, org.goalId, "25");
  // The thank-you is Alex's own pledge page (ADR 241); the totaliser is on the pledge page.
  await expect(alex.page.getByTestId("pledge-value")).toHaveText("£25");
  await alex.page.goto(`/give/${org.goalId}`);
  await expect(alex.page.getByTestId("pledged")).toHaveText("£25");
  await expect(alex.page.getByTestId("pledged-percent")).toHaveText("<1% of the target");
  await expect(alex.page.getByTestId("raised")).toHaveText("£0");
  // Not an empty bar: a sliver for the £25.
  await expect(alex.page.getByRole("progressbar", { name: "Pledged for Shelter" })).toHaveAttribute(
    "aria-valuenow",
    "1",
  );

  // My challenges shows the same figures: one member, none completed, £25 pledged, nothing paid yet.
  const challengeRow = async () => {
    await org.page.goto("/challenges");
    const cells = org.page.getByRole("row", { name: new RegExp(org.cause) }).getByRole("cell");
    await expect(cells.nth(1)).toHaveText("1"); // members
    await expect(cells.nth(2)).toHaveText("0"); // completed
    await expect(cells.nth(3)).toHaveText("£25"); // pledged
    return cells.nth(4); // paid
  };
  await expect(await challengeRow()).toHaveText("£0");

  await org.page.goto(`/goals/${org.goalId}/fundraising`);
  await expect(org.page.getByTestId("raised")).toHaveText("£0");
  await org.page.getByRole("button", { name: "Mark paid pledge from Alex Tester" }).click();
  // Paid is a status beside a quiet way back, never a button that looks pressed (ADR 255).
  const paidCell = org.page
    .getByRole("row", { name: /Alex Tester/ })
    .getByRole("cell")
    .last();
  await expect(paidCell.locator(".status")).toHaveText("✓ Paid");
  await expect(paidCell.getByRole("button", { name: /^Paid/ })).toHaveCount(0);
  await expect(paidCell.getByRole("button", { name: "Mark not paid pledge from Alex Tester" })).toBeVisible();
  await expect(org.page.getByTestId("raised")).toHaveText("£25");
  await expect(org.page.getByText("£25 raised: pledges paid to Shelter")).toBeVisible();
  await expectNoAxeViolations(org.page);
  await expect(await challengeRow()).toHaveText("£25");

  await alex.page.goto(`/give/${org.goalId}`);
  await expect(alex.page.getByTestId("raised")).toHaveText("£25");
  await expect(alex.page.getByTestId("pledged")).toHaveText("£25");
  await Promise.all([alex.close(), org.close()]);
});

test("someone outside a private goal gets 403 on its discussion and pledges", async ({ page }) => {
  const GOAL = "goal-private"; // the seeded org's private challenge
  await createUser(page.request, { first: "Olly" });
  for (const path of [`/goals/${GOAL}/discussion`, `/give/${GOAL}`, `/goals/${GOAL}/fundraising`]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(403);
  }
  await expect(page.getByRole("heading", { name: "403" })).toBeVisible();
  await expectNoAxeViolations(page);
  const post = await page.request.post(`/goals/${GOAL}/discussion`, { form: { intent: "post", body: "let me in" } });
  expect(post.status()).toBe(403);
});

test("with JavaScript off a member joins, pledges and posts", async ({ browser }) => {
  test.setTimeout(90_000);
  const org = await orgSharesInvite(browser);
  const GOAL = org.goalId;
  const member = await memberJoins(browser, "Nojs", org, false);
  const { page } = member;

  await page.goto(`/give/${GOAL}`);
  await page.getByLabel("Amount (GBP)").fill("-5");
  await page.getByRole("button", { name: "Pledge", exact: true }).click();
  await expect(page.getByText("The amount must be more than zero")).toBeVisible();
  await pledge(page, GOAL, "5");

  await page.goto(`/active/${GOAL}`);
  const note = `No script needed ${Date.now()}`;
  await page.getByLabel("Write a message").fill(note);
  await page.getByRole("button", { name: "Post message" }).click();
  await expect(page).toHaveURL(new RegExp(`/active/${GOAL}#discussion$`));
  await expect(page.getByText(note)).toBeVisible();

  await page.getByLabel("Write a message").fill("<script>alert(1)</script>");
  await page.getByRole("button", { name: "Post message" }).click();
  await expect(page).toHaveURL(new RegExp(`/goals/${GOAL}/discussion$`));
  await expect(page.getByText("Plain text only: remove the < > tags")).toBeVisible();
  await Promise.all([org.close(), member.close()]);
});
