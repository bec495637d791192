/**
 * Notification e-mail (ADR 187). These tests run the cron (/dev/cron), which acts on every
 * member of the site (heads-ups, reminders, mail): like the site-wide settings tests they run on the
 * settings project's own server, one at a time (playwright.config.ts), so no other test's bell moves.
 */
import { expect, test, type Browser, type Page } from "@playwright/test";
import { createUser, signInAs, type UserOptions } from "../fixtures";
import { connected } from "../live-support";
import { checkAxe } from "../support";

const GOAL = "goal-running"; // seeded: "Walk 10,000 steps a day", from 10 days ago to 20 days ahead
const CAUSE = "Walk 10,000 steps a day";

async function person(browser: Browser, options: UserOptions, javaScriptEnabled = true) {
  const context = await browser.newContext({ javaScriptEnabled });
  const page = await context.newPage();
  const user = await createUser(page.request, { join: [GOAL], ...options });
  await signInAs(page, user);
  return { page, user, close: () => context.close() };
}

const bell = (page: Page) => page.getByRole("link", { name: /^Notifications, / });

async function runCron(page: Page) {
  await page.goto("/dev/cron");
  await page.getByRole("button", { name: "Run the cron now" }).click();
  await expect(page.getByRole("status").filter({ hasText: /^Done:/ })).toBeVisible();
}

async function setDate(page: Page, date: string) {
  await page.goto("/dev/date");
  await page.getByLabel("Today's date").fill(date);
  await page.getByRole("button", { name: "Use this date" }).click();
  await expect(page.getByText(`Today is pinned to ${date}`)).toBeVisible();
}

const mails = (page: Page, to: string) => page.locator("article").filter({ hasText: `To ${to}` });

/** The unsubscribe link of the newest mail to `to` whose subject matches. */
async function unsubscribeLink(page: Page, to: string, subject: RegExp) {
  await page.goto(`/dev/mail?to=${encodeURIComponent(to)}`);
  const href = await mails(page, to)
    .filter({ has: page.getByRole("heading", { name: subject }) })
    .first()
    .locator('a[href*="/unsubscribe/"]')
    .first()
    .getAttribute("href");
  return new URL(href!).pathname;
}

test("a cheer rings the bell live and arrives by e-mail; one click, signed out, stops cheer e-mails", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const ana = await person(browser, { first: "Ana", last: "Walker" });
  const ben = await person(browser, { first: "Ben", last: "Strider" });
  const cy = await person(browser, { first: "Cy", last: "Runner" });

  await ana.page.goto("/main");
  await connected(ana.page);
  await expect(bell(ana.page)).toHaveAccessibleName("Notifications, none unread");
  await ben.page.goto(`/active/${GOAL}?members=all`); // every member: a shared goal lists the first 10 (ADR 315)
  await ben.page.getByRole("button", { name: /Cheer Ana Walker/ }).click();
  await expect(bell(ana.page)).toHaveAccessibleName("Notifications, 1 unread", { timeout: 10_000 });

  await runCron(ben.page);
  await ben.page.goto(`/dev/mail?to=${encodeURIComponent(ana.user.email)}`);
  const mail = mails(ben.page, ana.user.email);
  await expect(mail).toHaveCount(1);
  await expect(mail).toContainText(`Ben Strider cheered you on in ${CAUSE}.`);
  await expect(mail).toContainText("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
  const link = await unsubscribeLink(ben.page, ana.user.email, /cheered you on/);

  // Signed out, without JavaScript: the link shows a button; the button turns cheer e-mails off.
  const outside = await browser.newContext({ javaScriptEnabled: false });
  const page = await outside.newPage();
  await page.goto(link);
  await expect(page.getByText("Someone cheered you on")).toBeVisible();
  await checkAxe(page, false, [390, 1280]);
  await page.getByRole("button", { name: "Stop these e-mails" }).click();
  await expect(page.getByRole("status")).toContainText("you will not get these e-mails any more");
  await outside.close();

  // Cy cheers and writes: the bell hears both, the mail only the message.
  await cy.page.goto(`/active/${GOAL}?members=all`);
  await cy.page.getByRole("button", { name: /Cheer Ana Walker/ }).click();
  await expect(bell(ana.page)).toHaveAccessibleName("Notifications, 2 unread", { timeout: 10_000 });
  await runCron(cy.page);
  await cy.page.goto(`/dev/mail?to=${encodeURIComponent(ana.user.email)}`);
  await expect(mails(cy.page, ana.user.email)).toHaveCount(1);

  // Her profile shows the switch off.
  await ana.page.goto("/profile");
  const section = ana.page.getByRole("region", { name: "Notifications", exact: true });
  await expect(section.getByRole("group", { name: "Someone cheered you on" }).getByLabel("Off")).toBeChecked();
  for (const m of [ana, ben, cy]) await m.close();
});

