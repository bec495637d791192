/**
 * Production refuses to run with unusable secrets (ADR 110): this spec starts its own wrangler dev with
 * ENVIRONMENT=production and secrets that are short or the .dev.vars.example value, and finds every
 * page (and every form post) answered by the plain "not configured" 500 page, not the app and not a
 * stack. Static files are served before the worker and stay up.
 *
 * Ports: E2E_PORT + 31 / E2E_INSPECTOR_PORT + 31 (odd: throttle-restart.spec uses + 30, and engineers' E2E_PORTs are 2 apart).
 */
import { expect, test } from "@playwright/test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startWrangler } from "../../bench/lib/server.mjs";

const ROOT = new URL("../..", import.meta.url).pathname;
const port = Number(process.env.E2E_PORT || 8790) + 31;
const inspectorPort = Number(process.env.E2E_INSPECTOR_PORT || 9330) + 31;
const NOT_CONFIGURED =
  "Goals with Friends is not configured yet. If you run this site, the log says which secret to set.";

test("production with a short session secret and the example honeypot seed serves only the not-configured page", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const persistTo = mkdtempSync(join(tmpdir(), "gwf-secrets-"));
  const server = await startWrangler({
    name: "secrets",
    cwd: ROOT,
    port,
    inspectorPort,
    persistTo,
    inspector: true,
    // The app answers 500 by design: wait for a static file instead.
    readyPath: "/favicon.svg",
    readyTimeoutMs: 120_000,
    vars: {
      ENVIRONMENT: "production",
      SESSION_SECRET: "too-short-session-secret",
      HONEYPOT_SEED: "dev-only-honeypot-seed",
      APP_URL: `http://127.0.0.1:${port}`,
    },
  });
  try {
    for (const path of ["/", "/signin", "/main"]) {
      const response = await page.goto(server.url + path);
      expect(response?.status(), path).toBe(500);
      await expect(page.getByRole("heading", { name: "Not configured" })).toBeVisible();
      await expect(page.getByText(NOT_CONFIGURED)).toBeVisible();
      await expect(page.getByText("SESSION_SECRET")).toHaveCount(0);
    }
    const post = await fetch(`${server.url}/signin`, {
      method: "POST",
      body: new URLSearchParams({ email: "member@example.com", password: "password123" }),
      headers: { Origin: server.url },
      redirect: "manual",
    });
    expect(post.status).toBe(500);
    expect(post.headers.get("set-cookie")).toBeNull();
    expect((await fetch(`${server.url}/favicon.svg`)).status).toBe(200);
  } finally {
    await server.stop();
    rmSync(persistTo, { recursive: true, force: true });
  }
});
