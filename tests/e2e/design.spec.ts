/**
 * The design system holds (docs/design.md, ADR 250): the layout check finds what axe cannot see, every
 * screen below passes it at a phone's and a desktop's width, and the controls look as designed.
 */
import { expect, test, type Browser, type Locator, type Page } from "@playwright/test";
import { createUser, signInAs, type UserOptions } from "./fixtures";
import { DESKTOP, PHONE, expectGoodLayout, layoutProblems, stylesApplied } from "./layout-check";
import { checkAxe } from "./support";

test("the layout check names a squeezed text box, sideways scroll, a small tap target and an unstyled control", async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await page.setContent(`
    <style>
      body { margin: 0; font: 16px/1.5 sans-serif; }
      .grid { display: grid; grid-template-columns: 1fr auto; width: 200px; }
      .name { overflow-wrap: anywhere; }
      input.styled { border: 1px solid gray; border-radius: 8px; }
    </style>
    <div class="grid"><span class="name">Grandad</span><span>£1,000,000,000,000,000</span></div>
    <div style="width: 600px">too wide</div>
    <button>x</button>
    <form><input class="styled" name="a"><fieldset><legend>Raw</legend><input class="styled" name="b"></fieldset></form>
  `);
  const problems = (await layoutProblems(page)).join("\n");
  expect(problems).toContain('breaks the word "Grandad"');
  expect(problems).toMatch(/page is \d+px wide in a 390px window/);
  expect(problems).toMatch(/<button> "x" is a \d+x\d+px tap target/);
  expect(problems).toContain('<fieldset> "Raw" keeps the browser\'s default look');

  // An amount and its unit split over two lines; with a no-break space they stay together (ADR 285).
  await page.setContent(`<p style="width: 12ch; font: 16px monospace">walked 12.5 km</p>`);
  expect((await layoutProblems(page)).join("\n")).toContain('<p> "walked 12.5 km" splits "12.5 km" over two lines');
  await page.setContent(`<p style="width: 12ch; font: 16px monospace">walked 12.5&nbsp;km</p>`);
  expect(await layoutProblems(page)).toEqual([]);

  // The same page, fixed: nothing to report.
  await page.setContent(`
    <style>
      body { margin: 0; font: 16px/1.5 sans-serif; }
      button, input { min-width: 44px; min-height: 44px; }
      input, fieldset { border: 1px solid gray; border-radius: 8px; }
    </style>
    <p>Grandad <a href="#">inline links</a> in a sentence are exempt.</p>
    <button>x</button>
    <form><input name="a"><fieldset><legend>Styled</legend><input name="b"></fieldset></form>
  `);
  expect(await layoutProblems(page)).toEqual([]);
});

/** Screens each kind of user reaches, all checked at 390 and 1280 px. */
const SCREENS: { who: "visitor" | UserOptions["type"]; join?: string[]; paths: string[] }[] = [
  { who: "visitor", paths: ["/signin", "/signup", "/tester", "/passwordreset", "/marketing", "/404", "/dev/design"] },
  {
    who: "user",
    join: ["goal-running", "goal-challenge"],
    paths: [
      "/main",
      "/active/goal-challenge",
      "/profile",
      "/bar",
      "/completedgoals",
      "/friends",
      "/notifications",
      "/join/goal-reading",
      "/give/goal-challenge",
      // A team's page with "Sponsor this team" and the team's card (ADR 275).
      "/goals/goal-challenge/teams/seed-team-hill",
    ],
  },
  {
    who: "org",
    paths: ["/main", "/challenges", "/create"],
  },
  {
    who: "admin",
    paths: [
      "/admin/users",
      "/admin/users/add-user",
      "/admin/users/communication",
      "/admin/access",
      "/admin/goals",
      "/admin/goals/goal-reading",
      "/admin/audit",
      // A goal's organiser screens (an admin manages every goal; a fresh org owns none of the seed's).
      "/goals/goal-challenge/entries",
      "/goals/goal-challenge/measure",
      // The reconciliation: the seed has pledges owed and said paid, each with a tick box.
      "/goals/goal-challenge/fundraising",
      // A team's page as its organiser sees it: Make captain and Remove on every row, Replace the link.
      "/goals/goal-challenge/teams/seed-team-hill",
    ],
  },
];

async function pageFor(browser: Browser, who: (typeof SCREENS)[number]["who"], join?: string[]): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  if (who !== "visitor")
    await signInAs(context, await createUser(page.request, join ? { type: who, join } : { type: who }));
  return page;
}

for (const { who, join, paths } of SCREENS) {
  test(`every screen a ${who} reaches passes the layout check at 390 and 1280 px`, async ({ browser }) => {
    test.setTimeout(30_000 + paths.length * 15_000);
    const page = await pageFor(browser, who, join);
    for (const path of paths) {
      const response = await page.goto(path);
      // The screen itself, not a 403 or 404 page in its place (only /404 is meant to be one).
      if (path !== "/404") expect(response?.status(), path).toBeLessThan(400);
      await expect(page.locator("h1").first()).toBeVisible();
      await expectGoodLayout(page, [PHONE, DESKTOP]);
    }
    await page.context().close();
  });
}