test("without JavaScript: the digest and the 3-day reminder come from the cron with the date moved", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const mia = await person(browser, { first: "Mia", last: "Idle" }, false);
  const ben = await person(browser, { first: "Ben", last: "Cheery" });
  await ben.page.goto(`/active/${GOAL}?members=all`);
  await ben.page.getByRole("button", { name: /Cheer Mia Idle/ }).click();

  // Mia turns the weekly digest on in her profile (it is off by default).
  await mia.page.goto("/profile");
  const section = mia.page.getByRole("region", { name: "Notifications", exact: true });
  const digest = section.getByRole("group", { name: /weekly digest/ });
  await expect(digest.getByLabel("Off")).toBeChecked();
  await digest.getByLabel("On").check();
  await section.getByRole("button", { name: "Save notifications" }).click();
  await expect(mia.page).toHaveURL(/\/profile#notifications$/);
  await expect(mia.page.getByText("Your notification e-mail settings are saved.")).toBeVisible();
  await checkAxe(mia.page, false, [1280, 390]);

  // Three days on (she has not been back): the reminder; the coming Monday: the digest. In date order.
  const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
  const monday = [1, 2, 3, 4, 5, 6, 7].map(day).find((d) => new Date(`${d}T00:00:00Z`).getUTCDay() === 1)!;
  for (const date of [...new Set([day(3), monday])].sort()) {
    await setDate(mia.page, date);
    await runCron(mia.page);
  }
  await mia.page.goto(`/dev/mail?to=${encodeURIComponent(mia.user.email)}`);
  const all = mails(mia.page, mia.user.email);
  await expect(all.filter({ hasText: "Your week on Goals with Friends" })).toHaveCount(1);
  await expect(all.filter({ hasText: "Your week on Goals with Friends" })).toContainText(
    `Ben Cheery cheered you on in ${CAUSE}.`,
  );
  const reminder = (page: Page) => page.getByRole("heading", { name: /^You have not checked in on/ });
  await expect(all.filter({ has: reminder(mia.page) })).toHaveCount(1);

  // One click on the reminder's link; a week later another reminder would be due: none is mailed.
  const link = await unsubscribeLink(mia.page, mia.user.email, /You have not checked in/);
  const response = await mia.page.request.post(link, { form: { "List-Unsubscribe": "One-Click" } });
  expect(response.status()).toBe(200);
  await setDate(mia.page, day(11));
  await runCron(mia.page);
  await mia.page.goto(`/dev/mail?to=${encodeURIComponent(mia.user.email)}`);
  await expect(mails(mia.page, mia.user.email).filter({ has: reminder(mia.page) })).toHaveCount(1);
  // The bell still tells her (the switch is for e-mail only).
  await mia.page.goto("/notifications");
  await expect(mia.page.getByRole("link", { name: /You have not checked in on/ })).toHaveCount(2);
  await mia.close();
  await ben.close();
});
