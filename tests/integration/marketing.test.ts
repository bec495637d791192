import { describe, expect, it } from "vitest";
import { get } from "../support/http";
import { signedInUser } from "../support/factories";

const TILES = ["Goals", "Friends", "Community", "Charities", "Support", "Discussion"];

describe("marketing page", () => {
  it("shows every section SPEC lists, with no script, and public cache headers", async () => {
    const response = await get("/marketing");
    expect(response.status).toBe(200);
    const cacheControl = response.headers.get("Cache-Control")!;
    expect(cacheControl).toMatch(/public/);
    expect(cacheControl).toMatch(/max-age=\d+/);
    expect(cacheControl).toMatch(/s-maxage=\d+/);
    expect(response.headers.get("Vary")).toMatch(/Cookie/i);
    const html = await response.text();
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/modulepreload/);
    for (const text of [
      "Tracking",
      "Fundraising",
      "Sign Up",
      "Sign In",
      "GET STARTED",
      "Social Goal Tracking",
      "Created by",
      ...TILES,
    ]) {
      expect(html, text).toContain(text);
    }
    expect(html).toContain('href="#tracking"');
    expect(html).toContain('href="#fundraising"');
    expect(html).toContain('id="tracking"');
    expect(html).toContain('id="fundraising"');
    expect(html).toMatch(/<blockquote>/);
    expect(html.match(/class="mk-tile"/g)).toHaveLength(6);
    expect(html.match(/class="mk-tile__icon"/g)).toHaveLength(6);
  });

  it("answers a repeat visit from the Workers cache, whatever the query string", async () => {
    const first = await get("/");
    expect(first.status).toBe(200);
    await first.text();
    let repeat = await get("/?utm_source=newsletter");
    for (let i = 0; i < 20 && repeat.headers.get("x-cache") !== "HIT"; i++) {
      // The first copy is stored after the response (waitUntil); give it a moment.
      await repeat.text();
      await new Promise((r) => setTimeout(r, 25));
      repeat = await get("/?utm_source=newsletter");
    }
    expect(repeat.headers.get("x-cache")).toBe("HIT");
    expect(repeat.headers.get("Cache-Control")).toMatch(/s-maxage/);
    expect(await repeat.text()).toContain("Social Goal Tracking");
  });

  it("serves the whole page, with its headers, on every repeat visit", async () => {
    const first = await get("/marketing");
    const page = await first.text();
    const repeats = [];
    for (let i = 0; i < 30 && repeats.length < 3; i++) {
      const repeat = await get("/marketing");
      if (repeat.headers.get("x-cache") === "HIT") repeats.push(repeat);
      else await repeat.text();
      await new Promise((r) => setTimeout(r, 10));
    }
    expect(repeats).toHaveLength(3);
    for (const repeat of repeats) {
      expect(repeat.status).toBe(200);
      expect(repeat.headers.get("Content-Type")).toMatch(/text\/html/);
      expect(repeat.headers.get("Cache-Control")).toBe(first.headers.get("Cache-Control"));
      expect(repeat.headers.get("Content-Security-Policy")).toBeTruthy();
      expect(repeat.headers.get("Vary")).toMatch(/Cookie/i);
      expect(await repeat.text()).toBe(page);
    }
  });

  it("a copy from memory names no other visitor's request: a hit carries no request id", async () => {
    // A render has its own id, in its header and its log line (ADR 121)...
    expect((await get("/signin")).headers.get("X-Request-Id")).toBeTruthy();
    await (await get("/marketing")).text();
    const repeats = [];
    for (let i = 0; i < 30 && repeats.length < 2; i++) {
      const repeat = await get("/marketing");
      await repeat.text();
      if (repeat.headers.get("x-cache") === "HIT") repeats.push(repeat);
      else await new Promise((r) => setTimeout(r, 10));
    }
    expect(repeats).toHaveLength(2);
    // ...a copy replayed from memory is logged nowhere: it must not repeat the id of the render that stored it.
    for (const repeat of repeats) expect(repeat.headers.get("X-Request-Id")).toBeNull();
  });

  it("has no script, so no nonce: its CSP forbids every script, and the stored copy is the same for everyone", async () => {
    const first = await get("/marketing");
    await first.text();
    const csp = first.headers.get("Content-Security-Policy")!;
    expect(csp.split("; ").filter((d) => d.startsWith("script-src"))).toEqual([
      "script-src 'none'",
      "script-src-attr 'none'",
    ]);
    expect(csp).not.toContain("nonce-");
    let hits = 0;
    for (let i = 0; i < 30 && hits < 2; i++) {
      const repeat = await get("/marketing");
      await repeat.text();
      expect(repeat.headers.get("Content-Security-Policy")).toBe(csp);
      if (repeat.headers.get("x-cache") === "HIT") hits++;
      else await new Promise((r) => setTimeout(r, 10));
    }
    expect(hits).toBe(2);
    // Pages with scripts keep a fresh nonce per request (tests/integration/security.test.ts).
    expect((await get("/signin")).headers.get("Content-Security-Policy")).toMatch(/script-src 'self' 'nonce-/);
  });

  it("never serves the cached copy to a signed-in user, and never caches theirs", async () => {
    // Warm the cache as a visitor.
    await (await get("/marketing")).text();
    await (await get("/")).text();
    const { cookie } = await signedInUser({ first: "Priya" });

    const home = await get("/", cookie);
    expect(home.status).toBe(302);
    expect(home.headers.get("Location")).toBe("/main");
    expect(home.headers.get("Cache-Control")).toMatch(/no-store/);

    const marketing = await get("/marketing", cookie);
    expect(marketing.status).toBe(200);
    expect(marketing.headers.get("x-cache")).toBeNull();
    expect(marketing.headers.get("Cache-Control")).toMatch(/private/);
    expect(await marketing.text()).toContain("Priya");

    const anonymous = await get("/marketing");
    expect(await anonymous.text()).not.toContain("Priya");
  });
});

describe("page not found", () => {
  it("answers unknown routes and /404 with SPEC's screen, a 404 and its own title", async () => {
    for (const path of ["/no-such-page", "/a/b/c", "/404"]) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      const html = await response.text();
      expect(html).toContain(">404</h1>");
      expect(html).toContain("Page not found");
      expect(html).toContain("Back to the main page or contact support.");
      expect(html).toContain('href="/main"');
      expect(html).toContain("<title>Page not found</title>");
    }
  });
});

describe("meta and social tags", () => {
  const screens: [string, string][] = [
    ["/", "Goals with Friends: achieve goals with friends"],
    ["/marketing", "Goals with Friends: achieve goals with friends"],
    ["/signup", "Sign Up"],
    ["/tester", "Sign Up"],
    ["/signin", "Sign In"],
    ["/passwordreset", "Password Reset"],
    ["/404", "Page not found"],
  ];
  it.each(screens)("%s has a title, a description and preview tags", async (path, title) => {
    const html = await (await get(path)).text();
    expect(html).toContain(`<title>${title}</title>`);
    expect(html).toMatch(/<meta name="description" content="[^"]{40,}"/);
    expect(html).toContain(`<meta property="og:title" content="${title}"/>`);
    expect(html).toMatch(/<meta property="og:description" content="[^"]+"/);
    expect(html).toMatch(/<meta property="og:image" content="http[^"]+\/social-card.png"/);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image"/>');
  });
});
