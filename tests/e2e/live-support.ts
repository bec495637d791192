import { expect, type Page } from "@playwright/test";

/** Publishes as a committed write would, through the development-only lever (404 in production). */
export async function publish(page: Page, topics: string) {
  const response = await page.request.post("/dev/live", { form: { intent: "publish", topics } });
  expect(response.ok()).toBe(true);
  return (await response.json()) as { delivered: number };
}

/** The page's live stream is open (the hook marks <html data-live>). */
export const connected = (page: Page) => expect(page.locator("html")).toHaveAttribute("data-live", "connected");

/** The next revalidation of a page's loaders (a `.data` request for that path). */
export const revalidation = (page: Page, path: string) =>
  page.waitForRequest((r) => new URL(r.url()).pathname === `${path}.data`, { timeout: 5_000 });
