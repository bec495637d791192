import { expect, test } from "@playwright/test";
import { connected, publish, revalidation } from "../live-support";
import { signInNew } from "../fixtures";

// In the serial project (it changes no setting): it asserts that a page does NOT revalidate, which any
// other test's write (a new goal, a hub restart) running beside it would make it do.
test("a signed-in page hears its user's topic, and no one else's", async ({ page, browser }) => {
  await signInNew(page, { first: "Lena" });
  await connected(page);
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signInNew(otherPage, { first: "Omar" });
  await connected(otherPage);

  const ids = await Promise.all(
    [page, otherPage].map((p) => p.evaluate(async () => (await fetch("/main.data")).text())),
  );
  // The root loader's user id is in each page's data; publish to the first user's topic only.
  const id = /"id","([0-9a-f]{32})"/.exec(ids[0]!)?.[1];
  expect(id).toBeTruthy();

  let otherRevalidated = false;
  otherPage.on("request", (r) => {
    if (new URL(r.url()).pathname.endsWith(".data")) otherRevalidated = true;
  });
  const reloaded = revalidation(page, "/main");
  await publish(page, `user:${id}`);
  await reloaded;
  await page.waitForTimeout(300);
  expect(otherRevalidated).toBe(false);
  await other.close();
});
