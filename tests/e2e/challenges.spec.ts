import type { Page } from "@playwright/test";
import { createUser, expect, signInNew, test } from "./fixtures";
import { stylesApplied } from "./layout-check";
import { checkAxe } from "./support";

const flash = (page: Page) => page.locator(".flash[role=status]");
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function createChallenge(page: Page, cause: string, { inView = true, javaScript = true } = {}) {
  await page.goto("/create");
  await page.getByLabel("Cause").fill(cause);
  await page.getByLabel("Start date").fill(day(-1));
  await page.getByLabel("End date").fill(day(10));
  // Where the tools are the first frame they are on screen (JavaScript on: a client-side navigation).
  const firstSight =
    inView && javaScript
      ? page.waitForFunction(
          () => {
            const box = document.getElementById("organiser-tools")?.getBoundingClientRect();
            const header = document.querySelector("header")!.getBoundingClientRect().bottom;
            return box && { top: box.top, bottom: box.bottom, height: window.innerHeight, header };
          },
          undefined,
          { polling: "raf" },
        )
      : null;
  await page.getByRole("button", { name: "Create goal" }).click();
  // The organiser lands on the new challenge's own screen, at its tools, told there what happened and
  // what to do next (ADR 254): not on /join, not at the top of a fundraising form.
  await expect(page).toHaveURL(/\/active\/[a-f0-9]+#organiser-tools$/);
  await expect(page.getByRole("heading", { level: 1, name: cause })).toBeVisible();
  const tools = page.getByRole("navigation", { name: "Organiser tools" });
  await expect(tools.getByRole("status")).toHaveText(
    `Goal created: ${cause}. Next: share its invite link so members can join.`,
  );
  if (inView) {
    // The new screen opens at the tools, as a full page load does: it does not slide there from the
    // form's scroll position, which a live update arriving mid-slide used to put back (ADR 256).
    const seen = await (await firstSight)?.jsonValue();
    // Wholly in the window and below the sticky header, not under it (ADR 257).
    if (seen) expect(seen.top >= seen.header && seen.bottom <= seen.height, JSON.stringify(seen)).toBe(true);
    await stylesApplied(page);
    await expect(tools.getByRole("status")).toBeInViewport({ ratio: 1 });
    await expect(tools.getByRole("link", { name: "Set up fundraising and invite link" })).toBeInViewport();
  }
  await expect(flash(page)).toHaveCount(0);
  return new URL(page.url()).pathname.split("/")[2]!;
}

for (const javaScriptEnabled of [true, false]) {
  for (const width of [1280, 390]) {
    test.describe(`my challenges, JavaScript ${javaScriptEnabled ? "on" : "off"}, ${width}px`, () => {
      test.use({ javaScriptEnabled, viewport: { width, height: 900 } });

      test("an org finds its challenge from the header menu while it runs and after it ends", async ({ page }) => {
        await createUser(page.request, { type: "org", first: "Olga" }); // a fresh org, signed in (fixtures.ts)
        const cause = `Org challenge ${Date.now()} ${javaScriptEnabled} ${width}`;
        const id = await createChallenge(page, cause, { javaScript: javaScriptEnabled });

        await page.locator("summary.profile-menu__button").click();
        await page.getByRole("link", { name: "My challenges" }).click();
        await expect(page).toHaveURL(/\/challenges$/);
        const running = page.getByRole("region", { name: /^Running/ });
        const row = running.getByRole("row", { name: new RegExp(cause) });
        await expect(row).toBeVisible();
        await expect(row.getByRole("cell").nth(1)).toHaveText("0"); // members
        await expect(row.getByRole("link", { name: `Fundraising for ${cause}` })).toHaveAttribute(
          "href",
          `/goals/${id}/fundraising`,
        );
        await expect(row.getByRole("link", { name: `Participants CSV for ${cause}` })).toHaveAttribute(
          "href",
          `/goals/${id}/participants.csv`,
        );
        // JS off: the same server markup, which the JavaScript-on twin at this width checks.
        if (javaScriptEnabled) await checkAxe(page, true);

        // After it ends it is still one click away, under Ended, with its tools.
        await page.goto("/dev/date");
        await page.getByLabel("Today's date").fill(day(30));
        await page.getByRole("button", { name: "Use this date" }).click();
        await expect(page.getByText(`Today is pinned to ${day(30)}`)).toBeVisible();
        await page.goto("/challenges");
        const ended = page.getByRole("region", { name: /^Ended/ }).getByRole("row", { name: new RegExp(cause) });
        await expect(ended.getByRole("link", { name: `Pledges and Mark paid for ${cause}` })).toBeVisible();
        await expect(page.getByRole("region", { name: /^Running/ }).getByText(cause)).toHaveCount(0);
      });
    });
  }
}

test("admins have My challenges too; members do not", async ({ browser }) => {
  const admin = await (await browser.newContext()).newPage();
  await signInNew(admin, { type: "admin" });
  await admin.locator("summary.profile-menu__button").click();
  await expect(admin.getByRole("link", { name: "My challenges" })).toBeVisible();
  const member = await (await browser.newContext()).newPage();
  await signInNew(member);
  await member.locator("summary.profile-menu__button").click();
  await expect(member.getByRole("link", { name: "My challenges" })).toHaveCount(0);
  expect((await member.goto("/challenges"))?.status()).toBe(403);
  await admin.context().close();
  await member.context().close();
});

test("an org's /challenges hears its own challenges (never refused) and moves when a member joins", async ({
  browser,
}) => {
  const org = await (await browser.newContext()).newPage();
  await createUser(org.request, { type: "org" });
  const cause = `Live challenge ${Date.now()}`;
  // (The landing itself is checked at 390 and 1280, JavaScript on and off, above.)
  const id = await createChallenge(org, cause, { inView: false });
  const refused: string[] = [];
  org.on("response", (r) => {
    if (new URL(r.url()).pathname === "/events" && r.status() >= 400) refused.push(`${r.status()} ${r.url()}`);
  });
  const stream = org.waitForResponse((r) => new URL(r.url()).pathname === "/events");
  await org.goto("/challenges");
  expect((await stream).status()).toBe(200);
  await expect(org.locator("html")).toHaveAttribute("data-live", "connected");
  const row = org.getByRole("region", { name: /^Running/ }).getByRole("row", { name: new RegExp(cause) });
  await expect(row.getByRole("cell").nth(1)).toHaveText("0");
  // A member joins on their own phone: the org's table counts them without a reload (ADR 255).
  const member = await (await browser.newContext()).newPage();
  await signInNew(member);
  await member.goto(`/join/${id}`);
  await member.getByRole("button", { name: "Join goal" }).click();
  await expect(member).toHaveURL(new RegExp(`/active/${id}`));
  await expect(row.getByRole("cell").nth(1)).toHaveText("1");
  expect(refused).toEqual([]);
  await org.context().close();
  await member.context().close();
});
