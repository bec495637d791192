#!/usr/bin/env node
/**
 * Bundles the card Worker (workers/cards, ADR 272) into build/cards/ exactly as wrangler would upload it,
 * for the integration tests' auxiliary worker (vitest.config.ts), and prints its size (docs/benchmarks.md).
 * `wrangler dev` and deploys bundle it from source themselves.
 */
import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";

const root = new URL("../", import.meta.url).pathname;
rmSync(`${root}build/cards`, { recursive: true, force: true });
const out = execFileSync(
  "npx",
  ["wrangler", "deploy", "--dry-run", "--outdir", `${root}build/cards`, "-c", `${root}workers/cards/wrangler.toml`],
  {
    cwd: root,
    env: { ...process.env, WRANGLER_SEND_METRICS: "false", WRANGLER_SEND_ERROR_REPORTS: "false" },
    stdio: ["ignore", "pipe", "inherit"],
  },
).toString();
const size = out.match(/Total Upload:[^\n]*/)?.[0];
console.log(`card worker: ${size ?? "built"} (build/cards)`);
