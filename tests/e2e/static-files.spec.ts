/**
 * Pages go to the Worker first, static files to the assets layer (wrangler.toml `run_worker_first`,
 * ADR 056). Every file in public/ must be in that list's exclusions, or the Worker would answer its
 * URL with the not-found page: this walks public/ and fetches each one.
 */
import { readdirSync } from "node:fs";
import { expect, test } from "@playwright/test";

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
