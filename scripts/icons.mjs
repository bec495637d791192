/**
 * Draws the app's install icons (public/icon-*.png, public/apple-touch-icon.png) from the same mark as
 * public/favicon.svg, in the local Chromium. Run it after changing the mark: `node scripts/icons.mjs`.
 * The maskable icon keeps the mark inside the central 80% circle every launcher mask leaves visible
 * (ADR 225); the others are the round mark on the brand colour's square.
 */
import { existsSync, readFileSync } from "node:fs";
import { chromium } from "@playwright/test";

const BRAND = "#0f766e";
const mark = readFileSync(new URL("../public/favicon.svg", import.meta.url), "utf8");
const executablePath = ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((p) => existsSync(p));

/** `scale`: the mark's share of the square; `round`: a transparent square with the round mark only. */
const icons = [
  { file: "icon-192.png", size: 192, scale: 1, round: true },
  { file: "icon-512.png", size: 512, scale: 1, round: true },
  { file: "icon-maskable-512.png", size: 512, scale: 0.7, round: false },
  // iOS puts its own rounded corners on a full square and shows transparency as black.
  { file: "apple-touch-icon.png", size: 180, scale: 0.86, round: false },
];

const browser = await chromium.launch({ executablePath, args: ["--no-sandbox", "--headless"] });
const page = await browser.newPage();
for (const icon of icons) {
  await page.setViewportSize({ width: icon.size, height: icon.size });
  const inner = Math.round(icon.size * icon.scale);
  await page.setContent(
    `<!doctype html><style>html,body{margin:0;width:100%;height:100%;background:${icon.round ? "transparent" : BRAND}}` +
      `body{display:grid;place-items:center}svg{width:${inner}px;height:${inner}px;display:block}</style>${mark}`,
  );
  await page.screenshot({
    path: new URL(`../public/${icon.file}`, import.meta.url).pathname,
    omitBackground: icon.round,
  });
}
await browser.close();
