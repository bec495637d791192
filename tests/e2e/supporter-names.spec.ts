/**
 * A long supporter name never breaks letter by letter beside its amount (docs/design.md, the layout check
 * of ADR 250): "Uncle Raj Venkataraman-Smythe" pledges the most a pledge may be, once fixed and once per
 * km (the longest amount text), and wherever the name
 * shows (the sponsor link, /give, the goal screen, the organiser's fundraising page with its
 * reconciliation table) every box holding it is at least as wide as its longest word, and each word
 * sits on one line, at 390 px and at 1280 px.
 */
import { expect, test, type Page } from "@playwright/test";
import { DESKTOP, layoutProblems, PHONE, stylesApplied } from "./layout-check";
import { memberJoins, orgCreatesPrivateChallenge, sponsorLinkOf } from "./sponsors-support";

const NAME = "Uncle Raj Venkataraman-Smythe";

/** Runs in the page: each element whose own text holds the name, and how its words sit. */
function measureName(name: string) {
  const found: { tag: string; width: number; widest: number; split: string[] }[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const at = node.textContent?.indexOf(name) ?? -1;
    const parent = node.parentElement;
    if (at < 0 || !parent || parent.closest("option, script, [hidden], .visually-hidden")) continue;
    const box = parent.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) continue;
    let widest = 0;
    const split: string[] = [];
    // Words as the layout check reads them: a break after a hyphen is ordinary typography.
    for (const word of name.matchAll(/[^\s-]+-?/g)) {
      range.setStart(node, at + word.index!);
      range.setEnd(node, at + word.index! + word[0].length);
      const rects = [...range.getClientRects()].filter((r) => r.width > 0);
      widest = Math.max(widest, range.getBoundingClientRect().width);
      if (new Set(rects.map((r) => Math.round(r.top))).size > 1) split.push(word[0]);
    }
    found.push({ tag: `${parent.tagName.toLowerCase()}.${parent.className}`, width: box.width, widest, split });
  }
  return found;
}

async function expectWholeName(page: Page, where: string, atLeast: number) {
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await stylesApplied(page);
    const boxes = await page.evaluate(measureName, NAME);
    const here = `${where} at ${size.width}px`;
    expect(boxes.length, `${here}: the name is shown`).toBeGreaterThanOrEqual(atLeast);
    for (const box of boxes) {
      expect(box.split, `${here}: <${box.tag}> splits no word of the name`).toEqual([]);
      expect(box.width, `${here}: <${box.tag}> is at least as wide as the name's longest word`).toBeGreaterThanOrEqual(
        Math.floor(box.widest),
      );
    }
    // The page's own layout check agrees about the name's words (other findings are other screens' work).
    const words = NAME.split(/[\s-]+/);
    const aboutName = (await layoutProblems(page)).filter((p) => words.some((w) => p.includes(`"${w}"`)));
    expect(aboutName, `${here}: the layout check about the name`).toEqual([]);
  }
}

test("a long supporter name keeps whole words beside the amount on the sponsor link, /give, the goal screen and the fundraising page, at 390 and 1280 px", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const org = await orgCreatesPrivateChallenge(browser);
  const priya = await memberJoins(browser, "Priya", org.inviteUrl, "3");
  const link = await sponsorLinkOf(priya.page, org.goalId);

  const context = await browser.newContext({ viewport: PHONE });
  const visitor = await context.newPage();
  await visitor.goto(link);
  await visitor.getByLabel("Your name").fill(NAME);
  // The most a pledge may be: the longest amount beside the name.
  await visitor.getByLabel("Amount (GBP)").fill("1000000");
  await visitor.getByRole("button", { name: "Pledge", exact: true }).click();
  await expect(visitor.getByRole("heading", { name: "Thank you for your pledge!" })).toBeVisible();

  // And per km: the longest amount text there is ("£0.50 per km for Priya (up to £1,000,000): £1.50 so
  // far"), which squeezed the name into a column of single letters when the two shared a row.
  await visitor.goto(link);
  await visitor.getByLabel("Your name").fill(NAME);
  await visitor.getByLabel(/An amount per km logged/).check();
  await visitor.getByLabel(/Amount per km/).fill("0.50");
  await visitor.getByLabel(/Maximum/).fill("1000000");
  await visitor.getByRole("button", { name: "Pledge", exact: true }).click();
  await expect(visitor.getByRole("heading", { name: "Thank you for your pledge!" })).toBeVisible();

  await visitor.goto(link);
  await expect(visitor.getByRole("list", { name: "Latest supporters" })).toContainText("£1,000,000");
  await expect(visitor.getByRole("list", { name: "Latest supporters" })).toContainText("(up to £1,000,000)");
  await expectWholeName(visitor, "the sponsor link", 1);

  await priya.page.goto(`/give/${org.goalId}`);
  await expect(priya.page.getByRole("list", { name: "Latest supporters" })).toContainText(NAME);
  await expectWholeName(priya.page, "/give", 1);

  await priya.page.goto(`/active/${org.goalId}`);
  await expect(priya.page.getByRole("list", { name: "Latest supporters" })).toContainText(NAME);
  await expectWholeName(priya.page, "the goal screen", 1);

  // The organiser: the totaliser's list and the reconciliation table's row.
  await org.page.goto(`/goals/${org.goalId}/fundraising`);
  await expect(
    org.page
      .locator("#pledges")
      .getByRole("rowheader", { name: new RegExp(NAME) })
      .first(),
  ).toBeVisible();
  await expectWholeName(org.page, "the fundraising page", 2);

  await Promise.all([context.close(), org.close(), priya.close()]);
});
