#!/usr/bin/env node
/**
 * Writes each member screen's own D1 statements (bench/ssr/capture) to a JSON file, and keeps the
 * bench's database, so a statement can be timed and explained on its own:
 *   node bench/capture.mjs [--out FILE]   (prints where the state directory is)
 * Uses the bench's ports (BENCH_PORT_BASE). Run under the heavy lock.
 */
import { writeFileSync } from "node:fs";
import { buildProduction, captureStatements, startApp } from "./lib/app.mjs";
import { flag, option } from "./lib/options.mjs";

if (!flag("--no-build")) buildProduction();
const app = await startApp();
try {
  const captured = await captureStatements(app, [
    { key: "main", path: "/main", cookie: app.cookie },
    { key: "active", path: `/active/${app.memberGoalId}`, cookie: app.cookie },
    { key: "measured", path: `/active/${app.measuredGoalId}`, cookie: app.runnerCookie },
  ]);
  const out = option("--out", "bench/results/captured.json");
  writeFileSync(out, JSON.stringify(captured, null, 1) + "\n");
  console.log(`statements: ${out}; the bench's state (D1 under v3/d1): ${app.persistTo}`);
} finally {
  await app.server.stop();
}
