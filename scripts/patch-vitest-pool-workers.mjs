#!/usr/bin/env node
/**
 * Fixes the cost of a SELF.fetch growing with every request a test file has sent (ADR 147).
 *
 * @cloudflare/vitest-pool-workers wraps the prototype of its entrypoint and Durable Object wrapper
 * classes in a Proxy in their constructor, that is once per request: after n requests a property read
 * on the wrapper walks n nested Proxies, so request n costs O(n) and a file of n requests O(n^2) (ADR
 * 203 measured the symptom). Wrapping once gives the same reads (every layer forwards to the one below
 * with the same receiver) at a flat cost. Still present in the newest release at the time of writing.
 *
 * Run by `postinstall` (so by `npm ci`) and by vitest.config.ts (so an install made before this script
 * existed is fixed on the next test run). Idempotent. Fails loudly when the code it replaces is gone
 * (an upgrade changed it): then check whether the growth is fixed upstream and drop this script.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const FILE = fileURLToPath(
  new URL(
    "../node_modules/@cloudflare/vitest-pool-workers/dist/worker/lib/cloudflare/test-internal.mjs",
    import.meta.url,
  ),
);
const BEFORE = `\tfunction Class(...args) {
\t\tClass.prototype = new Proxy(Class.prototype, { get(target, key, receiver) {`;
const AFTER = `\tlet proxied = false; // patched by scripts/patch-vitest-pool-workers.mjs (ADR 147)
\tfunction Class(...args) {
\t\tif (!proxied) proxied = true, Class.prototype = new Proxy(Class.prototype, { get(target, key, receiver) {`;

/** Applies the fix when needed; returns what it did. */
export function patchVitestPoolWorkers() {
  // An install without dev dependencies has no test pool to fix.
  if (!existsSync(FILE)) return "not installed";
  const source = readFileSync(FILE, "utf8");
  if (source.includes(AFTER)) return "already patched";
  const count = source.split(BEFORE).length - 1;
  if (count !== 1)
    throw new Error(
      `${FILE}: expected the per-construction Proxy of createProxyPrototypeClass once, found it ${count} times; see ADR 147`,
    );
  // Written aside and renamed: a test run in another terminal never reads half a file.
  writeFileSync(`${FILE}.tmp`, source.replace(BEFORE, AFTER));
  renameSync(`${FILE}.tmp`, FILE);
  return "patched";
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(`@cloudflare/vitest-pool-workers: ${patchVitestPoolWorkers()}`);
}