test("notification settings are one short row per kind, labels left, a two-option switch right", async ({
  browser,
}) => {
  const page = await pageFor(browser, "user");
  await page.goto("/profile");
  const section = page.getByRole("region", { name: "Notifications", exact: true });
  const rows = section.getByRole("group");
  // One per e-mail kind: cheers, messages, friends, goal dates, pledges, reminders, badges, the end-of-challenge
  // summary, the digest.
  await expect(rows).toHaveCount(9);
  await stylesApplied(page);
  for (const row of await rows.all()) {
    const box = (await row.boundingBox())!;
    // One row: a few lines of label beside a 44px switch, not a ~350px box of stacked radio circles.
    expect(box.height).toBeLessThan(120);
    const legend = (await row.locator("legend").boundingBox())!;
    const on = (await row.getByText("On", { exact: true }).boundingBox())!;
    expect(legend.x).toBeLessThan(on.x);
    expect(Math.abs(legend.y + legend.height / 2 - (on.y + on.height / 2))).toBeLessThan(24);
  }
  // The whole section fits a phone's screen or two, not ~2,800 px.
  expect((await section.boundingBox())!.height).toBeLessThan(1100);

  // The switch is still a pair of radios: the keyboard moves between them and the form saves them.
  const cheers = section.getByRole("group", { name: "Someone cheered you on" });
  await cheers.getByLabel("On").focus();
  await page.keyboard.press("ArrowRight");
  await expect(cheers.getByLabel("Off")).toBeChecked();
  await section.getByRole("button", { name: "Save notifications" }).click();
  // Saved before the reload (a reload while the post is on its way would cancel it).
  await expect(page.getByText("Your notification e-mail settings are saved.")).toBeVisible();
  await page.reload();
  await expect(
    page
      .getByRole("region", { name: "Notifications", exact: true })
      .getByRole("group", { name: "Someone cheered you on" })
      .getByLabel("Off"),
  ).toBeChecked();
  await page.context().close();
});

test("the focus ring is blue, not the error red, and fieldsets are rounded like the boxes beside them", async ({
  browser,
}) => {
  const page = await pageFor(browser, "org");
  await page.goto("/create");
  await page.getByLabel("Cause").focus();
  await page.keyboard.press("Tab");
  const ring = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineColor);
  expect(ring).toBe("rgb(29, 78, 216)");
  for (const legend of ["Measure progress", "Fundraising for a charity"]) {
    const radius = await page
      .getByRole("group", { name: legend })
      .evaluate((el) => getComputedStyle(el).borderTopLeftRadius);
    expect(radius, legend).not.toBe("0px");
  }
  await page.context().close();
});

for (const javaScriptEnabled of [true, false]) {
  test(`/create adapts to the choices made (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled, viewport: PHONE });
    const page = await context.newPage();
    await createUser(page.request, { type: "org" });
    await page.goto("/create");
    await expect(page.getByText("The challenge's name, what everyone works towards")).toBeVisible();
    // Custom dates: the dates show and the month does not.
    await expect(page.getByLabel("Start date")).toBeVisible();
    await expect(page.getByLabel("Month (for a month challenge)")).toBeHidden();
    // A month challenge takes its dates from the month.
    await page.getByLabel(/Month challenge/).check();
    await expect(page.getByLabel("Start date")).toBeHidden();
    await expect(page.getByLabel("End date")).toBeHidden();
    await expect(page.getByLabel("Month (for a month challenge)")).toBeVisible();
    // The custom unit's name only when "Custom unit" is chosen.
    const measure = page.getByRole("group", { name: "Measure progress" });
    await expect(measure.getByLabel(/Custom unit name/)).toBeHidden();
    await measure.getByLabel("Unit", { exact: true }).selectOption("km");
    await expect(measure.getByLabel(/Custom unit name/)).toBeHidden();
    await measure.getByLabel("Unit", { exact: true }).selectOption("custom");
    await expect(measure.getByLabel(/Custom unit name/)).toBeVisible();
    await expectGoodLayout(page);
    await context.close();
  });
}

for (const javaScriptEnabled of [true, false]) {
  test(`a #target opens below the sticky header, not under it (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled });
    const page = await context.newPage();
    await createUser(page.request, { join: ["goal-challenge"] });
    for (const size of [PHONE, DESKTOP]) {
      await page.setViewportSize(size);
      for (const path of ["/profile#notifications", "/active/goal-challenge#progress"]) {
        await page.goto(path);
        const target = page.locator(path.slice(path.indexOf("#")));
        await stylesApplied(page);
        // Scrolled to: near the top of the window...
        await expect(target).toBeInViewport();
        await expect.poll(async () => (await target.boundingBox())!.y).toBeLessThan(size.height / 3);
        // ...and its first line is not hidden under the header (ADR 257).
        const header = (await page.getByRole("banner").boundingBox())!;
        const box = (await target.boundingBox())!;
        expect(box.y, `${size.width}px ${path}`).toBeGreaterThanOrEqual(header.y + header.height);
      }
    }
    await context.close();
  });
}

