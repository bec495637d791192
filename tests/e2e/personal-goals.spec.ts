/** Personal goals (ADR 183): a member starts a goal with friends; a friend joins; a stranger cannot. */
import type { Browser } from "@playwright/test";
import { createUser, expect, signInAs, test, type TestUser } from "./fixtures";
import { checkAxe } from "./support";

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function browserAs(browser: Browser, user: TestUser, javaScriptEnabled = true) {
  const context = await browser.newContext({ javaScriptEnabled });
  await signInAs(context, user);
  return { page: await context.newPage(), close: () => context.close() };
}

for (const javaScriptEnabled of [true, false]) {
  test(`a member starts a goal with friends from home; a friend joins it, a stranger cannot see it (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(90_000);
    const [ana, fred, stan] = await Promise.all(
      ["Ana", "Fred", "Stan"].map((first) => createUser(request, { first, last: "Tester" })),
    );
    const a = await browserAs(browser, ana!, javaScriptEnabled);
    const f = await browserAs(browser, fred!, javaScriptEnabled);
    const s = await browserAs(browser, stan!, javaScriptEnabled);
    const cause = `Sunrise swims ${javaScriptEnabled ? "on" : "off"} ${Date.now()}`;

    // Ana and Fred become friends by Ana's personal link.
    await a.page.goto("/friends");
    const link = await a.page.getByRole("textbox", { name: "Your invite link" }).inputValue();
    await f.page.goto(new URL(link).pathname);
    await f.page.getByRole("button", { name: "Accept" }).click();
    await expect(f.page).toHaveURL(/\/friends$/);

    // Ana starts the goal from her home screen; a bad date is refused on its field first.
    await a.page.goto("/main");
    await a.page.getByRole("link", { name: "Start a goal with friends" }).first().click();
    await expect(a.page).toHaveURL(/\/goals\/new$/);
    await expect(a.page.getByRole("heading", { level: 1, name: "Start a goal with friends" })).toBeVisible();
    await a.page.getByLabel("Cause").fill(cause);
    await a.page.getByLabel("Start date").fill(day(3));
    await a.page.getByLabel("End date").fill(day(1));
    await a.page.getByRole("button", { name: "Start goal" }).click();
    await expect(a.page.getByText("The end date must be on or after the start date")).toBeVisible();
    await a.page.getByLabel("Start date").fill(day(0));
    await a.page.getByLabel("End date").fill(day(30));
    await a.page.getByRole("button", { name: "Start goal" }).click();
    await expect(a.page).toHaveURL(/\/active\/[0-9a-f]{32}$/);
    await expect(a.page.locator(".flash[role=status]")).toHaveText(`Goal created: ${cause}.`);
    const id = new URL(a.page.url()).pathname.split("/").pop()!;

    // The stranger: the same page as for a goal that does not exist, nothing about it, and no way in.
    await s.page.goto(`/join/${id}`);
    await expect(s.page).toHaveURL(/\/404$/);
    await expect(s.page.getByRole("heading", { name: "404" })).toBeVisible();
    await expect(s.page.getByText(cause)).toHaveCount(0);
    await expect(s.page.getByRole("button", { name: "Join goal" })).toHaveCount(0);

    // Ana shares it: the Share action on her goal gives the signed invite link, and the stranger joins by it.
    await a.page.getByRole("link", { name: "Share", exact: true }).click();
    await expect(a.page).toHaveURL(new RegExp(`/goals/${id}/share$`));
    await expect(a.page.getByRole("heading", { level: 1 })).toHaveText(`Share ${cause}`);
    await expect(a.page.getByRole("button", { name: "Copy link" })).toHaveCount(javaScriptEnabled ? 1 : 0);
    await checkAxe(a.page, javaScriptEnabled);
    const invite = await a.page.getByRole("textbox", { name: "Invite link" }).inputValue();
    expect(invite).toMatch(new RegExp(`/invite/${id}\\.[A-Za-z0-9_-]{43}$`));
    await s.page.goto(new URL(invite).pathname);
    await s.page.getByRole("button", { name: "Join the challenge" }).click();
    await expect(s.page).toHaveURL(new RegExp(`/active/${id}$`));
    await expect(s.page.getByRole("heading", { level: 1, name: cause })).toBeVisible();

    // The friend finds it on their home under Suggested, "From friends", and joins it.
    await f.page.goto("/main");
    const fromFriends = f.page.getByRole("list", { name: "From friends" });
    await expect(fromFriends).toContainText(cause);
    await fromFriends.getByRole("link", { name: new RegExp(cause) }).click();
    await expect(f.page).toHaveURL(new RegExp(`/join/${id}$`));
    await f.page.getByRole("button", { name: "Join goal" }).click();
    await expect(f.page).toHaveURL(new RegExp(`/active/${id}$`));
    await expect(f.page.getByRole("navigation", { name: "Goals navigation" })).toContainText(cause);
    for (const m of [a, f, s]) await m.close();
  });
}

test("the start-a-goal screen is axe clean at 1280 and 390 px", async ({ page, user }) => {
  void user;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/goals/new");
    await expect(page.getByRole("heading", { level: 1, name: "Start a goal with friends" })).toBeVisible();
    await checkAxe(page, true);
    await page.getByRole("button", { name: "Start goal" }).click();
    await expect(page.getByText("Must have a value").first()).toBeVisible();
    await checkAxe(page, true);
  }
});
