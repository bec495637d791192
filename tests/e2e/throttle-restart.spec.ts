/**
 * Sign-in throttling survives a restart of the app (docs/security.md V2): the lock is a D1 row,
 * not isolate memory. This spec runs its own `wrangler dev` on its own fresh state (not Playwright's
 * shared server), locks an address, stops that server's whole process group, starts a new one on the
 * same persisted state and finds the address still locked.
 *
 * Ports: E2E_RESTART_PORT / E2E_RESTART_INSPECTOR_PORT, else E2E_PORT + 30 / E2E_INSPECTOR_PORT + 30
 * (8841/9441 beside 8811/9411), so engineers running `npm test` side by side do not collide.
 */
import { expect, test } from "@playwright/test";
import { rmSync } from "node:fs";
import { renderedFields } from "../../bench/lib/app.mjs";
import { startWrangler } from "../../bench/lib/server.mjs";
import { freshState } from "../../scripts/fresh-state.mjs";
import { DEMO, DEMO_PASSWORD } from "./support";

const ROOT = new URL("../..", import.meta.url).pathname;
const port = Number(process.env.E2E_RESTART_PORT || Number(process.env.E2E_PORT || 8790) + 30);
const inspectorPort = Number(
  process.env.E2E_RESTART_INSPECTOR_PORT || Number(process.env.E2E_INSPECTOR_PORT || 9330) + 30,
);
const TOO_MANY = "Too Many Requests Try Again Later";

/** A fresh local D1 with the real migrations and the demo seed, as scripts/e2e-server.mjs makes. */
function restartState() {
  return freshState({ cwd: ROOT, prefix: "gwf-restart-" });
}

/** `wrangler dev` (the command people run, inspector and all) in its own process group. */
function startApp(persistTo: string) {
  return startWrangler({
    name: "restart",
    cwd: ROOT,
    port,
    inspectorPort,
    persistTo,
    inspector: true,
    readyPath: "/signin",
    // The machine may be busy with the rest of `npm test`: wait rather than flake.
    readyTimeoutMs: 120_000,
    vars: {
      ENVIRONMENT: "development",
      SESSION_SECRET: "restart-session-secret",
      HONEYPOT_SEED: "restart-honeypot-seed",
      APP_URL: `http://127.0.0.1:${port}`,
    },
  });
}

/** One sign-in the way the browser posts it (with the honeypot fields the page rendered). */
async function signIn(url: string, email: string, password: string) {
  const rendered = await renderedFields(url);
  const response = await fetch(`${url}/signin`, {
    method: "POST",
    redirect: "manual",
    body: new URLSearchParams({ ...rendered, email, password }),
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: url },
  });
  const html = await response.text();
  return {
    status: response.status,
    location: response.headers.get("location"),
    cookie: response.headers.get("set-cookie"),
    html,
  };
}

/** How many of the form's fields show a message. */
const onFields = (html: string, message: string) => html.split(`role="alert">${message}<`).length - 1;

async function refusesConnections(url: string) {
  try {
    await fetch(`${url}/signin`, { signal: AbortSignal.timeout(5_000) });
    return false;
  } catch {
    return true;
  }
}

test("a locked address stays locked after the app restarts, even with the right password", async () => {
  test.setTimeout(300_000);
  const persistTo = await restartState();
  const email = DEMO.member;
  let server = await startApp(persistTo);
  try {
    // The account and password are good: it signs in.
    const ok = await signIn(server.url, email, DEMO_PASSWORD);
    expect(ok.status).toBe(302);
    expect(ok.location).toBe("/main");

    // 10 wrong passwords within 15 minutes lock the address (app/features/auth/auth.server.ts).
    for (let i = 1; i <= 9; i++) {
      const wrong = await signIn(server.url, email, `wrong-password-${i}`);
      expect(wrong.status, `failure ${i}`).toBe(400);
    }
    const tenth = await signIn(server.url, email, "wrong-password-10");
    expect(tenth.status).toBe(429);
    // Told once, for both fields (ADR 264).
    expect(onFields(tenth.html, TOO_MANY)).toBe(1);

    // Stop the app completely: every process of its group, before anything else starts.
    const first = server;
    await first.stop();
    expect(first.alive()).toBe(false);
    expect(await refusesConnections(first.url)).toBe(true);

    // A new app on the same persisted state: the lock is still there.
    server = await startApp(persistTo);
    const locked = await signIn(server.url, email, DEMO_PASSWORD);
    expect(locked.status).toBe(429);
    expect(locked.cookie).toBeNull();
    expect(onFields(locked.html, TOO_MANY)).toBe(1);
    expect(locked.html).toMatch(new RegExp(`id="signin-email-error"[^>]*>${TOO_MANY}<`));
    expect(locked.html).toMatch(/<input[^>]*id="signin-password"[^>]*aria-describedby="signin-email-error"/);
  } finally {
    await server.stop();
    rmSync(persistTo, { recursive: true, force: true });
  }
});
