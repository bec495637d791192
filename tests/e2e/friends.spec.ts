/** Friends and the notification bell (ADR 181, 182), walked by two people in two browsers. */
import type { Browser, Page } from "@playwright/test";
import { expect, signedInPage, test } from "./fixtures";
import { connected } from "./live-support";
import { stylesApplied } from "./layout-check";
import { checkAxe } from "./support";

const GOAL = "goal-reading"; // seeded: "Read 12 books this year"

/** A fresh member signed in (tests/e2e/fixtures.ts) in a browser of their own. */
const member = (browser: Browser, first: string, javaScriptEnabled = true) =>
  signedInPage(browser, { first, last: "Tester" }, javaScriptEnabled);

const bell = (page: Page) => page.getByRole("link", { name: /^Notifications, / });

test("two members become friends; a cheer rings the other's bell live", async ({ browser }) => {
  test.setTimeout(90_000);
  const ana = await member(browser, "Ana");
  const ben = await member(browser, "Ben");

  await ana.page.goto("/friends");
  await checkAxe(ana.page, true);
  const link = await ana.page.getByRole("textbox", { name: "Your invite link" }).inputValue();
  expect(link).toMatch(/\/friends\/add\/[A-Za-z0-9_-]{22}$/);

  await ben.page.goto(new URL(link).pathname);
  await expect(ben.page.getByText("Ana Tester")).toBeVisible();
  await ben.page.getByRole("button", { name: "Accept" }).click();
  await expect(ben.page).toHaveURL(/\/friends$/);
  await expect(ben.page.getByRole("status").filter({ hasText: "You and Ana are friends now." })).toBeVisible();
  await expect(ben.page.getByRole("region", { name: /Your friends/ })).toContainText("Ana Tester");

  for (const m of [ana, ben]) {
    await m.page.goto(`/join/${GOAL}`);
    await m.page.getByRole("button", { name: "Join goal" }).click();
    await expect(m.page).toHaveURL(new RegExp(`/active/${GOAL}$`));
  }

  // Ana waits on her goal screen; Ben cheers her; her bell counts it without a reload.
  await ana.page.goto("/main");
  await connected(ana.page);
  await expect(bell(ana.page)).toHaveAccessibleName("Notifications, 1 unread"); // Ben accepted
  await ana.page.evaluate(() => ((window as unknown as { same: boolean }).same = true));
  await ben.page.goto(`/active/${GOAL}?members=all`); // every member: a shared goal lists the first 10 (ADR 315)
  await ben.page.getByRole("button", { name: /Cheer Ana Tester/ }).click();
  await expect(bell(ana.page)).toHaveAccessibleName("Notifications, 2 unread", { timeout: 5_000 });
  expect(await ana.page.evaluate(() => (window as unknown as { same?: boolean }).same)).toBe(true);

  await bell(ana.page).click();
  await expect(ana.page).toHaveURL(/\/notifications$/);
  await expect(
    ana.page.getByRole("link", { name: /Ben Tester cheered you on in Read 12 books this year/ }),
  ).toBeVisible();
  await checkAxe(ana.page, true);
  await ana.page.getByRole("button", { name: "Mark all as read" }).click();
  await expect(bell(ana.page)).toHaveAccessibleName("Notifications, none unread");
  await ana.close();
  await ben.close();
});

