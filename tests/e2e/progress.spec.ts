/**
 * Measured progress (ADR 140) in the browser: an org creates a measured goal, members log, edit and
 * delete entries (JavaScript on and off), and each sees the other's entries and the leaderboard live.
 */
import type { Browser, Page } from "@playwright/test";
import { expect, signedInPage, signInAs, test, type TestUser } from "./fixtures";
import { connected } from "./live-support";
import { checkAxe, createMeasuredGoal, logForm, logThroughForm, saveFundraising } from "./support";

/** A fresh org (signed in by the fixtures, not the form) creates a measured goal in a context of its own. */
async function orgCreatesMeasuredGoal(browser: Browser) {
  const { page, user: org, close } = await signedInPage(browser, { type: "org", first: "Olga", last: "Org" });
  const goal = await createMeasuredGoal(page);
  await close();
  return { ...goal, org };
}

/** A fresh member (signed in by the fixtures) joins the goal through its join page. */
async function memberJoins(browser: Browser, name: string, goalId: string, javaScriptEnabled = true) {
  const { page, close } = await signedInPage(browser, { first: name, last: "Tester" }, javaScriptEnabled);
  await page.goto(`/join/${goalId}`);
  await page.getByRole("button", { name: "Join goal" }).click();
  await expect(page).toHaveURL(new RegExp(`/active/${goalId}(#progress)?$`));
  return { page, close };
}

const log = logThroughForm;

const boardNames = (page: Page) => page.getByTestId("leaderboard").locator(".leaderboard__name");

/** The org sets up fundraising on the goal's management page (a form that works without JavaScript). */
async function orgRaisesMoney(browser: Browser, org: TestUser, goalId: string, javaScriptEnabled = true) {
  const context = await browser.newContext({ javaScriptEnabled });
  await signInAs(context, org);
  const page = await context.newPage();
  await page.goto(`/goals/${goalId}/fundraising`);
  await saveFundraising(page);
  await context.close();
}

test("members log, edit and delete entries and see each other's progress and the leaderboard live", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { goalId } = await orgCreatesMeasuredGoal(browser);
  const alex = await memberJoins(browser, "Alex", goalId);
  const bea = await memberJoins(browser, "Bea", goalId);
  await expect(alex.page.getByTestId("my-total")).toHaveText("0 km");
  await expect(alex.page.getByText("of 10 km").first()).toBeVisible();

  // Bea watches; nothing below reloads her page.
  await connected(bea.page);
  await bea.page.evaluate(() => ((window as any).__sameDocument = true));

  await log(alex.page, "5.25", "Along the canal");
  await expect(alex.page.getByTestId("my-total")).toHaveText("5.25 km");
  await expect(alex.page.getByTestId("my-percent")).toHaveText(" (52%)");
  await expect(alex.page.getByTestId("streak")).toHaveText("1 day");
  await expect(alex.page.getByTestId("my-entries")).toContainText("Along the canal");
  // The form is ready for the next entry.
  await expect(logForm(alex.page).getByLabel(/Amount/)).toHaveValue("");

  // Bea sees Alex's entry, the group total and the board change without a reload.
  await expect(bea.page.getByTestId("group-total")).toHaveText("5.25 km", { timeout: 5_000 });
  await expect(bea.page.getByTestId("latest-entries")).toContainText("Along the canal");
  await expect(boardNames(bea.page)).toHaveText(["Alex Tester"]);

  // Bea logs more: she leads on Alex's screen, live.
  await connected(alex.page);
  await log(bea.page, "6");
  await expect(bea.page.getByTestId("my-total")).toHaveText("6 km");
  await expect(boardNames(alex.page)).toHaveText(["Bea Tester", "Alex Tester (you)"], { timeout: 5_000 });
  await expect(alex.page.getByTestId("group-total")).toHaveText("11.25 km");

  // Alex corrects his entry to 7 km: he leads again on Bea's screen.
  const entry = alex.page.getByTestId("my-entries").locator("li").first();
  await entry.getByText("Edit").click();
  await entry.getByLabel(/Amount/).fill("7");
  await entry.getByRole("button", { name: /Save/ }).click();
  await expect(alex.page.getByTestId("my-total")).toHaveText("7 km");
  await expect(boardNames(bea.page)).toHaveText(["Alex Tester", "Bea Tester (you)"], { timeout: 5_000 });

  // A double click logs once (the idempotency key).
  const form = logForm(alex.page);
  await form.getByLabel(/Amount/).fill("1");
  await form.getByRole("button", { name: "Save" }).dblclick();
  await expect(alex.page.getByTestId("my-total")).toHaveText("8 km");
  await expect(alex.page.getByTestId("my-entries").locator("li")).toHaveCount(2);
  await alex.page.reload();
  await expect(alex.page.getByTestId("my-total")).toHaveText("8 km");

  // Alex deletes both entries: he is off the board on Bea's screen.
  for (let i = 0; i < 2; i++) {
    await alex.page
      .getByTestId("my-entries")
      .locator("li")
      .first()
      .getByRole("button", { name: /Delete/ })
      .click();
    await expect(alex.page.getByTestId("my-total")).toHaveText(i === 0 ? /^[17]\u00a0km$/ : "0 km");
  }
  await expect(boardNames(bea.page)).toHaveText(["Bea Tester (you)"], { timeout: 5_000 });
  expect(await bea.page.evaluate(() => (window as any).__sameDocument)).toBe(true);

  await checkAxe(bea.page, true, [1280, 390]);
  await Promise.all([alex.close(), bea.close()]);
});

