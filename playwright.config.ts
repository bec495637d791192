import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";

const port = Number(process.env.E2E_PORT || 8790);
// Playwright cannot download browsers here: use Debian's chromium when it is installed.
const executablePath = existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined;

export default defineConfig({
  testDir: "tests/e2e",
  // CI shares 2 cores with workerd and Chromium: give slow steps room rather than flake.
  timeout: process.env.CI ? 60_000 : 30_000,
  expect: { timeout: 5_000 },
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  // One retry in CI; a test that needed it is reported as flaky in the output, not hidden.
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? "list" : [["list"]],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: "retain-on-failure",
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
    { name: "chromium", use: { ...devices["Desktop Chrome"] }, testIgnore: /settings\// },
    // Tests that change site-wide settings (early access) run alone, after everything else, and one at
    // a time: they all change the same settings row.
    {
      name: "settings",
      use: { ...devices["Desktop Chrome"] },
      testMatch: /settings\/.*\.spec\.ts/,
      dependencies: ["chromium"],
      workers: 1,
    },
  ],
  webServer: {
    command: "node scripts/e2e-server.mjs",
    url: `http://localhost:${port}/signin`,
    timeout: 90_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
  },
});
