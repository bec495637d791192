import { expect, test } from "@playwright/test";
import { DEMO, expectNoAxeViolations, uniqueEmail } from "./support";
import { createUser, signInNew } from "./fixtures";
import { stylesApplied } from "./layout-check";
import { connected } from "./live-support";

test.describe("admin users", () => {
  test("an admin promotes a member to org, and the member then sees the plus button", async ({ browser }) => {
    const memberContext = await browser.newContext();
    const memberPage = await memberContext.newPage();
    const { email } = await signInNew(memberPage, { first: "Promo", email: uniqueEmail("promo") });
    await expect(memberPage.getByRole("link", { name: "Create a goal" })).toHaveCount(0);

    const adminContext = await browser.newContext();
    const page = await adminContext.newPage();
    await signInNew(page, { type: "admin", first: "Ada" });
    await page.locator("summary.profile-menu__button").click();
    await page.getByRole("link", { name: "Admin" }).click();
    await expect(page).toHaveURL(/\/admin\/users$/);
    await expect(page).toHaveTitle(/Users/);
    await expectNoAxeViolations(page);

    await page.getByLabel("Search by name or email").fill(email);
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByText("1 user matching")).toBeVisible();
    const row = page.getByRole("row", { name: new RegExp(email) });
    await row.getByText("Change").click();
    await row.getByLabel("Type").selectOption("org");
    await row.getByLabel("Status").selectOption("active");
    await expectNoAxeViolations(page);
    await row.getByRole("button", { name: /Save/ }).click();
    await expect(page.getByRole("status").filter({ hasText: `Saved ${email}` })).toBeVisible();
    await expect(row.locator(".badge")).toHaveText("Organisation");

    // Before the promotion the member had no plus button; now they do.
    await memberPage.goto("/main");
    await expect(memberPage.getByRole("link", { name: "Create a goal" }).first()).toBeVisible();
    await memberContext.close();
    await adminContext.close();
  });

  test("works with JavaScript off: search, page and change a user", async ({ browser, request }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const memberEmail = uniqueEmail("nojs");
    await createUser(request, { first: "Nojs", email: memberEmail }); // exists, signed in nowhere
    await createUser(page.request, { type: "admin", first: "Ada" });
    await page.goto(`/admin/users/manage?q=${encodeURIComponent(memberEmail)}`);
    const row = page.getByRole("row", { name: new RegExp(memberEmail) });
    await row.getByText("Change").click();
    await row.getByLabel("Status").selectOption("active");
    await row.getByRole("button", { name: /Save/ }).click();
    await expect(page.getByText(`Saved ${memberEmail}: status new → active.`)).toBeVisible();
    await context.close();
  });

  test("members and orgs get the friendly 403 page, and no Admin link", async ({ page }) => {
    await signInNew(page, { type: "org" });
    await page.locator("summary.profile-menu__button").click();
    await expect(page.getByRole("link", { name: "Admin" })).toHaveCount(0);
    for (const path of ["/admin/users", "/admin/audit"]) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(403);
      await expect(page.getByRole("heading", { name: "403" })).toBeVisible();
    }
  });
});