test("with JavaScript the figures move before the server answers, and an entry typed before the page refreshes logs too", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const { goalId } = await orgCreatesMeasuredGoal(browser);
  const hal = await memberJoins(browser, "Hal", goalId);
  const page = hal.page;
  await connected(page);
  // The test holds the goal screen's requests (posts, or the refresh after one) until it lets them go.
  const hold = { post: false, refresh: false };
  let release = () => {};
  let gate = Promise.resolve();
  const closeGate = () => (gate = new Promise<void>((resolve) => (release = resolve)));
  await page.route(`**/active/${goalId}.data*`, async (route) => {
    const method = route.request().method();
    if ((method === "POST" && hold.post) || (method === "GET" && hold.refresh)) await gate;
    await route.continue().catch(() => {}); // a request the page gave up on
  });
  // Once the held requests go, the page settles (a refresh the page gave up on is redone: give it room).
  const settled = async (total: string, entries: number) => {
    await expect(page.locator(".entry--pending")).toHaveCount(0, { timeout: 15_000 });
    await expect(page.getByTestId("my-entries").locator("li")).toHaveCount(entries, { timeout: 15_000 });
    await expect(page.getByTestId("my-total")).toHaveText(total);
  };

  // Optimistic: the total and a pending entry show while the server has not even received the post.
  hold.post = true;
  closeGate();
  await log(page, "2");
  await expect(page.getByTestId("my-total")).toHaveText("2 km");
  await expect(page.locator(".entry--pending")).toHaveText(/2\u00a0km.*Saving/);
  hold.post = false;
  release();
  await settled("2 km", 1);

  // The entry is saved but the page has not refreshed (it still holds the key just used): a second
  // entry typed now is a new entry, not a double submit.
  hold.refresh = true;
  closeGate();
  const savedFirst = page.waitForResponse(
    (r) => r.request().method() === "POST" && /amount=3&/.test(r.request().postData() ?? ""),
  );
  await log(page, "3");
  await expect(page.getByTestId("my-total")).toHaveText("5 km");
  await savedFirst;
  // The button says it is busy (aria-disabled), but Enter in a field still submits the form.
  const form = logForm(page);
  await form.getByLabel(/Amount/).fill("4");
  await form.getByText("Another day, a sport or a note").click();
  await form.getByLabel(/Note/).fill("Typed quickly");
  const posted = page.waitForResponse(
    (r) => r.request().method() === "POST" && /Typed/.test(r.request().postData() ?? ""),
  );
  await form.getByLabel(/Note/).press("Enter");
  await posted;
  // Both entries reached the server: what it stored is what a fresh page shows.
  hold.refresh = false;
  release();
  await page.unroute(`**/active/${goalId}.data*`);
  await page.reload();
  await expect(page.getByTestId("my-total")).toHaveText("9 km");
  await expect(page.getByTestId("my-entries").locator("li")).toHaveCount(3);
  await expect(page.getByTestId("my-entries")).toContainText("Typed quickly");
  await hal.close();
});

