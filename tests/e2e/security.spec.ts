/**
 * The Content-Security-Policy in a real browser: Remix's own scripts run (they carry the nonce), the
 * pages hydrate, nothing is reported as a CSP violation, and a script or inline handler that an
 * attacker managed to inject would not run.
 */
import { expect, test, type Page } from "@playwright/test";
import { signInNew } from "./fixtures";

/** Records console errors/warnings and CSP violation events for the page's lifetime. */
async function watch(page: Page) {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning")
      problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      (window as any).__cspViolations = [
        ...((window as any).__cspViolations ?? []),
        `${event.violatedDirective} ${event.blockedURI}`,
      ];
    });
  });
  return problems;
}

const violations = (page: Page) => page.evaluate(() => ((window as any).__cspViolations ?? []) as string[]);

test("documents carry a nonce CSP and Remix's scripts run under it without violations", async ({ page }) => {
  const problems = await watch(page);
  for (const path of ["/signin", "/tester", "/404"]) {
    const response = await page.goto(path);
    const csp = response!.headers()["content-security-policy"]!;
    expect(csp, path).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{24}'/);
    expect(csp, path).toContain("frame-ancestors 'none'");
    // Every inline script Remix rendered carries this response's nonce.
    const nonce = csp.match(/'nonce-([^']+)'/)![1];
    const html = await response!.text();
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((m) => m[1]!);
    expect(inline.length, path).toBeGreaterThan(0);
    for (const attributes of inline) expect(attributes, path).toContain(`nonce="${nonce}"`);
    expect(await violations(page), path).toEqual([]);
  }
  // Hydrated: conform checks the form in the browser without a request, which needs the client bundle.
  await page.goto("/signin");
  let posted = false;
  page.on("request", (request) => void (request.method() === "POST" && (posted = true)));
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByText("Must have a value").first()).toBeVisible();
  expect(posted).toBe(false);
  expect(await violations(page)).toEqual([]);
  // The /404 document itself answers 404, which the console reports as a failed load.
  expect(problems.filter((p) => !/status of 404/.test(p))).toEqual([]);
});

test("the marketing page ships no script and allows none, from the cache too, without violations", async ({ page }) => {
  const problems = await watch(page);
  let hit = false;
  // A new query string each time: the browser's own cache keys on it, the server's page cache does not.
  for (let i = 0; i < 10 && !hit; i++) {
    const response = await page.goto(`/marketing?visit=${i}`);
    const csp = response!.headers()["content-security-policy"]!;
    expect(csp).toContain("script-src 'none'");
    expect(csp).not.toContain("nonce-");
    expect(await page.locator("script").count()).toBe(0);
    await expect(page.getByRole("link", { name: "GET STARTED" }).first()).toBeVisible();
    expect(await violations(page)).toEqual([]);
    hit = response!.headers()["x-cache"] === "HIT";
  }
  expect(hit).toBe(true);
  expect(problems).toEqual([]);
});

test("signed-in screens and client-side navigation raise no CSP violations", async ({ page }) => {
  const problems = await watch(page);
  await signInNew(page, { first: "Csp" });
  await page.goto("/main");
  // Client-side navigations: data requests and lazily loaded route modules.
  await page.locator("summary.profile-menu__button").click();
  await page.getByRole("link", { name: "Progress Bar" }).click();
  await expect(page).toHaveURL(/\/bar$/);
  await page.getByRole("banner").getByRole("link", { name: "Home", exact: true }).click();
  await expect(page).toHaveURL(/\/main$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/bar$/);
  expect(await violations(page)).toEqual([]);
  expect(problems).toEqual([]);
});

test("an injected script or inline event handler does not run", async ({ page }) => {
  await watch(page);
  await page.goto("/signin");
  const ran = await page.evaluate(async () => {
    (window as any).__pwned = false;
    const script = document.createElement("script");
    script.textContent = "window.__pwned = true";
    document.body.appendChild(script);
    const img = document.createElement("img");
    img.setAttribute("src", "data:image/gif;base64,R0lGODlhAQABAAAAACw=");
    img.setAttribute("onload", "window.__pwned = true");
    document.body.appendChild(img);
    await new Promise((resolve) => setTimeout(resolve, 200));
    return (window as any).__pwned;
  });
  expect(ran).toBe(false);
  const blocked = await violations(page);
  expect(blocked.some((v) => v.startsWith("script-src-elem"))).toBe(true);
  expect(blocked.some((v) => v.startsWith("script-src-attr"))).toBe(true);
});

test("static files and redirects carry the security headers too", async ({ request }) => {
  for (const path of ["/favicon.svg", "/robots.txt", "/main"]) {
    const response = await request.get(path, { maxRedirects: 0 });
    const headers = response.headers();
    expect(headers["x-content-type-options"], path).toBe("nosniff");
    expect(headers["content-security-policy"], path).toContain("frame-ancestors 'none'");
    expect(headers["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
    expect(headers["permissions-policy"], path).toContain("camera=()");
    // Development: no HSTS (it would pin localhost to https).
    expect(headers["strict-transport-security"], path).toBeUndefined();
  }
});

test("a form posted from another site is refused with a 403 and no account is made", async ({ page, request }) => {
  const email = `csrf-${Date.now()}@example.com`;
  const response = await request.post("/tester", {
    form: { first: "Eve", last: "Cross", email, password: "password123" },
    headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(403);
  await page.goto("/signin");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("password123");
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByText("Email Address Not Found")).toBeVisible();
});
