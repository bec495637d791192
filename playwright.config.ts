import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";

const port = Number(process.env.E2E_PORT || 8790);
const inspectorPort = Number(process.env.E2E_INSPECTOR_PORT || 9330);
// The settings project has a server of its own (tests/e2e/support.ts settingsPort()), so its site-wide
// changes never reach the other tests and it runs beside them instead of after them.
const settingsPort = port + 1;
// Playwright cannot download browsers here: use Debian's. Its old headless shell (the build Playwright
// itself uses for headless runs) costs about a third less wall time than the full browser (ADR 206);
// the full chromium is the fallback.
const executablePath = ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((path) => existsSync(path));

export default defineConfig({
  testDir: "tests/e2e",
  // CI shares 2 cores with workerd and Chromium: give slow steps room rather than flake.
  timeout: process.env.CI ? 60_000 : 30_000,
  expect: { timeout: process.env.CI ? 10_000 : 5_000 },
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  // One retry in CI; a test that needed it is reported as flaky in the output, not hidden.
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? "list" : [["list"]],
  use: {
    baseURL: `http://localhost:${port}`,
    // CI records a trace only for the retry of a failed test: tracing every test costs ~10% of the run's CPU.
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    launchOptions: {
      executablePath,
      args: [
        "--no-sandbox",
        "--headless",
        "--disable-gpu",
        "--disable-quic",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [
    // Tests that change site-wide settings (early access) run on their own server, beside the others,
    // and one at a time: they all change the same settings row. So do the live tests that count a page's
    // reloads exactly or restart every site-wide hub shard (settings/live-*.spec.ts). Listed first so
    // that their one-at-a-time chain starts with the run instead of trailing after everything else.
    {
      name: "settings",
      use: { ...devices["Desktop Chrome"], baseURL: `http://localhost:${settingsPort}` },
      testMatch: /settings\/.*\.spec\.ts/,
      workers: 1,
    },
    { name: "chromium", use: { ...devices["Desktop Chrome"] }, testIgnore: /settings\// },
  ],
  webServer: [port, settingsPort].map((p, i) => ({
    command: "node scripts/e2e-server.mjs",
    env: { E2E_PORT: String(p), E2E_INSPECTOR_PORT: String(inspectorPort + i) },
    url: `http://localhost:${p}/signin`,
    // A server starts in 70-85 s on the shared two-core machine under load; leave it room.
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: "ignore" as const,
    stderr: "pipe" as const,
  })),
});