test("with JavaScript, what a member types while the page refreshes after a log is kept for the next entry", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const { goalId } = await orgCreatesMeasuredGoal(browser);
  const ivy = await memberJoins(browser, "Ivy", goalId);
  const page = ivy.page;
  await connected(page);
  // The refresh after the log is held until the member has started typing the next entry.
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**/active/${goalId}.data*`, async (route) => {
    if (route.request().method() === "GET") await gate;
    await route.continue().catch(() => {});
  });
  const saved = page.waitForResponse((r) => r.request().method() === "POST");
  await log(page, "2", "Morning walk");
  await saved;
  const form = logForm(page);
  await form.getByLabel(/Amount/).fill("6");
  release();
  await expect(page.locator(".entry--pending")).toHaveCount(0, { timeout: 15_000 });
  await expect(page.getByTestId("my-total")).toHaveText("2 km");
  // The refresh cleared the note that was sent, not the amount typed since.
  await expect(form.getByLabel(/Amount/)).toHaveValue("6");
  await expect(form.getByLabel(/Note/)).toHaveValue("");
  await page.unroute(`**/active/${goalId}.data*`);
  await form.getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("my-total")).toHaveText("8 km");
  await expect(page.getByTestId("my-entries").locator("li:not(.entry--pending)")).toHaveCount(2, { timeout: 15_000 });
  await ivy.close();
});

test("with JavaScript off a member logs, sees a field error, edits and deletes", async ({ browser }) => {
  test.setTimeout(90_000);
  const { goalId } = await orgCreatesMeasuredGoal(browser);
  const cam = await memberJoins(browser, "Cam", goalId, false);
  const page = cam.page;

  await log(page, "abc");
  await expect(logForm(page).getByText("Enter a number, like 5 or 5.25")).toBeVisible();
  await expect(logForm(page).getByLabel(/Amount/)).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByTestId("my-total")).toHaveText("0 km");

  await log(page, "12", "Hill repeats");
  await expect(page).toHaveURL(new RegExp(`/active/${goalId}#log$`));
  await expect(page.getByTestId("my-total")).toHaveText("12 km");
  await expect(page.getByText("You reached your target. Well done!")).toBeVisible();
  await expect(page.getByRole("button", { name: "Mark goal complete" })).toBeVisible();

  const entry = page.getByTestId("my-entries").locator("li").first();
  await entry.getByText("Edit").click();
  await entry.getByLabel(/Amount/).fill("4.5");
  await entry.getByRole("button", { name: /Save/ }).click();
  await expect(page.getByTestId("my-total")).toHaveText("4.5 km");
  await expect(page.getByText("You reached your target. Well done!")).toHaveCount(0);

  await checkAxe(page, false, [1280, 390]);

  // Without JavaScript, Delete asks first (ADR 252).
  const first = page.getByTestId("my-entries").locator("li").first();
  await first.locator("summary", { hasText: "Delete" }).click();
  await first.getByRole("button", { name: /^Yes, delete it/ }).click();
  await expect(page.getByTestId("my-total")).toHaveText("0 km");
  await expect(page.getByText("You have not logged anything yet.")).toBeVisible();
  await cam.close();
});