for (const javaScriptEnabled of [true, false]) {
  test(`a new member's first screen welcomes them and offers the next steps on a phone (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled, viewport: PHONE });
    const page = await context.newPage();
    await createUser(page.request, { first: "Noor" });
    await page.goto("/main");
    const main = page.getByRole("main");
    // A welcome, then SPEC's empty-state line and its empty nav card, kept (SPEC.md "Empty states").
    await expect(main.getByText("Welcome, Noor!")).toBeVisible();
    await expect(main.getByRole("heading", { level: 1, name: "Select a goal to get started" })).toBeVisible();
    await expect(main.getByText("No Name")).toBeVisible();
    await expect(main.getByText("No Dates Selected")).toBeVisible();
    // The two next steps are on the screen itself, not behind the Suggested drawer.
    const join = main.getByRole("list", { name: "Join a suggested goal" });
    const goals = join.getByRole("link");
    await expect(goals).toHaveCount(3);
    await expect(goals.first()).toBeInViewport();
    await expect(main.getByRole("link", { name: "Start a goal with friends" })).toBeVisible();
    await expectGoodLayout(page);
    await checkAxe(page, javaScriptEnabled);
    // One tap from a suggestion to its screen, where joining is the main button.
    const href = await goals.first().getAttribute("href");
    expect(href).toMatch(/^\/join\//);
    await goals.first().click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.getByRole("button", { name: /^Join/ }).first()).toBeVisible();
    await context.close();
  });
}

test("the entries page uses a desktop's width, a note reads as a line, and a phone shows compact rows", async ({
  browser,
}) => {
  const page = await pageFor(browser, "admin");
  await page.setViewportSize(DESKTOP);
  await page.goto("/goals/goal-challenge/entries");
  const table = page.getByRole("table", { name: "Entries" });
  await stylesApplied(page);
  // The table takes the width (not a ~670 px column in a 1280 px window)...
  expect((await table.boundingBox())!.width).toBeGreaterThan(1000);
  // ...so a note and an amount each sit on one line, not a word per line.
  const lines = (cell: Locator) =>
    cell.evaluate((el) => {
      // The text's own line boxes (not the boxes of the elements around it).
      const text = document.createTreeWalker(el, NodeFilter.SHOW_TEXT).nextNode()!;
      const range = document.createRange();
      range.selectNodeContents(text);
      return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
    });
  expect(await lines(table.getByRole("cell", { name: "Long run with the club" }).first())).toBe(1);
  expect(await lines(table.getByRole("cell", { name: "3.5\u00a0miles" }).first())).toBe(1);
  // On a phone each entry is a compact card: fifty rows well under 150 px each (277 px as labelled cards).
  await page.setViewportSize(PHONE);
  const rows = table.getByRole("row");
  const count = (await rows.count()) - 1;
  expect(count).toBeGreaterThan(10);
  expect((await table.boundingBox())!.height / count).toBeLessThan(150);
  // The row still names its member and offers Remove.
  await expect(rows.nth(1).getByRole("rowheader")).toBeVisible();
  await expect(rows.nth(1).getByRole("button", { name: /Remove/ })).toBeVisible();
  await expectGoodLayout(page);
  await page.context().close();
});

test("a measured goal's screen keeps every amount on one line with its unit, at every phone width", async ({
  browser,
}) => {
  const page = await pageFor(browser, "user", ["goal-challenge"]);
  await page.goto("/active/goal-challenge");
  await expect(page.getByTestId("group-total")).toHaveText(/\d\u00a0miles$/);
  // Every phone width from 320 to 440 px: a sentence with an amount reaches a line's end at some of them.
  const splits = async () => {
    const found: string[] = [];
    for (let width = 320; width <= 440; width += 4) {
      await page.setViewportSize({ width, height: 844 });
      for (const problem of await layoutProblems(page))
        if (/ splits ".+" over two lines$/.test(problem)) found.push(`${width}px: ${problem}`);
    }
    return found;
  };
  expect(await splits()).toEqual([]);
  // The same screen with ordinary spaces, as it was before ADR 285: the check sees amounts split.
  await page.evaluate(() => {
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode())
      node.textContent = node.textContent!.replaceAll("\u00a0", " ");
  });
  expect((await splits()).length).toBeGreaterThan(0);
  await page.context().close();
});