for (const javaScriptEnabled of [true, false]) {
  test(`a suspended member's open screen signs them out and says why (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({
    browser,
  }) => {
    const memberContext = await browser.newContext({ javaScriptEnabled });
    const memberPage = await memberContext.newPage();
    const member = await signInNew(memberPage, { first: "Sus", status: "active" });
    await expect(memberPage).toHaveURL(/\/main$/);
    // With JavaScript the open screen listens for changes to its member (root.tsx live topics).
    if (javaScriptEnabled) await connected(memberPage);

    const adminContext = await browser.newContext();
    const page = await adminContext.newPage();
    await createUser(page.request, { type: "admin", first: "Ada" });
    await page.goto(`/admin/users/manage?q=${encodeURIComponent(member.email)}`);
    const row = page.getByRole("row", { name: new RegExp(member.email) });
    await row.getByText("Change").click();
    await row.getByLabel("Status").selectOption("suspended");
    await row.getByRole("button", { name: /Save/ }).click();
    await expect(page.getByText(`Saved ${member.email}: status active → suspended.`)).toBeVisible();

    // The member's open screen lands on / with the reason, once: with JavaScript by itself (the change
    // revalidates it live; a click here used to race that), without it at their next step (a link).
    if (!javaScriptEnabled) await memberPage.getByRole("link", { name: /^Notifications/ }).click();
    await expect(memberPage).toHaveURL(/\/$/);
    const notice = memberPage.getByText(
      "You have been signed out: an admin has suspended this account. To ask why or to have it restored, Contact Support at support@goalswithfriends.app.",
    );
    await expect(notice).toBeVisible();
    await memberPage.reload();
    await expect(notice).toHaveCount(0);
    await memberContext.close();
    await adminContext.close();
  });
}

test("the users list filters, sorts and pages by number; a change keeps the address free of ?index", async ({
  page,
  request,
}) => {
  await createUser(page.request, { type: "admin", first: "Ada" });
  const marker = `Pager${Date.now()}`;
  const email = uniqueEmail("pager");
  await createUser(request, { first: "Amy", last: marker, type: "org", email });
  await createUser(request, { first: "Zed", last: marker, type: "org" });
  await page.goto("/admin/users");
  const search = page.getByRole("search");
  await search.getByLabel("Search by name or email").fill(marker);
  await search.getByLabel("Type").selectOption("org");
  await search.getByLabel("Sort").selectOption("name");
  await search.getByRole("button", { name: "Search" }).click();
  await expect(page.getByText(`2 users matching “${marker}”`)).toBeVisible();
  expect(page.url()).not.toContain("index");
  const rows = page.getByRole("row").filter({ hasText: marker });
  await expect(rows.first()).toContainText("Amy");
  await expect(rows.last()).toContainText("Zed");

  const row = page.getByRole("row", { name: new RegExp(email) });
  await row.getByText("Change").click();
  await row.getByLabel("Status").selectOption("active");
  await row.getByRole("button", { name: /Save/ }).click();
  await expect(page.getByRole("status").filter({ hasText: `Saved ${email}` })).toBeVisible();
  expect(page.url()).not.toContain("index");
  expect(new URL(page.url()).searchParams.get("q")).toBe(marker);

  // Far past the last page: the last page, not "2 users" above "No users match".
  await page.goto(`/admin/users?q=${marker}&page=999`);
  await expect(page).toHaveURL(new RegExp(`/admin/users\\?q=${marker}$`));
  await expect(page.getByText("No users match")).toHaveCount(0);
  await expectNoAxeViolations(page);

  // The audit log reads in words.
  await page.goto("/admin/audit");
  await expect(page.getByRole("cell", { name: `Changed the user ${email}` }).first()).toBeVisible();
});

test.describe("admin add user and communication", () => {
  test("an admin adds a user, who is e-mailed a link", async ({ page }) => {
    await createUser(page.request, { type: "admin", first: "Ada" });
    await page.goto("/admin/users/add-user");
    await expectNoAxeViolations(page);
    const email = uniqueEmail("added");
    await page.getByLabel("First name").fill("Nell");
    await page.getByLabel("Last name").fill("Added");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Type").selectOption("org");
    await page.getByRole("button", { name: "Add user" }).click();
    await expect(page.locator("p.notice")).toContainText(
      `Added ${email}. We e-mailed them a link to set their password.`,
    );
    await expect(page.getByLabel("Email")).toHaveValue("");
    await page.getByRole("link", { name: "See them in Users" }).click();
    await expect(page.getByRole("row", { name: new RegExp(email) }).locator(".badge")).toHaveText("Organisation");
  });

  test("an admin previews, then sends a message (JavaScript off), and sees who it went to", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await createUser(page.request, { type: "admin", first: "Ada" });
    await page.goto("/admin/users/communication");
    const subject = `Club news ${Date.now()}`;
    await page.getByLabel("Send to").selectOption("admin");
    await page.getByLabel("Subject").fill(subject);
    await page.getByLabel("Message", { exact: true }).fill("See you on Monday.");
    await page.getByRole("button", { name: "Preview" }).click();
    await expect(page.getByRole("region", { name: "Preview" })).toContainText("Hi Ada,");
    await page.getByRole("button", { name: /^Send to \d+ (person|people)$/ }).click();
    await expect(page).toHaveURL(/\/admin\/users\/communication\?sent=/);
    await expect(page.locator("p.notice")).toContainText(`Sent “${subject}”`);
    await expect(page.getByRole("listitem").filter({ hasText: DEMO.admin })).toBeVisible();
    await context.close();
  });
});

test.describe("communication sends exactly what was previewed", () => {
  for (const javaScriptEnabled of [true, false]) {
    test(`a changed audience or subject after the preview is refused with a message (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({
      browser,
    }) => {
      const context = await browser.newContext({ javaScriptEnabled });
      const page = await context.newPage();
      await createUser(page.request, { type: "admin", first: "Ada" });
      await page.goto("/admin/users/communication");
      const subject = `Admins only ${javaScriptEnabled}-${Date.now()}`;
      await page.getByLabel("Send to").selectOption("admin");
      await page.getByLabel("Subject").fill(subject);
      await page.getByLabel("Message", { exact: true }).fill("The December rota is up.");
      await page.getByRole("button", { name: "Preview" }).click();
      const preview = page.getByRole("region", { name: "Preview" });
      await expect(preview).toContainText("Admins:");

      // Change the audience after the preview and press the same button.
      await page.getByLabel("Send to").selectOption("all");
      await page.getByRole("button", { name: /^Send to \d+ (person|people)$/ }).click();
      await expect(page.getByRole("alert").filter({ hasText: "Not sent" })).toHaveText(
        "Not sent: the audience, subject or message changed after the preview. Check the new preview below, then send.",
      );
      await expect(preview).toContainText("Everyone:");
      await expect(page.getByRole("link", { name: subject })).toHaveCount(0);

      // Back to Admins with a new subject, previewed: that is what goes out, to admins only.
      await page.getByLabel("Send to").selectOption("admin");
      await page.getByLabel("Subject").fill(`${subject} (v2)`);
      await page.getByRole("button", { name: "Update preview" }).click();
      await expect(preview).toContainText("Admins:");
      await page.getByRole("button", { name: /^Send to \d+ (person|people)$/ }).click();
      await expect(page).toHaveURL(/\/admin\/users\/communication\?sent=/);
      await expect(page.getByRole("row", { name: new RegExp(`${subject} \\(v2\\)`) })).toContainText("Admins");
      await expect(page.getByRole("link", { name: subject, exact: true })).toHaveCount(0);
      await context.close();
    });
  }
});

