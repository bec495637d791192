/**
 * Parse time of GPX files (ADR 260): the app's own reader (fast-xml-parser, then the track summed on
 * the ellipsoid) on files of 0.5 to 10 MB made by the tests' generator, CPU time per file (median of 3).
 * Runs in Node: its V8 is the engine workerd runs, and workerd's clock stands still during CPU work, so
 * the Worker cannot time this itself. Target: 50 ms; the Worker reads at most MAX_SERVER_FILE_BYTES
 * (larger files are read in the browser).
 *
 *   npx tsx bench/activity/parse.ts
 */
import os from "node:os";
import { gpx, knownRoute } from "../../tests/fixtures/activity-files";
import { readActivityFile } from "../../app/features/activity/read-file";
import { MAX_SERVER_FILE_BYTES } from "../../app/features/activity/activity";

const GOAL_MS = 50;
const cpuMs = (f: () => void) => {
  const start = process.cpuUsage();
  f();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
};

console.log(
  `load ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}, ${os.cpus().length} cores`,
);
console.log("| GPX file | points | CPU ms (median of 3) | ms per MB | <= 50 ms |");
console.log("|---|---|---|---|---|");
for (const megabytes of [0.5, 1, 2, 5, 10]) {
  // The 10 km route is ~0.1 MB of GPX per 1,000 points; scale it to the size wanted.
  const probe = gpx(knownRoute({ scale: 1 })).length;
  const bytes = gpx(knownRoute({ scale: (megabytes * 1024 * 1024) / probe }));
  const times = [0, 1, 2].map(() => cpuMs(() => readActivityFile(bytes, null, Infinity))).sort((a, b) => a - b);
  const mb = bytes.length / 1024 / 1024;
  const median = times[1]!;
  console.log(
    `| ${mb.toFixed(1)} MB${bytes.length <= MAX_SERVER_FILE_BYTES ? " (server reads it)" : ""} | ${Math.round(bytes.length / 105).toLocaleString("en-GB")} | ${median.toFixed(0)} | ${(median / mb).toFixed(0)} | ${median <= GOAL_MS ? "yes" : "no"} |`,
  );
}