test.describe("as an org", () => {
  test.use({ userOptions: { type: "org", first: "Olga", last: "Org" } });

  test("the org sets the measure on /create and edits the targets later", async ({ page, user: _org }) => {
    test.setTimeout(90_000);
    await page.goto("/create");
    // The measure fields with a unit chosen, then with their errors showing: axe at both widths.
    const measure = page.getByRole("group", { name: "Measure progress" });
    await measure.getByLabel("Unit", { exact: true }).selectOption("custom");
    await expect(measure.getByLabel(/Custom unit name/)).toBeVisible();
    await expect(measure.getByLabel("Target per member")).toBeVisible();
    await checkAxe(page, true, [1280, 390]);
    await measure.getByLabel("Target per member").fill("-1");
    await page.getByRole("button", { name: "Create goal" }).click();
    await expect(measure.getByLabel("Target per member")).toHaveAttribute("aria-invalid", "true");
    await checkAxe(page, true, [1280, 390]);
    await page.setViewportSize({ width: 1280, height: 900 });
    const { goalId } = await createMeasuredGoal(page);
    await page.goto(`/goals/${goalId}/measure`);
    await expect(page.getByLabel("Target per member")).toHaveValue("10");
    await page.getByLabel("Target per member").fill("20");
    await page.getByRole("button", { name: "Save measure" }).click();
    await expect(page.getByText("Progress measure saved.")).toBeVisible();
    await expect(page.getByLabel("Target per member")).toHaveValue("20");
    await checkAxe(page, true, [1280, 390]);
  });
});

test("a supporter pledges per km; the totaliser moves when the member logs, live", async ({ browser }) => {
  test.setTimeout(120_000);
  const { goalId, org } = await orgCreatesMeasuredGoal(browser);
  await orgRaisesMoney(browser, org, goalId);

  const dana = await memberJoins(browser, "Dana", goalId);
  // Dana's sponsor link names her; a friend pledges 50p per km of hers, up to £20.
  await dana.page.getByRole("link", { name: /Get sponsored per km/ }).click();
  await expect(dana.page).toHaveURL(new RegExp(`/goals/${goalId}/sponsor$`));
  const link = await dana.page.locator("#sponsor-url").inputValue();
  expect(link).toMatch(/\/sponsor\/[a-f0-9]+\.[A-Za-z0-9-]+\.[A-Za-z0-9_-]{43}$/);
  const friend = await memberJoins(browser, "Finn", goalId);
  await friend.page.goto(link);
  await expect(friend.page.getByRole("heading", { name: "Sponsor Dana Tester" })).toBeVisible();
  await expect(friend.page.getByText("by Dana Tester")).toBeVisible();
  await friend.page.getByLabel(/Your name/).fill("Finn");
  await friend.page.getByLabel(/An amount per km logged/).check();
  await friend.page.getByLabel(/Amount per km/).fill("0.50");
  await friend.page.getByLabel(/Maximum/).fill("20");
  await friend.page.getByRole("button", { name: "Pledge", exact: true }).click();
  await expect(friend.page.getByRole("heading", { name: "Thank you for your pledge!" })).toBeVisible();
  await friend.page.goto(`/give/${goalId}`);
  await connected(friend.page);
  await expect(friend.page.getByTestId("pledged")).toHaveText("£0");
  await checkAxe(friend.page, true, [1280, 390]);

  await dana.page.goto(`/active/${goalId}`);
  await log(dana.page, "7");
  await expect(dana.page.getByTestId("my-total")).toHaveText("7 km");
  // 7 km x 50p = £3.50, on Finn's open page without a reload.
  await expect(friend.page.getByTestId("pledged")).toHaveText("£3.50", { timeout: 5_000 });
  await expect(friend.page.getByText("£0.50 per km for Dana Tester (up to £20): £3.50 so far")).toBeVisible();
  await Promise.all([dana.close(), friend.close()]);
});