test("an e-mail invite to a member rings their bell live; accepting there rings the inviter's", async ({ browser }) => {
  test.setTimeout(90_000);
  const ana = await member(browser, "Ana");
  const ben = await member(browser, "Ben");
  await ben.page.goto("/main");
  await connected(ben.page);
  await ben.page.evaluate(() => ((window as unknown as { same: boolean }).same = true));

  await ana.page.goto("/friends");
  await ana.page.getByLabel("Friend's e-mail address").fill(ben.user.email);
  await ana.page.getByRole("button", { name: "Send invite" }).click();
  await expect(ana.page.getByRole("status").filter({ hasText: `Invite sent to ${ben.user.email}.` })).toBeVisible();

  await expect(bell(ben.page)).toHaveAccessibleName("Notifications, 1 unread", { timeout: 5_000 });
  expect(await ben.page.evaluate(() => (window as unknown as { same?: boolean }).same)).toBe(true);
  await bell(ben.page).click();
  await ben.page.getByRole("link", { name: "Ana Tester wants to be your friend." }).click();
  await expect(ben.page).toHaveURL(/\/friends#requests$/);
  const requests = ben.page.getByRole("region", { name: "Friend requests (1)" });
  await expect(requests).toContainText("Ana Tester");
  await checkAxe(ben.page, true);

  await ana.page.goto("/main");
  await connected(ana.page);
  await requests.getByRole("button", { name: "Accept Ana Tester" }).click();
  await expect(ben.page.getByRole("status").filter({ hasText: "You and Ana are friends now." })).toBeVisible();
  await expect(ben.page.getByRole("region", { name: /Your friends/ })).toContainText("Ana Tester");
  await expect(ben.page.getByRole("region", { name: /Friend requests/ })).toHaveCount(0);
  await expect(bell(ana.page)).toHaveAccessibleName("Notifications, 1 unread", { timeout: 5_000 });
  await ana.page.goto("/notifications");
  await expect(
    ana.page.getByRole("link", { name: "Ben Tester accepted your invite: you are friends now." }),
  ).toBeVisible();
  await ana.close();
  await ben.close();
});

test.describe("without JavaScript", () => {
  test("invite a member by e-mail; they decline one request and accept the next", async ({ browser }) => {
    const ana = await member(browser, "Ana", false);
    const ben = await member(browser, "Ben", false);
    const cal = await member(browser, "Cal", false);
    for (const from of [ana, cal]) {
      await from.page.goto("/friends");
      await from.page.getByLabel("Friend's e-mail address").fill(ben.user.email);
      await from.page.getByRole("button", { name: "Send invite" }).click();
      await expect(from.page.getByText(`Invite sent to ${ben.user.email}.`)).toBeVisible();
    }
    // A bad address: the message is on the field and nothing is sent.
    await ana.page.getByLabel("Friend's e-mail address").fill("not an address");
    await ana.page.getByRole("button", { name: "Send invite" }).click();
    await expect(ana.page.getByLabel("Friend's e-mail address")).toHaveAccessibleDescription(/valid email/i);

    await ben.page.goto("/main");
    await expect(bell(ben.page)).toHaveAccessibleName("Notifications, 2 unread");
    await ben.page.goto("/friends");
    await expect(ben.page.getByRole("region", { name: "Friend requests (2)" })).toBeVisible();
    await checkAxe(ben.page, false);
    await ben.page.getByRole("button", { name: "Decline Cal Tester" }).click();
    await expect(ben.page.getByText("You declined Cal's friend request.")).toBeVisible();
    await ben.page.getByRole("button", { name: "Accept Ana Tester" }).click();
    await expect(ben.page.getByText("You and Ana are friends now.")).toBeVisible();
    await expect(ben.page.getByRole("region", { name: /Your friends/ })).toContainText("Ana Tester");
    await expect(ben.page.getByRole("region", { name: /Your friends/ })).not.toContainText("Cal Tester");
    await ana.page.goto("/friends");
    await expect(ana.page.getByRole("region", { name: /Your friends/ })).toContainText("Ben Tester");
    await ana.close();
    await ben.close();
    await cal.close();
  });

  test("accept a friend link, remove the friend, and no Copy button that cannot work", async ({ browser }) => {
    const ana = await member(browser, "Ana", false);
    const ben = await member(browser, "Ben", false);
    await ana.page.goto("/friends");
    await expect(ana.page.getByRole("button", { name: "Copy link" })).toHaveCount(0);
    const link = await ana.page.getByRole("textbox", { name: "Your invite link" }).inputValue();
    await ben.page.goto(new URL(link).pathname);
    await ben.page.getByRole("button", { name: "Accept" }).click();
    await expect(ben.page.getByRole("region", { name: /Your friends/ })).toContainText("Ana Tester");
    await checkAxe(ben.page, false);
    await ben.page.getByRole("button", { name: "Remove Ana Tester" }).click();
    await expect(ben.page.getByText("Ana is no longer your friend.")).toBeVisible();
    await expect(ben.page.getByRole("region", { name: /Your friends/ })).toContainText("No friends yet");
    await ana.close();
    await ben.close();
  });
});

test.describe("on a phone (390px)", () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test("friends and notifications fit and pass axe", async ({ page, user: _pia }) => {
    for (const path of ["/friends", "/notifications"]) {
      await page.goto(path);
      await stylesApplied(page);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(390);
      await checkAxe(page, true);
    }
  });
});
