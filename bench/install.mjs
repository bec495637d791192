/**
 * The benchmark tools (autocannon, Lighthouse) live in bench/'s own package.json so the app's
 * `npm ci`, and CI, do not install them. This installs them into bench/node_modules on first use,
 * and again whenever bench/package-lock.json changes. `npm run bench` runs it first.
 */
import { execFileSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const BENCH = dirname(fileURLToPath(import.meta.url));
const lock = join(BENCH, "package-lock.json");
const installed = join(BENCH, "node_modules", ".package-lock.json");

if (!existsSync(installed) || statSync(installed).mtimeMs < statSync(lock).mtimeMs) {
  console.log("Installing the benchmark tools into bench/node_modules (once)...");
  execFileSync("npm", ["ci", "--no-audit", "--no-fund"], { cwd: BENCH, stdio: "inherit" });
}
