/**
 * Lighthouse alone (`npm run bench:lighthouse [runs]`): the production build over the bench's seeded
 * state, the public pages and the member's screens signed in, three runs each (Lighthouse's simulated
 * throttling moves a few points between runs), printing each run and the median performance.
 */
import { ROOT, buildProduction, startApp } from "../lib/app.mjs";
import { lighthouseRows, runLighthouse } from "./index.mjs";

const runs = Number(process.argv[2] ?? 3);
buildProduction();
const app = await startApp();
try {
  const all = [];
  for (let i = 0; i < runs; i++) all.push(await runLighthouse(ROOT, app));
  for (const [i, results] of all.entries()) {
    console.log(`\nRun ${i + 1} of ${runs}`);
    const rows = lighthouseRows(results);
    const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => String(r[c]).length)));
    for (const r of rows) console.log("  " + r.map((v, c) => String(v).padEnd(widths[c])).join("  "));
    for (const l of results) for (const f of l.failing ?? []) console.log(`  ${l.path} loses points on ${f}`);
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  console.log("\nMedian of the runs (performance, TBT ms):");
  for (const [p, { path }] of all[0].entries()) {
    const ok = all.map((r) => r[p]).filter((l) => !l.error);
    if (ok.length)
      console.log(`  ${path}: ${median(ok.map((l) => l.scores.performance))}, ${median(ok.map((l) => l.tbtMs))}`);
  }
} finally {
  await app.server.stop();
}
