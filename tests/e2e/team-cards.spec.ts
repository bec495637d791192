/**
 * A team's card and sponsor link (ADR 275), JavaScript on at 390 px and off at 1280 px: a member opens a
 * team page of the demo's team challenge, sees "Sponsor this team" with the team's card (1200x630, its
 * downloads), and the page carries the card as og:image. With JavaScript, on a phone that can share files,
 * "Share the card…" hands the PNG itself to the share sheet; without it the link is there to copy and the
 * downloads work. "Sponsor this team" leads, signed out, to the team's pledge form with its estimate.
 */
import { expect, test } from "@playwright/test";
import { createUser } from "./fixtures";
import { checkAxe } from "./support";

for (const { js, width } of [
  { js: true, width: 390 },
  { js: false, width: 1280 },
]) {
  test(`JS ${js ? "on" : "off"} at ${width}px: a team page shares the team's card and leads to its pledge form`, async ({
    browser,
  }, testInfo) => {
    const context = await browser.newContext({ javaScriptEnabled: js, viewport: { width, height: 900 } });
    // A phone's share sheet that takes files, recording what it was given.
    await context.addInitScript(() => {
      const w = window as unknown as { shared?: unknown };
      Object.defineProperty(navigator, "canShare", { value: (data?: { files?: File[] }) => !!data?.files?.length });
      Object.defineProperty(navigator, "share", {
        value: async (data: { title?: string; text?: string; files?: File[] }) => {
          w.shared = { title: data.title, text: data.text, files: data.files?.map((f) => [f.name, f.type, f.size]) };
        },
      });
    });
    const page = await context.newPage();
    await createUser(context.request, { first: "Priya", join: ["goal-challenge"] });
    await page.goto("/goals/goal-challenge/teams/seed-team-hill");

    const section = page.getByRole("region", { name: "Sponsor this team" });
    await expect(section).toBeVisible();
    const link = await page.getByLabel("The team's sponsor link").inputValue();
    expect(link).toMatch(/^http:\/\/localhost:\d+\/sponsor\/goal-challenge\.team\.seed-team-hill\.[\w-]{43}$/);
    const og = await page.locator('meta[property="og:image"]').getAttribute("content");
    expect(og).toBe(`${link}/card.png`);

    const card = page.getByRole("img", { name: /The card of Team Hill Harriers for Miles for Shelter this month/ });
    await expect(card).toBeVisible();
    await expect.poll(() => card.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1200);
    await expect(page.getByRole("link", { name: "Download the card (1200 × 630)" })).toHaveAttribute(
      "download",
      "team-card.png",
    );
    const square = await context.request.get(
      (await page.getByRole("link", { name: "Download the square card (1080 × 1080)" }).getAttribute("href"))!,
    );
    expect(square.headers()["content-type"]).toBe("image/png");
    const bytes = await square.body();
    expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([1080, 1080]);

    const shareCard = page.getByRole("button", { name: "Share the card…" });
    if (js) {
      await shareCard.click();
      const shared = await page.evaluate(() => (window as unknown as { shared?: any }).shared);
      expect(shared.text).toBe(`Sponsor Team Hill Harriers: ${link}`);
      expect(shared.files).toHaveLength(1);
      expect(shared.files[0].slice(0, 2)).toEqual(["team-card.png", "image/png"]);
      expect(shared.files[0][2]).toBeGreaterThan(10_000);
      await expect(section.getByRole("button", { name: "Copy link" })).toBeVisible();
    } else {
      // Without JavaScript nothing pretends to share: the link is there to copy by hand.
      await expect(shareCard).toHaveCount(0);
      await expect(section.getByRole("button", { name: "Copy link" })).toHaveCount(0);
    }
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`team-card-${width}.png`), fullPage: true });
    await checkAxe(page, js);

    // "Sponsor this team", signed out: the team's pledge form, its estimate rendered without JavaScript too.
    const visitor = await browser.newContext({ javaScriptEnabled: js, viewport: { width, height: 900 } });
    const supporter = await visitor.newPage();
    await supporter.goto((await section.getByRole("link", { name: "Sponsor this team" }).getAttribute("href"))!);
    await expect(supporter.getByRole("heading", { level: 1 })).toHaveText("Sponsor Team Hill Harriers");
    await expect(supporter.getByTestId("sponsor-progress")).toContainText("Team Hill Harriers has logged");
    await expect(supporter.getByTestId("pledge-estimate")).toContainText("If Team Hill Harriers reaches its");
    await expect(supporter.getByLabel("Your pledge backs")).toHaveCount(0);
    expect(await supporter.locator('meta[property="og:image"]').getAttribute("content")).toBe(og);
    await checkAxe(supporter, js);
    await visitor.close();
    await context.close();
  });
}
