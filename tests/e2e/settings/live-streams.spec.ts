import { expect, test } from "@playwright/test";
import { connected, publish, revalidation } from "../live-support";
import { signInNew } from "../fixtures";

// In the serial project, on its server of its own (it changes no setting): these tests count a page's
// streams and data reloads exactly, or drop every page's stream. Beside other tests, their writes would
// add reloads (a new goal publishes "goals" to every home, ADR 043), and a restart of the site-wide hub
// shards (ADR 202) drops every other page's stream on the server, so each would disturb or be disturbed.

test("pages listening through a hub restart are current again within 5 s", async ({ page }) => {
  await page.goto("/signup");
  await connected(page);
  await page.evaluate(() => ((window as any).__sameDocument = true));

  const started = Date.now();
  const caughtUp = revalidation(page, "/signup");
  const response = await page.request.post("/dev/live", { form: { intent: "restart", topics: "settings" } });
  expect(response.ok()).toBe(true);
  // The stream drops, the hook reconnects (with backoff) and revalidates what it may have missed.
  await caughtUp;
  await connected(page);
  expect(Date.now() - started).toBeLessThan(5_000);

  // And it hears new changes on the fresh hub.
  const reloaded = revalidation(page, "/signup");
  await publish(page, "settings");
  await reloaded;
  expect(await page.evaluate(() => (window as any).__sameDocument)).toBe(true);
});

test("a freshly loaded home opens one stream and reloads its data once for a change", async ({ page }) => {
  await signInNew(page, { first: "Noor" });
  // The sign-in's own /main opens its stream after its load event (once hydrated): under load that can
  // be after the counting starts, so it is open before it does.
  await connected(page);
  const seen = { data: 0, streams: 0 };
  page.on("request", (r) => {
    const { pathname } = new URL(r.url());
    if (pathname === "/main.data") seen.data++;
    if (pathname === "/events") seen.streams++;
  });
  // A whole document load: the sections loaded after the first scripts (ADR 237) start out waiting for
  // their code. When it arrives they must not be mounted afresh: that closed the live stream and opened
  // it again, which read as "may have missed a change" and reloaded the page's data once more.
  await page.goto("/main");
  await connected(page);
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(1_000);
  expect(seen.streams).toBe(1);
  const before = seen.data;
  await publish(page, "goals");
  await expect.poll(() => seen.data).toBe(before + 1);
  await page.waitForTimeout(2_000);
  expect(seen).toEqual({ data: before + 1, streams: 1 });
  await connected(page);
});
