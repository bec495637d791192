#!/usr/bin/env node
/**
 * `npm run dev`: one command from a fresh clone to a running app with demo data.
 * Creates .dev.vars from the example, builds, applies migrations to the local D1, seeds, and starts
 * `wrangler dev` (Remix rebuilds on change via `remix watch`).
 */
import { spawn, execFileSync } from "node:child_process";
import { copyFileSync, existsSync } from "node:fs";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, quietEnv, seed } from "./seed.mjs";
import { wranglerDevArgs } from "./wrangler-dev.mjs";

const port = process.env.PORT || "8787";
const env = quietEnv();
const run = (cmd, args) => execFileSync(cmd, args, { stdio: "inherit", env });

if (!existsSync(".dev.vars")) {
  copyFileSync(".dev.vars.example", ".dev.vars");
  console.log("Created .dev.vars from .dev.vars.example");
}
run("npx", ["remix", "build"]);
run("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local"]);
if (!process.argv.includes("--no-seed")) await seed();

const children = [
  spawn("npx", ["remix", "watch"], { stdio: ["ignore", "ignore", "inherit"], env }),
  spawn("npx", wranglerDevArgs({ port }), { stdio: "inherit", env }),
];
const stop = () => children.forEach((c) => c.kill("SIGTERM"));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);

// Print the welcome once the server answers.
const url = `http://localhost:${port}`;
for (let i = 0; i < 120; i++) {
  try {
    const res = await fetch(url + "/signin");
    if (res.ok) break;
  } catch {
    // not up yet
  }
  await new Promise((r) => setTimeout(r, 500));
}
console.log(`\n  Goals with Friends is running at ${url}\n`);
console.log(`  Demo accounts (password for all: ${DEMO_PASSWORD}):`);
for (const a of DEMO_ACCOUNTS) console.log(`    ${a.type.padEnd(6)} ${a.email}`);
console.log(`\n  Dev tools: ${url}/dev/date and ${url}/dev/mail\n`);
