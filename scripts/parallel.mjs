#!/usr/bin/env node
/**
 * Runs npm scripts at the same time and fails if any fails: `node scripts/parallel.mjs typecheck lint`.
 * `npm test` uses it for the checks that only read the code (tsc and eslint are each mostly one core).
 * Each script's output is printed whole when it ends, so two scripts' lines never interleave.
 */
import { spawn } from "node:child_process";

const scripts = process.argv.slice(2);
const results = await Promise.all(
  scripts.map(
    (script) =>
      new Promise((resolve) => {
        const child = spawn("npm", ["run", "--silent", script], { stdio: ["ignore", "pipe", "pipe"] });
        let output = "";
        child.stdout.on("data", (chunk) => (output += chunk));
        child.stderr.on("data", (chunk) => (output += chunk));
        child.on("close", (code) => {
          process.stdout.write(`> npm run ${script}: ${code === 0 ? "passed" : `failed (${code})`}\n${output}`);
          resolve(code ?? 1);
        });
      }),
  ),
);
process.exit(results.some((code) => code !== 0) ? 1 : 0);
