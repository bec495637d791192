/**
 * The member screens' first pages (ADR 315): the home shows 6 goal cards and "Show all N goals"; a goal's
 * screen lists 10 members and "Show all N members". Plain links: the same with JavaScript off, on a phone
 * and a desktop, by keyboard, axe clean and laid out well. An org's 9 private goals (seen by nobody else):
 * 8 for the home's member, one crowded with 11 members and a viewer per variant, all joined beforehand.
 */
import type { Page } from "@playwright/test";
import { checkAxe } from "./support";
import { DESKTOP, PHONE, expectGoodLayout } from "./layout-check";
import { createUser, expect, signInAs, test, type TestUser } from "./fixtures";

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const cards = (page: Page) => page.getByTestId("home-cards").getByRole("listitem");
const members = (page: Page) => page.getByRole("region", { name: "Members" }).getByRole("listitem");

const VARIANTS = [true, false].flatMap((javaScriptEnabled) =>
  [DESKTOP, PHONE].map((size) => ({ javaScriptEnabled, size, key: `${javaScriptEnabled}-${size.width}` })),
);

let goalIds: string[];
let crowdedId: string;
/** The crowded goal's viewers, one per variant, so its member count is known before any test looks. */
const viewers = new Map<string, TestUser>();

test.beforeAll(async ({ browser, baseURL }) => {
  const context = await browser.newContext();
  await createUser(context.request, { type: "org", first: "Oona" });
  const stamp = Math.random().toString(36).slice(2, 8); // short: a goal card's name has no long words
  const ids: string[] = [];
  for (let i = 1; i <= 9; i++) {
    const response = await context.request.post("/create", {
      form: { cause: `Lists ${stamp} goal ${i}`, start: day(-1), end: day(30), visibility: "private" },
      headers: { Origin: baseURL! },
      maxRedirects: 0,
    });
    expect(response.status(), `POST /create ${i}`).toBe(302);
    ids.push(response.headers().location!.match(/\/active\/([^/?#]+)/)![1]!);
  }
  goalIds = ids.slice(0, 8);
  crowdedId = ids[8]!;
  for (let i = 1; i <= 11; i++)
    await createUser(context.request, { first: "Crowd", last: String(i), join: [crowdedId] });
  for (const v of VARIANTS)
    viewers.set(v.key, await createUser(context.request, { first: "Vic", last: "Viewer", join: [crowdedId] }));
  await context.close();
});

for (const { javaScriptEnabled, size, key } of VARIANTS) {
  test.describe(`short lists, JavaScript ${javaScriptEnabled ? "on" : "off"}, ${size.width}px`, () => {
    test.use({ javaScriptEnabled, viewport: size });

    test('the home shows 6 goal cards, and "Show all 8 goals" leads on to the rest', async ({ page }) => {
      await signInAs(page, await createUser(page.request, { first: "Lena", last: "Lists", join: goalIds }));
      await page.goto("/main");
      await expect(cards(page)).toHaveCount(6);
      const all = page.getByRole("link", { name: "Show all 8 goals" });
      await expect(all).toBeVisible();
      await checkAxe(page, javaScriptEnabled);
      await expectGoodLayout(page, [size]);

      await all.focus();
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(/\/main\?goals=all#home-cards-more$/);
      await expect(cards(page)).toHaveCount(8);
      await expect(all).toHaveCount(0);
      // It lands on the first card past the cut: focused with JavaScript; without it the fragment
      // scrolls there and (wide) makes it the next stop of Tab.
      const next = cards(page).nth(6).getByRole("link");
      await expect(next).toBeInViewport();
      if (javaScriptEnabled) await expect(next).toBeFocused();
      else if (size.width > 500) {
        await page.keyboard.press("Tab");
        await expect(next).toBeFocused();
      }
      await checkAxe(page, javaScriptEnabled);
      await expectGoodLayout(page, [size]);
    });

    test('a goal screen lists 10 members, and "Show all 15 members" lists everyone', async ({ page }) => {
      await signInAs(page, viewers.get(key)!);
      await page.goto(`/active/${crowdedId}`);
      await expect(members(page)).toHaveCount(10);
      await expect(members(page).first()).toContainText("Vic Viewer (you)");
      // The 11 of the crowd and the 4 viewers.
      const all = page.getByRole("link", { name: "Show all 15 members" });
      await checkAxe(page, javaScriptEnabled);
      await expectGoodLayout(page, [size]);
      await all.focus();
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(new RegExp(`/active/${crowdedId}\\?members=all#cheers-title$`));
      await expect(members(page)).toHaveCount(15);
      await expect(page.getByRole("link", { name: "Show fewer members" })).toBeVisible();
      // A cheer from the whole list comes back to it.
      await page.getByRole("button", { name: /^Cheer Crowd 11\b/ }).click();
      await expect(page.getByRole("button", { name: /Cheered Crowd 11/ })).toHaveAttribute("aria-pressed", "true");
      await expect(page).toHaveURL(new RegExp(`/active/${crowdedId}\\?members=all`));
      await checkAxe(page, javaScriptEnabled);
      await expectGoodLayout(page, [size]);
    });
  });
}
