import type { Browser } from "@playwright/test";
import { DEMO, signIn } from "./support";

/** The org's invite link to its seeded private challenge, as a path. */
export async function orgInvitePath(browser: Browser): Promise<string> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, DEMO.org);
  await page.goto("/goals/goal-private/fundraising");
  const url = await page.locator("#invite-url").inputValue();
  await context.close();
  return new URL(url).pathname;
}
