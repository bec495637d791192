/**
 * The organiser finds their own challenge (ADR 251): an org's home leads with the challenges it runs,
 * with the figures and the next thing to do, and its own goal's screen leads with the organiser's tools;
 * joining is a secondary choice. JavaScript on and off, at a phone's and a desktop's width.
 */
import { createUser, expect, test } from "./fixtures";
import { stylesApplied } from "./layout-check";
import { createMeasuredGoal, saveFundraising } from "./support";

for (const javaScriptEnabled of [true, false]) {
  for (const width of [390, 1280]) {
    test.describe(`JavaScript ${javaScriptEnabled ? "on" : "off"}, ${width}px`, () => {
      test.use({ javaScriptEnabled, viewport: { width, height: 844 } });

      test("an org's home leads with its challenges and the next step; its goal screen with its tools", async ({
        page,
        request,
      }) => {
        await createUser(page.request, { type: "org", first: "Olga" }); // signed in (fixtures.ts)
        const { goalId, cause } = await createMeasuredGoal(page);
        // Two members join; the organiser does not.
        for (const first of ["Rosa", "Sam"]) await createUser(request, { first, join: [goalId] });

        await page.goto("/main");
        const main = page.getByRole("main");
        // The first heading of the home is the challenges the org runs, before SPEC's empty state.
        await expect(main.getByRole("heading").first()).toHaveText("Your challenges");
        const card = main.getByTestId("org-challenge").filter({ hasText: cause });
        await expect(card.getByRole("definition").first()).toHaveText("2"); // members
        await expect(card).toContainText("0 km of 50 km");
        // No fundraising yet: that is the next thing to do, one tap away.
        const next = card.getByRole("link", { name: `Set up fundraising for ${cause}` });
        await expect(next).toBeVisible();
        // Measured once the page's style sheets have applied: unstyled, the side navigation stands above
        // the page and pushes everything down.
        await stylesApplied(page);
        const cardBox = (await card.boundingBox())!;
        expect(cardBox.y).toBeLessThan(844); // in the first screen, phone included
        await expect(main.getByRole("heading", { name: "Create or select a goal to get started" })).toBeVisible();
        await next.click();
        await expect(page).toHaveURL(new RegExp(`/goals/${goalId}/fundraising$`));
        await saveFundraising(page);

        // With fundraising set, the card's figures carry the money, and the next step moves on.
        await page.goto("/main");
        const after = page.getByTestId("org-challenge").filter({ hasText: cause });
        await expect(after).toContainText("Pledged / paid");
        await expect(after.getByRole("link", { name: `Set up fundraising for ${cause}` })).toHaveCount(0);
        await after.getByRole("link", { name: cause, exact: true }).click();
        await expect(page).toHaveURL(new RegExp(`/active/${goalId}$`));

        // The goal's screen: the organiser's tools come first, under the title; joining after them.
        const tools = page.getByRole("navigation", { name: "Organiser tools" });
        const fundraising = tools.getByRole("link", { name: "Fundraising and invite link" });
        await expect(fundraising).toBeVisible();
        await expect(tools.getByRole("link", { name: "Every entry" })).toHaveAttribute(
          "href",
          `/goals/${goalId}/entries`,
        );
        const join = page.getByRole("button", { name: "Join goal" });
        await stylesApplied(page);
        const [toolsBox, joinBox] = [(await fundraising.boundingBox())!, (await join.boundingBox())!];
        expect(toolsBox.y).toBeLessThan(joinBox.y);
        expect(toolsBox.y).toBeLessThan(844);
        // Join is the secondary look (outlined), the tools' first link the primary (filled).
        const fill = (l: typeof join) => l.evaluate((el) => getComputedStyle(el).backgroundColor);
        expect(await fill(join)).not.toBe(await fill(fundraising));
        await expect(page.getByText("Taking part yourself as well?")).toBeVisible();
      });
    });
  }
}

test("a member's home has no organiser's challenges, and a member's goal screen no tools", async ({ page }) => {
  await createUser(page.request, { join: ["goal-challenge"] });
  await page.goto("/main");
  await expect(page.getByRole("heading", { name: "Your challenges" })).toHaveCount(0);
  await page.goto("/active/goal-challenge");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Miles for Shelter this month");
  await expect(page.getByRole("navigation", { name: "Organiser tools" })).toHaveCount(0);
});
