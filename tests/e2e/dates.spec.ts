/** Dates carry the year when it is not the goal clock's year (ADR 169); within it, SPEC's month/day. */
import { expect, test } from "@playwright/test";
import { signInNew } from "./fixtures";

/** A day `offset` days from now as the app writes it when today is in `todayYear`. */
const monthDay = (offset: number, todayYear: number) => {
  const d = new Date(Date.now() + offset * 86_400_000);
  const year = d.getUTCFullYear();
  return `${d.getUTCMonth() + 1}/${d.getUTCDate()}${year !== todayYear ? `/${year}` : ""}`;
};

test("a goal's dates show the year once the goal clock is in another year", async ({ page }) => {
  await signInNew(page, { join: ["goal-running"] });
  // goal-running runs from 10 days ago to 20 days ahead (scripts/seed.mjs).
  const goals = page.getByRole("region", { name: "Goals", exact: true });
  const thisYear = new Date().getUTCFullYear();
  await expect(goals.getByText(`${monthDay(-10, thisYear)} - ${monthDay(20, thisYear)}`)).toBeVisible();

  // Two years on (the developer date tool): the same goal now says which year it ran in.
  const later = `${thisYear + 2}-06-01`;
  await page.goto("/dev/date");
  await page.getByLabel("Today's date").fill(later);
  await page.getByRole("button", { name: "Use this date" }).click();
  await expect(page.getByText(`Today is pinned to ${later}`)).toBeVisible();
  await page.goto("/main");
  await expect(goals.getByText(`${monthDay(-10, thisYear + 2)} - ${monthDay(20, thisYear + 2)}`)).toBeVisible();
  await page.goto("/dev/date");
  await page.getByRole("button", { name: "Back to the real date" }).click();
});

test("a completed goal says which year it was completed in once that year is over", async ({ page }) => {
  await signInNew(page, { join: ["goal-running"] });
  await page.goto("/active/goal-running");
  await page.getByRole("button", { name: "Complete goal" }).click();
  await page.getByRole("button", { name: "Yes, I completed it" }).click();
  await expect(page).toHaveURL(/\/completedgoals$/);
  const thisYear = new Date().getUTCFullYear();
  const completed = page.locator(".completed-list time");
  await expect(completed).toHaveText(`Completed ${monthDay(0, thisYear)}`);

  // A year on, the same list dates the completion and the goal with their year.
  const later = `${thisYear + 1}-03-01`;
  await page.goto("/dev/date");
  await page.getByLabel("Today's date").fill(later);
  await page.getByRole("button", { name: "Use this date" }).click();
  await expect(page.getByText(`Today is pinned to ${later}`)).toBeVisible();
  await page.goto("/completedgoals");
  await expect(completed).toHaveText(`Completed ${monthDay(0, thisYear + 1)}`);
  await expect(page.getByText(`${monthDay(-10, thisYear + 1)} - ${monthDay(20, thisYear + 1)}`)).toBeVisible();
  await page.goto("/dev/date");
  await page.getByRole("button", { name: "Back to the real date" }).click();
});
