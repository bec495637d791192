/**
 * Pages go to the Worker first, static files to the assets layer (wrangler.toml `run_worker_first`,
 * ADR 056). Every file in public/ must be in that list's exclusions, or the Worker would answer its
 * URL with the not-found page: this walks public/ and fetches each one.
 */
import { readdirSync } from "node:fs";
import { createUser, expect, signInAs, test } from "./fixtures";

const PUBLIC = new URL("../../public/", import.meta.url).pathname;
const TYPES: Record<string, RegExp> = {
  svg: /image\/svg/,
  txt: /text\/plain/,
  png: /image\/png/,
  js: /javascript/,
  css: /text\/css/,
  webmanifest: /^application\/manifest\+json/,
};

test("every static file is served by the assets layer, with its type and the static headers", async ({ request }) => {
  const files = readdirSync(PUBLIC).filter((name) => !name.startsWith("_") && name !== "build");
  const page = await (await request.get("/signin")).text();
  const built = [...page.matchAll(/"(\/build\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!).slice(0, 3);
  expect(built.length).toBeGreaterThan(0);
  for (const path of [...files.map((name) => `/${name}`), ...built]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()["content-type"], path).toMatch(TYPES[path.split(".").pop()!]!);
    // public/_headers' policy, not the Worker's document CSP: proof the assets layer answered.
    // The service worker has a rule of its own there (it fetches pages and data: ADR 226).
    const policy = response.headers()["content-security-policy"];
    expect(policy, path).toContain(
      path === "/sw.js" ? "default-src 'self'; frame-ancestors 'none'" : "default-src 'none'",
    );
    expect(policy, path).not.toContain("nonce-");
    expect(response.headers()["x-cache"], path).toBeUndefined();
  }
});

test("a page next to them still comes from the Worker", async ({ request }) => {
  const response = await request.get("/signin");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-security-policy"]).toContain("script-src 'self' 'nonce-");
});

test("a goal screen's scripts are answered at once, none redirected: a route module's `$` and `[ ]` are percent-encoded in every URL the app names (ADR 302)", async ({
  browser,
}) => {
  // No service worker: every answer here is the assets layer's.
  const context = await browser.newContext({ serviceWorkers: "block" });
  await signInAs(context, await createUser(context.request, { first: "Ada", join: ["goal-challenge"] }));
  const page = await context.newPage();
  const answers: string[] = [];
  page.on("response", (response) => {
    if (new URL(response.url()).pathname.startsWith("/build/"))
      answers.push(`${response.status()} ${new URL(response.url()).pathname}`);
  });
  const html = await (await page.goto("/active/goal-challenge"))!.text();
  await expect(page.getByRole("heading", { name: "Progress", exact: true })).toBeVisible();
  // Its own module (the assets layer answers the raw `$` with a 307 to the %24 form) came first time.
  expect(answers).toContainEqual(expect.stringMatching(/^200 \/build\/routes\/active\.%24id-\w+\.js$/));
  expect(answers.filter((answer) => !answer.startsWith("200 "))).toEqual([]);

  // Every route's URLs, as the browser reads them for a client navigation, and the service worker's precache.
  const manifestUrl = html.match(/\/build\/manifest-\w+\.js/)![0];
  const named = async (path: string) => [
    ...new Set([...(await (await context.request.get(path)).text()).matchAll(/"(\/build\/[^"]+)"/g)].map((m) => m[1]!)),
  ];
  const urls = [...(await named(manifestUrl)), ...(await named("/sw.js"))];
  expect(urls.filter((url) => /[$[\]]/.test(url))).toEqual([]);
  const encoded = [...new Set(urls.filter((url) => url.includes("%")))];
  expect(encoded.length).toBeGreaterThan(10);
  for (const url of encoded) expect((await context.request.get(url, { maxRedirects: 0 })).status(), url).toBe(200);
  await context.close();
});
