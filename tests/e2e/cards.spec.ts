/**
 * Shareable cards (ADR 272): a member of the seeded challenge sees their card on the share screen, with
 * download links that work without JavaScript, and the page and their sponsor link carry it as og:image
 * so a pasted link unfurls as the card. Screenshots of the screen at 390 and 1280 px.
 */
import { expect, test } from "@playwright/test";
import { createUser } from "./fixtures";
import { checkAxe } from "./support";

for (const { js, width } of [
  { js: true, width: 390 },
  { js: false, width: 1280 },
]) {
  test(`JS ${js ? "on" : "off"} at ${width}px: the share screen shows the member's card and the link unfurls as it`, async ({
    browser,
  }, testInfo) => {
    const context = await browser.newContext({ javaScriptEnabled: js, viewport: { width, height: 900 } });
    const page = await context.newPage();
    await createUser(context.request, { first: "Priya", join: ["goal-challenge"] });
    await page.goto("/goals/goal-challenge/share");

    const og = await page.locator('meta[property="og:image"]').getAttribute("content");
    expect(og).toMatch(/^http:\/\/localhost:\d+\/sponsor\/goal-challenge\.[\w-]+\.[\w-]{43}\/card\.png$/);
    const card = page.getByRole("img", { name: /Your card for Miles for Shelter this month/ });
    await expect(card).toBeVisible();
    await expect.poll(() => card.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1200);

    const download = page.getByRole("link", { name: "Download the card (1200 × 630)" });
    await expect(download).toHaveAttribute("download", "goal-card.png");
    const square = page.getByRole("link", { name: "Download the square card (1080 × 1080)" });
    const squareResponse = await context.request.get((await square.getAttribute("href"))!);
    expect(squareResponse.headers()["content-type"]).toBe("image/png");
    const bytes = await squareResponse.body();
    expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([1080, 1080]);

    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`share-card-${width}.png`), fullPage: true });
    await checkAxe(page, js);

    // A chat app fetching the sponsor link, signed out, gets the same card as og:image.
    const sponsorLink = og!.replace(/\/card\.png$/, "");
    const visitor = await browser.newContext();
    const unfurl = await (await visitor.request.get(sponsorLink)).text();
    expect(unfurl).toContain(`<meta property="og:image" content="${og}"/>`);
    expect(unfurl).toContain('<meta name="twitter:card" content="summary_large_image"/>');
    await visitor.close();
    await context.close();
  });
}
