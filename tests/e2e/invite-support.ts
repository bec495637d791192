import type { Browser } from "@playwright/test";
import { DEMO, signIn } from "./support";

let invitePath: Promise<string> | undefined;

/**
 * The org's invite link to its seeded private challenge, as a path. No test replaces that link, so a
 * worker reads it once (a Playwright worker serves one project, so one server) and reuses it.
 */
export function orgInvitePath(browser: Browser): Promise<string> {
  invitePath ??= (async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, DEMO.org);
    await page.goto("/goals/goal-private/fundraising");
    const url = await page.locator("#invite-url").inputValue();
    await context.close();
    return new URL(url).pathname;
  })();
  return invitePath;
}
