import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations, uniqueEmail } from "./support";
import { signInNew } from "./fixtures";
import { stylesApplied } from "./layout-check";

/** A phone held upright: the width the header and the tables must fit without sideways scrolling. */
const PHONE = { width: 400, height: 800 };

/** The page itself never scrolls sideways: anything wide scrolls inside its own box or wraps. */
async function expectNoSidewaysScroll(page: Page) {
  await stylesApplied(page);
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, `${page.url()} is ${scrollWidth}px wide in a ${clientWidth}px window`).toBeLessThanOrEqual(
    clientWidth,
  );
}

/** The header holds one row: the wordmark on one line and nothing pushed below it. */
async function expectOneLineHeader(page: Page) {
  const wordmark = page.locator(".app-header .logo__text");
  await expect(wordmark).toBeVisible();
  await stylesApplied(page);
  const { height, lineHeight } = await wordmark.evaluate((el) => ({
    height: el.getBoundingClientRect().height,
    lineHeight: parseFloat(getComputedStyle(el).lineHeight),
  }));
  expect(height, "'Goals with Friends' wraps onto a second line").toBeLessThan(lineHeight * 1.5);
  const header = await page.locator(".app-header").boundingBox();
  const avatar = await page.locator(".app-header .avatar").boundingBox();
  // The avatar is the tallest thing in the row; a wrapped row would be at least twice as tall.
  expect(header!.height).toBeLessThan(avatar!.height * 2);
  expect(avatar!.x + avatar!.width).toBeLessThanOrEqual(PHONE.width);
}

test("at 400px the signed-in header stays on one line, even with a long first name", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signInNew(page, { first: "Bartholomew-Maximilian" });
  for (const path of ["/main", "/profile", "/bar", "/completedgoals"]) {
    await page.goto(path);
    await expectOneLineHeader(page);
    await expectNoSidewaysScroll(page);
  }
  // The first name is still there for assistive technology, however it is shortened.
  await expect(page.locator(".profile-menu__name")).toHaveText("Bartholomew-Maximilian");
  await expectNoAxeViolations(page);

  // A smaller phone: only the mark shows, and Home, the name and the picture do not run into each other.
  await page.setViewportSize({ width: 360, height: 800 });
  await expect(page.locator(".app-header .logo__text")).toBeHidden();
  await expect(page.getByRole("link", { name: "Goals with Friends home" })).toBeVisible();
  await stylesApplied(page);
  const home = (await page.locator(".app-header__nav").getByRole("link", { name: "Home" }).boundingBox())!;
  const name = (await page.locator(".profile-menu__name").boundingBox())!;
  expect(home.x + home.width).toBeLessThanOrEqual(name.x);
  await expectNoSidewaysScroll(page);
});

test("at 400px the admin tables do not make the page scroll sideways, even with long names and addresses", async ({
  browser,
}) => {
  // A member whose name and address are each one long unbreakable word.
  const memberContext = await browser.newContext();
  const email = uniqueEmail("maximiliana.alexandrina.featherstonehaugh-worthington");
  await signInNew(await memberContext.newPage(), { first: "Maximiliana-Alexandrina-Featherstonehaugh", email: email });
  await memberContext.close();

  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  await signInNew(page, { type: "admin", first: "Ada" });
  await page.goto(`/admin/users?q=${encodeURIComponent(email)}`);
  await expect(page.getByRole("table", { name: "Users, newest first" })).toContainText(email);
  await expectOneLineHeader(page);
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  // The manage disclosure opens inside its card.
  await page.locator(".admin-manage summary").first().click();
  await expect(page.getByLabel("Status").first()).toBeVisible();
  await expectNoSidewaysScroll(page);

  for (const path of [
    "/admin/users",
    "/admin/goals",
    "/admin/goals/goal-reading",
    "/admin/access",
    "/admin/audit",
    "/admin/users/communication",
  ]) {
    await page.goto(path);
    await expect(page.locator("h1")).toBeVisible();
    await expectNoSidewaysScroll(page);
  }
  await expect(
    page.getByRole("table", { name: "Messages sent, newest first" }).or(page.getByText("Nothing sent yet.")),
  ).toBeVisible();

  // On a desktop the users table fits, and text hidden for screen readers never widens the page.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/admin/users");
  await expectNoSidewaysScroll(page);
  await context.close();
});

test("at 400px an org's goals toolbar, plus button and all, sits in a landmark and passes axe", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signInNew(page, { type: "org", first: "Orla" });
  const toolbar = page.getByRole("navigation", { name: "Goal lists" });
  await expect(toolbar.getByRole("link", { name: /create/i })).toBeVisible();
  await expectNoAxeViolations(page);
});
