/**
 * Sponsors e2e helpers (ADR 240-242): a private, measured challenge running this month with fundraising,
 * members who join it through its invite link and log, and the links they hand on.
 */
import { expect, type Browser, type Page } from "@playwright/test";
import { signedInPage, type TestUser } from "./fixtures";
import { logThroughForm } from "./support";

/** The org (its own context) creates a private month challenge in km for "Shelter", running now. */
export async function orgCreatesPrivateChallenge(browser: Browser, javaScriptEnabled = true) {
  const { page, user, close } = await signedInPage(
    browser,
    { type: "org", first: "Olga", last: "Org" },
    javaScriptEnabled,
  );
  await page.goto("/create");
  const cause = `Club km ${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  await page.getByLabel("Cause").fill(cause);
  await page.getByLabel(/Month challenge/).check();
  const month = page.getByLabel("Month (for a month challenge)");
  const thisMonth = (await month.locator("option").first().getAttribute("value"))!;
  await month.selectOption(thisMonth);
  await page.getByLabel(/Private/).check();
  await page.getByLabel("Unit", { exact: true }).selectOption("km");
  await page.getByLabel("Target per member").fill("10");
  await page.getByLabel(/Group target/).fill("50");
  await page.getByLabel(/Charity name/).fill("Shelter");
  await page.getByLabel(/Charity's donation page/).fill("https://shelter.example.org/donate");
  await page.getByLabel(/Target amount/).fill("100");
  await page.getByLabel("Currency").selectOption("GBP");
  await page.getByRole("button", { name: "Create goal" }).click();
  await expect(page).toHaveURL(/\/active\/[a-f0-9]+#organiser-tools$/);
  const goalId = new URL(page.url()).pathname.split("/")[2]!;
  await page.goto(`/goals/${goalId}/fundraising`);
  const inviteUrl = await page.locator("#invite-url").inputValue();
  const [y, m] = thisMonth.split("-").map(Number) as [number, number];
  const end = `${thisMonth}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, "0")}`;
  return { page, org: user, goalId, cause, inviteUrl, end, close };
}

/** A member in a context of their own joins through the invite link and, if asked, logs an amount. */
export async function memberJoins(browser: Browser, first: string, inviteUrl: string, logKm?: string) {
  const member = await signedInPage(browser, { first, last: "Tester" });
  await member.page.goto(inviteUrl);
  await member.page.getByRole("button", { name: "Join the challenge" }).click();
  await expect(member.page).toHaveURL(/\/active\/[a-f0-9]+/);
  if (logKm) await logKm_(member.page, logKm);
  return member;
}

async function logKm_(page: Page, amount: string) {
  await logThroughForm(page, amount);
  await expect(page.getByTestId("my-total")).toHaveText(`${amount} km`);
}

/** The member's own sponsor link, from the goal screen's "Get sponsored" to its kit page. */
export async function sponsorLinkOf(page: Page, goalId: string) {
  await page.goto(`/active/${goalId}`);
  await page.getByRole("link", { name: /Get sponsored per km/ }).click();
  await expect(page).toHaveURL(new RegExp(`/goals/${goalId}/sponsor$`));
  return page.locator("#sponsor-url").inputValue();
}

export type Member = { page: Page; user: TestUser; close: () => Promise<void> };