test("the communication preview and the audit log have no axe violations", async ({ page }) => {
  await createUser(page.request, { type: "admin", first: "Ada" });
  await page.goto("/admin/users/communication");
  await page.getByLabel("Subject").fill("Axe check");
  await page.getByLabel("Message", { exact: true }).fill("Hello");
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByRole("region", { name: "Preview" })).toBeVisible();
  await expectNoAxeViolations(page);
  // A long address in the log (its Target) once made the table scroll sideways, a region a keyboard
  // could not reach (axe: scrollable-region-focusable): now it wraps, and a table that does scroll can
  // take focus. At a desktop and a phone width.
  await page.goto("/admin/users/add-user");
  const long = `${"averylongaddresswithoutabreak".repeat(3)}${Date.now()}${Math.floor(Math.random() * 1e6)}@example.com`;
  await page.getByLabel("First name").fill("Lang");
  await page.getByLabel("Last name").fill("Address");
  await page.getByLabel("Email").fill(long);
  await page.getByRole("button", { name: "Add user" }).click();
  await expect(page.locator("p.notice")).toContainText(`Added ${long}.`);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/admin/audit");
    await expect(page.getByRole("row", { name: new RegExp(long) })).toBeVisible();
    await expectNoAxeViolations(page);
  }
});

test("an admin edits a goal on the shared goals screen and sees its participants", async ({ page }) => {
  await createUser(page.request, { type: "admin", first: "Ada" });
  const cause = `Admin edit ${Date.now()}`;
  await page.goto("/create");
  await page.getByLabel("Cause").fill(cause);
  await page.getByRole("button", { name: "Create goal" }).click();
  await expect(page).toHaveURL(/\/active\/[a-f0-9]+#organiser-tools$/);
  const id = new URL(page.url()).pathname.split("/")[2]!;

  await page.goto("/admin/goals");
  await page.getByRole("link", { name: cause }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/goals/${id}$`));
  await expect(page.getByRole("heading", { name: "Participants (0)" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel("Cause").fill(`${cause} (renamed)`);
  await page.getByLabel("Demo goal").check();
  await page.getByRole("button", { name: "Save goal" }).click();
  await expect(page.locator("p.notice")).toContainText("demo: false → true");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${cause} (renamed)`);
  // A demo goal leaves the admins' active list (SPEC) and shows under Demo.
  await page.goto("/admin/goals");
  await expect(page.getByRole("link", { name: `${cause} (renamed)` })).toHaveCount(0);
  await page.goto("/admin/goals?show=demo");
  await expect(page.getByRole("link", { name: `${cause} (renamed)` })).toBeVisible();
});

test("the users list fits a 1280 px screen: every column, Manage included, without sideways scrolling", async ({
  page,
}) => {
  // Its own rows (other tests leave names like "Pager1795862016889" that no real name is): a search.
  const first = `Fit${Date.now()}`;
  await createUser(page.request, { type: "admin", first });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/admin/users?q=${first}`);
  const table = page.getByRole("region", { name: /users/i }).first();
  await expect(table.getByRole("row", { name: new RegExp(first) })).toBeVisible();
  await stylesApplied(page);
  expect(await table.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  await expect(page.getByRole("columnheader", { name: "Manage" })).toBeInViewport({ ratio: 1 });
});
