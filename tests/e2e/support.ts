import { expect, type Page } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";

export const DEMO_PASSWORD = "goals-demo-2026";
export const DEMO = {
  admin: "admin@example.com",
  org: "org@example.com",
  member: "member@example.com",
} as const;

let n = 0;
export function uniqueEmail(prefix = "e2e") {
  return `${prefix}-${Date.now()}-${process.pid}-${++n}@example.com`;
}

/** Signs up through the real form (works with JavaScript on or off). */
export async function signUp(page: Page, first = "Sam", email = uniqueEmail(), password = "password123") {
  await page.goto("/tester");
  await page.getByLabel("First name").fill(first);
  await page.getByLabel("Last name").fill("Tester");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page).toHaveURL(/\/main$/);
  return { email, password };
}

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto("/signin");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/main$/);
}

export async function signOut(page: Page) {
  await page.locator("summary.profile-menu__button").click();
  await page.getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/signin$/);
}

/** Fails with the list of axe violations, so a regression names itself. */
export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(" | ")}`)).toEqual([]);
}
