#!/usr/bin/env node
/**
 * The server Playwright starts: a fresh local D1/R2/DO state in a temp dir (so runs never depend on
 * each other or on a developer's data), the real migrations, the demo seed, then `wrangler dev`.
 */
import { spawn } from "node:child_process";
import { freshState } from "./fresh-state.mjs";
import { quietEnv } from "./seed.mjs";
import { wranglerDevArgs } from "./wrangler-dev.mjs";

const port = process.env.E2E_PORT || "8790";
const inspectorPort = process.env.E2E_INSPECTOR_PORT || "9330";
// Migrated and seeded once per run; each server starts from its own copy (scripts/fresh-state.mjs).
const persistTo = await freshState({ prefix: "gwf-e2e-" });
const env = quietEnv();

const vars = {
  ENVIRONMENT: "development",
  SESSION_SECRET: "e2e-session-secret",
  HONEYPOT_SEED: "e2e-honeypot-seed",
  APP_URL: `http://localhost:${port}`,
  // Web Push (ADR 281): the development pair of .dev.vars.example.
  VAPID_PUBLIC_KEY: "BOAqG382-4iEtGXVC3Ce-WJS1Q-SjUyDeS-ZYy_M9D2uLYrnR7eSaAo4KbeQqbIc9UmJrrmTv_sD5ozAfKRwn98",
  VAPID_PRIVATE_KEY: "iAclYCtC6MOoOQlSSlE1N8YixmHMy3Rg2JbeOCEFAnQ",
  VAPID_SUBJECT: "mailto:dev@example.com",
};
const child = spawn("npx", wranglerDevArgs({ port, inspectorPort, persistTo, vars }), {
  stdio: "inherit",
  env,
  detached: false,
});
const stop = () => child.kill("SIGTERM");
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
child.on("exit", (code) => process.exit(code ?? 0));