test("with JavaScript off a visitor pledges per km and the totaliser has moved when the member has logged", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { goalId, org: owner } = await orgCreatesMeasuredGoal(browser);
  await orgRaisesMoney(browser, owner, goalId, false);
  const ida = await memberJoins(browser, "Ida", goalId, false);

  // A signed-out supporter, no JavaScript: 50p per km the whole group logs, up to £20.
  const visitorContext = await browser.newContext({ javaScriptEnabled: false });
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/give/${goalId}`);
  await expect(visitor.getByTestId("pledged")).toHaveText("£0");
  await visitor.getByLabel("Your name").fill("Gran");
  await visitor.getByLabel(/An amount per km logged/).check();
  await visitor.getByLabel(/Amount per km/).fill("0.50");
  await visitor.getByLabel(/Maximum/).fill("20");
  await visitor.getByRole("button", { name: "Pledge", exact: true }).click();
  await expect(visitor.getByRole("heading", { name: "Thank you for your pledge!" })).toBeVisible();
  await visitor.goto(`/give/${goalId}`);
  await expect(visitor.getByTestId("pledged")).toHaveText("£0");
  await expect(visitor.getByText("£0.50 per km (up to £20): £0 so far")).toBeVisible();
  await checkAxe(visitor, false, [1280, 390]);

  await log(ida.page, "7");
  await expect(ida.page.getByTestId("my-total")).toHaveText("7 km");
  // 7 km x 50p = £3.50 once the supporter's page is loaded again.
  await visitor.reload();
  await expect(visitor.getByTestId("pledged")).toHaveText("£3.50");
  await expect(visitor.getByText("£0.50 per km (up to £20): £3.50 so far")).toBeVisible();
  await Promise.all([ida.close(), visitorContext.close()]);
});

test("/main opens on the current goal with a card per goal and the feed", async ({ browser }) => {
  test.setTimeout(90_000);
  const { goalId, cause } = await orgCreatesMeasuredGoal(browser);
  const eli = await memberJoins(browser, "Eli", goalId);
  await log(eli.page, "3");
  const fay = await memberJoins(browser, "Fay", goalId);
  await log(fay.page, "4.5");
  await eli.page.goto("/main");
  // The panel shows the current goal with its progress; a card per active goal; the feed.
  await expect(eli.page.getByRole("heading", { level: 1, name: cause })).toBeVisible();
  await expect(eli.page.getByTestId("my-total")).toHaveText("3 km");
  const card = eli.page.getByTestId("home-cards").locator("li").first();
  await expect(card).toContainText(cause);
  await expect(card.getByTestId("card-measure")).toContainText("3 km of 10 km · 1-day streak");
  await expect(eli.page.getByTestId("home-feed")).toContainText("Fay Tester logged 4.5 km");
  await checkAxe(eli.page, true, [1280, 390]);
  await Promise.all([eli.close(), fay.close()]);
});

test("with JavaScript off /main opens on the current goal with a card per goal and the feed", async ({ browser }) => {
  test.setTimeout(90_000);
  const { goalId, cause } = await orgCreatesMeasuredGoal(browser);
  const jo = await memberJoins(browser, "Jo", goalId, false);
  await log(jo.page, "2.5");
  await expect(jo.page.getByTestId("my-total")).toHaveText("2.5 km");
  const kit = await memberJoins(browser, "Kit", goalId, false);
  await log(kit.page, "6");
  await expect(kit.page.getByTestId("my-total")).toHaveText("6 km");
  const page = jo.page;
  await page.goto("/main");
  await expect(page.getByRole("heading", { level: 1, name: cause })).toBeVisible();
  await expect(page.getByTestId("my-total")).toHaveText("2.5 km");
  const card = page.getByTestId("home-cards").locator("li").first();
  await expect(card).toContainText(cause);
  await expect(card.getByTestId("card-measure")).toContainText("2.5 km of 10 km · 1-day streak");
  await expect(page.getByTestId("home-feed")).toContainText("Kit Tester logged 6 km");
  // The log form on the home works without JavaScript too (it posts to the goal screen).
  await log(page, "1");
  await expect(page.getByTestId("my-total")).toHaveText("3.5 km");
  await page.goto("/main");
  await expect(page.getByTestId("home-cards").locator("li").first().getByTestId("card-measure")).toContainText(
    "3.5 km of 10 km",
  );
  // axe of /main in this state: the JavaScript-on twin above checks the same server markup at both widths.
  // The Progress Bar shows the measured bar beside the time bar; "all my entries" lists every one.
  await page.goto("/bar");
  await expect(page.getByTestId("measure-bar")).toContainText("My progress: 3.5 km of 10 km");
  await checkAxe(page, false, [1280, 390]);
  await page.goto(`/active/${goalId}?entries=all`);
  await expect(page.getByTestId("my-entries").locator("li")).toHaveCount(2);
  await checkAxe(page, false, [1280, 390]);
  await Promise.all([jo.close(), kit.close()]);
});

test("the org finds an older abusive entry on the entries page and removes it, JavaScript on and off", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { goalId, cause, org: owner } = await orgCreatesMeasuredGoal(browser);
  const gil = await memberJoins(browser, "Gil", goalId);
  const logged = async (amount: string, note: string, entries: number) => {
    await log(gil.page, amount, note);
    await expect(gil.page.locator(".entry--pending")).toHaveCount(0);
    await expect(gil.page.getByTestId("my-entries").locator("li")).toHaveCount(entries);
  };
  // Both on one day: together within the unit's 500 km daily cap (ADR 215).
  await logged("250", "Drove it", 1);
  await logged("240", "Drove it again", 2);
  for (let i = 1; i <= 5; i++) await logged("1", "", 2 + i);
  await expect(gil.page.getByTestId("my-total")).toHaveText("495 km");

  for (const javaScriptEnabled of [true, false]) {
    const context = await browser.newContext({ javaScriptEnabled });
    await signInAs(context, owner);
    const org = await context.newPage();
    await org.goto(`/active/${goalId}`);
    // Five newer entries pushed them off the goal screen's latest; the entries page lists them all.
    await expect(org.getByTestId("latest-entries")).not.toContainText("Drove it");
    await org.getByRole("link", { name: "Every entry of the group" }).click();
    await expect(org.getByRole("heading", { level: 1, name: "Entries" })).toBeVisible();
    await expect(org.getByText(`Every entry logged in ${cause}`)).toBeVisible();
    await org
      .getByRole("navigation", { name: "Top of the leaderboard" })
      .getByRole("link", { name: "Gil Tester" })
      .click();
    await expect(org.getByTestId("entries-member")).toContainText(
      javaScriptEnabled ? "495 km in 7 entries" : "245 km in 6 entries",
    );
    // axe of the entries page filtered to one member: once, with JavaScript (the JS-off pass would check
    // the same server markup, one row shorter).
    if (javaScriptEnabled) await checkAxe(org, true, [1280, 390]);
    const note = javaScriptEnabled ? "Drove it" : "Drove it again";
    if (javaScriptEnabled) await org.getByRole("button", { name: /^Remove 250 km by Gil/ }).click();
    else {
      // Without JavaScript, Remove asks first (ADR 252).
      await org.locator("summary", { hasText: /^Remove 240\u00a0km by Gil/ }).click();
      await org.getByRole("button", { name: /^Yes, remove it \(240 km by Gil/ }).click();
    }
    await expect(org.getByText("Entry removed; the removal is in the audit log.")).toBeVisible();
    await expect(org).toHaveURL(new RegExp(`/goals/${goalId}/entries\\?member=`));
    await expect(org.getByRole("cell", { name: note, exact: true })).toHaveCount(0);
    await expect(org.getByTestId("entries-member")).toContainText(
      javaScriptEnabled ? "245 km in 6 entries" : "5 km in 5 entries",
    );
    await context.close();
  }
  await gil.page.reload();
  await expect(gil.page.getByTestId("my-total")).toHaveText("5 km");
  await gil.close();
});
