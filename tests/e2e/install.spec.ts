/**
 * The app installs (ADR 225): the manifest is served as application/manifest+json with what an install
 * needs, its icons are real PNGs of the sizes it claims, every page links it with the iOS head tags, and
 * Chromium itself reports no installability error for /main. The tags pass the Nu checker in
 * valid-html.spec.ts, which checks every page.
 */
import { expect, test } from "./fixtures";

test("the manifest names the app, starts at /main standalone and lists real 192, 512 and maskable icons", async ({
  request,
}) => {
  const response = await request.get("/manifest.webmanifest");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^application\/manifest\+json/);
  const manifest = await response.json();
  expect(manifest).toMatchObject({
    name: "Goals with Friends",
    short_name: "Goals",
    start_url: "/main",
    display: "standalone",
    theme_color: "#0f766e",
  });
  const icons = manifest.icons as { src: string; sizes: string; type: string; purpose: string }[];
  expect(icons.map((i) => `${i.sizes} ${i.purpose}`).sort()).toEqual([
    "192x192 any",
    "512x512 any",
    "512x512 maskable",
  ]);
  for (const icon of icons) {
    const png = await request.get(icon.src);
    expect(png.headers()["content-type"], icon.src).toBe("image/png");
    const bytes = await png.body();
    // The PNG signature, then the IHDR chunk's width and height.
    expect(bytes.subarray(1, 4).toString("latin1"), icon.src).toBe("PNG");
    const [w, h] = icon.sizes.split("x").map(Number);
    expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)], icon.src).toEqual([w, h]);
  }
});

test("every page links the manifest, the theme colour and the iOS icon and title; Chromium finds nothing missing", async ({
  page,
  user,
}) => {
  expect(user.id).toBeTruthy();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/main");
  const head = page.locator("head");
  await expect(head.locator('link[rel="manifest"]')).toHaveAttribute("href", "/manifest.webmanifest");
  await expect(head.locator('meta[name="theme-color"]')).toHaveAttribute("content", "#0f766e");
  await expect(head.locator('link[rel="apple-touch-icon"]')).toHaveAttribute("href", "/apple-touch-icon.png");
  await expect(head.locator('meta[name="apple-mobile-web-app-title"]')).toHaveAttribute("content", "Goals");
  const touch = await page.request.get("/apple-touch-icon.png");
  expect(touch.headers()["content-type"]).toBe("image/png");
  // Chromium's own installability check (what its install prompt and Lighthouse rely on).
  const cdp = await page.context().newCDPSession(page);
  const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
  expect(installabilityErrors).toEqual([]);
});
