#!/usr/bin/env node
/**
 * Two fixes to @cloudflare/vitest-pool-workers' worker code, both "wrap once, not once per use":
 *
 * 1. A SELF.fetch cost more with every request a test file had sent (ADR 147). The pool wraps the
 *    prototype of its entrypoint and Durable Object wrapper classes in a Proxy in their constructor,
 *    that is once per request: after n requests a property read on the wrapper walks n nested Proxies,
 *    so request n costs O(n) and a file of n requests O(n^2) (ADR 203 measured the symptom). Wrapping
 *    once gives the same reads (every layer forwards to the one below with the same receiver).
 * 2. With `isolate: false` (ADR 148) vitest hands the pool a worker's module runner again for every
 *    test file, and the pool wraps the runner's transport once more each time, so imports get slower
 *    file after file. The transport is wrapped once.
 *
 * Both are still in the newest release at the time of writing. Run by `postinstall` (so by `npm ci`)
 * and by vitest.config.ts (so a node_modules installed before this script existed is fixed on the next
 * test run). Idempotent. Fails loudly when the code it replaces is gone (an upgrade changed it): then
 * check whether upstream fixed it and drop that patch, or adapt it.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const DIST = "../node_modules/@cloudflare/vitest-pool-workers/dist/worker/";
const MARK = "patched by scripts/patch-vitest-pool-workers.mjs";

const PATCHES = [
  {
    file: "lib/cloudflare/test-internal.mjs",
    before: `\tfunction Class(...args) {
\t\tClass.prototype = new Proxy(Class.prototype, { get(target, key, receiver) {`,
    after: `\tlet proxied = false; // ${MARK} (ADR 147)
\tfunction Class(...args) {
\t\tif (!proxied) proxied = true, Class.prototype = new Proxy(Class.prototype, { get(target, key, receiver) {`,
  },
  {
    file: "index.mjs",
    before: `\t\t\t\tconst runner = moduleRunner;
\t\t\t\tif (runner.transport?.invoke) {`,
    after: `\t\t\t\tconst runner = moduleRunner;
\t\t\t\tif (runner.transport?.invoke && runner.transport.__wrapped) return; // ${MARK} (ADR 148)
\t\t\t\tif (runner.transport?.invoke) {
\t\t\t\t\trunner.transport.__wrapped = true;`,
  },
];

/** Applies the fixes that are not applied yet; returns what it did. */
export function patchVitestPoolWorkers() {
  const done = [];
  for (const { file, before, after } of PATCHES) {
    const path = fileURLToPath(new URL(DIST + file, import.meta.url));
    // An install without dev dependencies has no test pool to fix.
    if (!existsSync(path)) return "not installed";
    const source = readFileSync(path, "utf8");
    if (source.includes(after)) continue;
    const count = source.split(before).length - 1;
    if (count !== 1) throw new Error(`${path}: expected the code to patch once, found it ${count} times; see ADR 147`);
    // Written aside and renamed: a test run in another terminal never reads half a file.
    writeFileSync(`${path}.tmp`, source.replace(before, after));
    renameSync(`${path}.tmp`, path);
    done.push(file);
  }
  return done.length ? `patched ${done.join(", ")}` : "already patched";
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(`@cloudflare/vitest-pool-workers: ${patchVitestPoolWorkers()}`);
}
