/**
 * The organiser's CSV import (ADR 261) in the browser, at a phone's and a laptop's width, JavaScript on
 * and off: a file with a bad line is previewed with that line's reason and nothing imported; the fixed
 * file imports, the member's total moves; undo asks first, then takes it all back. axe-clean and no
 * sideways scroll with the preview showing.
 */
import { expect, test } from "@playwright/test";
import { signedInPage } from "./fixtures";
import { stylesApplied } from "./layout-check";
import { createMeasuredGoal, expectNoAxeViolations } from "./support";

const today = () => new Date().toISOString().slice(0, 10);

for (const javaScriptEnabled of [true, false])
  for (const width of [390, 1280])
    test(`a paper sheet imported, ${width} px, JavaScript ${javaScriptEnabled ? "on" : "off"}`, async ({ browser }) => {
      test.setTimeout(150_000);
      const org = await signedInPage(browser, { type: "org", first: "Olga", last: "Org" }, javaScriptEnabled);
      const { goalId } = await createMeasuredGoal(org.page, "Club walks");
      const walker = await signedInPage(browser, { first: "Wren", last: "Walker" });
      await walker.page.goto(`/join/${goalId}`);
      await walker.page.getByRole("button", { name: "Join goal" }).click();
      await expect(walker.page).toHaveURL(new RegExp(`/active/${goalId}`));

      const page = org.page;
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/goals/${goalId}/entries`);
      await page.getByRole("link", { name: "Import entries from a CSV file" }).click();
      await expect(page.getByRole("heading", { name: "Import entries" })).toBeVisible();

      const sheet = (lines: string[]) => ({
        name: "club-results.csv",
        mimeType: "text/csv",
        buffer: Buffer.from(["email,day,amount", ...lines].join("\r\n")),
      });
      await page
        .getByLabel("CSV file")
        .setInputFiles(sheet([`${walker.user.email},${today()},4.5`, `stranger@example.com,${today()},2`]));
      await page.getByRole("button", { name: "Preview" }).click();
      await expect(page.getByRole("heading", { name: "1 of 2 lines need fixing" })).toBeVisible();
      await expect(page.getByRole("row").filter({ hasText: "stranger@example.com" })).toContainText(
        "No member of this goal has this e-mail",
      );
      await expect(page.getByRole("button", { name: /^Import/ })).toHaveCount(0);
      // axe runs in the page's script: without JavaScript the markup is the same server markup.
      if (javaScriptEnabled) await expectNoAxeViolations(page);
      // Measured once the page's style sheets have applied (without them, under CI load, the bare table
      // was 541 px wide at 390).
      await stylesApplied(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({
        path: `test-results/import-preview-bad-${width}-${javaScriptEnabled ? "js" : "nojs"}.png`,
        fullPage: true,
      });

      await page.getByLabel("CSV file").setInputFiles(sheet([`${walker.user.email},${today()},4.5`]));
      await page.getByRole("button", { name: "Preview" }).click();
      await expect(page.getByRole("heading", { name: "1 entry to import" })).toBeVisible();
      await expect(page.getByRole("row").filter({ hasText: "Wren Walker" })).toContainText("Ready");
      await page.getByRole("button", { name: "Import 1 entry (4.5\u00a0km)" }).click();
      await expect(page.getByText("Imported 1 entry (4.5 km) for 1 member.")).toBeVisible();
      await page.screenshot({
        path: `test-results/import-done-${width}-${javaScriptEnabled ? "js" : "nojs"}.png`,
        fullPage: true,
      });
      await walker.page.goto(`/active/${goalId}`);
      await expect(walker.page.getByTestId("my-total")).toHaveText("4.5 km");

      // Undo asks first, then takes the whole import back.
      await page.getByRole("button", { name: /^Undo the import of/ }).click();
      await expect(page.getByText(/Undo this import\? Its 1 entry is taken off/)).toBeVisible();
      // axe runs in the page's script: without JavaScript the markup is the same server markup.
      if (javaScriptEnabled) await expectNoAxeViolations(page);
      await page.getByRole("button", { name: "Undo import" }).click();
      await expect(page.getByText("The import is undone: its entries are off the members' totals.")).toBeVisible();
      await expect(page.getByText("Undone", { exact: true })).toBeVisible();
      await walker.page.reload();
      await expect(walker.page.getByTestId("my-total")).not.toHaveText("4.5 km");
      await walker.close();
      await org.close();
    });
