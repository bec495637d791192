/**
 * Activity files in the browser (ADR 260), at a phone's and a laptop's width, JavaScript on and off:
 * a member uploads three files from the goal screen, unticks one, saves two; the same file again is
 * refused as already logged; a damaged file gets its reason and nothing is written.
 */
import type { Page } from "@playwright/test";
import { expect, signedInPage, test } from "./fixtures";
import { createMeasuredGoal } from "./support";
import { fit, gpx, knownRoute, tcx, truncated } from "../fixtures/activity-files";

const DAY = 86_400_000;
const morning = (daysAgo: number) => {
  const d = new Date(Date.now() - daysAgo * DAY);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), 8, 0);
};

// 3 km, 2 km and 1 km walks on three mornings this week.
const files = (javaScriptEnabled: boolean) => {
  const a = knownRoute({ start: morning(3), scale: 0.3 });
  const b = knownRoute({ start: morning(2), scale: 0.2 });
  const c = knownRoute({ start: morning(1), scale: 0.1 });
  return [
    { name: "monday-walk.gpx", mimeType: "application/gpx+xml", buffer: Buffer.from(gpx(a, { sport: "walking" })) },
    { name: "tuesday-walk.tcx", mimeType: "application/xml", buffer: Buffer.from(tcx(b, { sport: "Other" })) },
    javaScriptEnabled
      ? { name: "wednesday-walk.fit", mimeType: "application/octet-stream", buffer: Buffer.from(fit(c)) }
      : { name: "wednesday-walk.gpx", mimeType: "application/gpx+xml", buffer: Buffer.from(gpx(c)) },
  ];
};

async function choose(page: Page, chosen: { name: string; mimeType: string; buffer: Buffer }[], js: boolean) {
  await page.getByLabel(/GPX, TCX or FIT files/).setInputFiles(chosen);
  // With JavaScript the files are read as soon as they are chosen; without, the form is sent.
  if (!js) await page.getByRole("button", { name: "Read files" }).click();
}

for (const javaScriptEnabled of [true, false])
  for (const width of [390, 1280])
    test(`a week of walks from watch files, ${width} px, JavaScript ${javaScriptEnabled ? "on" : "off"}`, async ({
      browser,
    }) => {
      // Four files read, two saves, three page loads: slow on a shared 2-core machine.
      test.setTimeout(180_000);
      const org = await signedInPage(browser, { type: "org", first: "Olga", last: "Org" });
      const { goalId } = await createMeasuredGoal(org.page, "Walk with files");
      await org.close();
      const { page, close } = await signedInPage(browser, { first: "Wren", last: "Walker" }, javaScriptEnabled);
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/join/${goalId}`);
      await page.getByRole("button", { name: "Join goal" }).click();
      await expect(page).toHaveURL(new RegExp(`/active/${goalId}(#progress)?$`));

      await page.getByRole("link", { name: "Add from activity files" }).click();
      await expect(page.getByRole("heading", { name: "Add activity files" })).toBeVisible();
      await expect(page.getByText(/never the map or its points/)).toBeVisible();

      const three = files(javaScriptEnabled);
      await choose(page, three, javaScriptEnabled);
      const rows = page.locator(".activity__row");
      await expect(rows).toHaveCount(3);
      await expect(page.getByLabel("Amount (km)").first()).toHaveValue("3");
      await expect(page.getByLabel("Amount (km)").nth(1)).toHaveValue("2");
      await expect(page.getByLabel("Amount (km)").nth(2)).toHaveValue("1");
      await page.screenshot({
        path: `test-results/activity-proposed-${width}-${javaScriptEnabled ? "js" : "nojs"}.png`,
        fullPage: true,
      });
      // Untick the second walk; save the other two.
      await page.getByLabel(/Log tuesday-walk\.tcx/).uncheck();
      await page.getByRole("button", { name: javaScriptEnabled ? "Save 2 entries" : /Save \d entr/ }).click();
      await expect(page).toHaveURL(new RegExp(`/active/${goalId}#progress$`));
      await expect(page.getByText("Saved 2 entries from your files: 4 km.")).toBeVisible();
      await expect(page.getByTestId("my-total")).toHaveText("4 km");

      // The same file again: refused as already logged, nothing written.
      await page.goto(`/goals/${goalId}/activity`);
      await choose(page, [three[0]!], javaScriptEnabled);
      await expect(rows).toHaveCount(1);
      await page.getByRole("button", { name: /Save 1 entry/ }).click();
      await expect(page.getByText(/Already logged: this file is in your entries for this goal/)).toBeVisible();
      await expect(page.getByRole("heading", { name: "Nothing new was saved" })).toBeVisible();

      // A damaged file: its reason, no entry offered, nothing written.
      await page.goto(`/goals/${goalId}/activity`);
      const damaged = {
        name: "cut-short.gpx",
        mimeType: "application/gpx+xml",
        buffer: Buffer.from(truncated(gpx(knownRoute({ start: morning(1), scale: 0.1 })))),
      };
      await choose(page, [damaged], javaScriptEnabled);
      await expect(page.getByRole("alert").filter({ hasText: "cut-short.gpx" })).toContainText(
        "This file is damaged and cannot be read. Export it again from your app.",
      );
      await expect(rows).toHaveCount(0);
      await page.screenshot({
        path: `test-results/activity-damaged-${width}-${javaScriptEnabled ? "js" : "nojs"}.png`,
        fullPage: true,
      });
      await page.goto(`/active/${goalId}`);
      await expect(page.getByTestId("my-total")).toHaveText("4 km");
      await close();
    });
