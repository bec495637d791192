#!/usr/bin/env node
/**
 * What separates the marketing page (a hit from isolate memory) from its ceiling (docs/benchmarks.md,
 * "Round 3: each page against its own ceiling").
 * The ceiling answers a string of the page's byte count with one header, straight to the Worker; the
 * page answers a stored ArrayBuffer with its ~12 headers, behind the assets layer (wrangler.toml
 * `[assets]`, `run_worker_first`), after the app's own checks. This runs, interleaved round by round
 * on one machine load, each part on its own:
 *   1. the ceiling (bench/ssr/parts `/ceiling`, the same answer as bench/ssr/hello's `?bytes=N`);
 *   2. the replay: the page's bytes from a stored ArrayBuffer with the page's own headers (`/replay`);
 *   3. and 4. the same two behind the app's assets layer (the app's public/ and its [assets] settings);
 *   5. the app's `/` from memory.
 * 4 against 5 is the app's own JavaScript; 1 against 3 the assets layer; 3 against 4 the headers.
 *   node bench/marketing-parts.mjs [--rounds 5] [--seconds 3] [--connections 10]
 * Ports 8833-8835 (inspector 9433-9435). Not part of `npm run bench`; run under the heavy lock.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os, { tmpdir } from "node:os";
import { join } from "node:path";
import { ROOT, buildProduction, startApp } from "./lib/app.mjs";
import { load, measure, median } from "./lib/load.mjs";
import { startWrangler } from "./lib/server.mjs";
import { option } from "./lib/options.mjs";

const rounds = Number(option("--rounds", 5));
const seconds = Number(option("--seconds", 3));
const connections = Number(option("--connections", 10));
const PARTS = join(ROOT, "bench/ssr/parts");

/** bench/ssr/parts's config with the app's [assets] block (its public/ by absolute path). */
function assetsConfig() {
  const app = readFileSync(join(ROOT, "wrangler.toml"), "utf8");
  const block = app.match(/^\[assets\]\n(?:(?!\[).*\n)*/m)?.[0];
  if (!block) throw new Error("wrangler.toml has no [assets] block");
  const dir = mkdtempSync(join(tmpdir(), "gwf-parts-"));
  const own = readFileSync(join(PARTS, "wrangler.toml"), "utf8").replace(/^main = .*$/m, `main = "${PARTS}/index.js"`);
  writeFileSync(
    join(dir, "wrangler.toml"),
    `${own}\n${block.replace(/^directory = .*$/m, `directory = "${join(ROOT, "public")}"`)}`,
  );
  return dir;
}

buildProduction();
const servers = [];
try {
  const app = await startApp({ ports: [8833, 9433] });
  servers.push(app.server);
  // The page's own answer: its headers (what a hit replays) and its byte count.
  let hit;
  let bytes = 0;
  for (let i = 0; i < 20 && hit?.headers.get("x-cache") !== "HIT"; i++) {
    if (i) await new Promise((r) => setTimeout(r, 50)); // the first copy is stored after its response
    hit = await fetch(`${app.server.url}/`, { headers: { "accept-encoding": "identity" } });
    bytes = (await hit.arrayBuffer()).byteLength;
  }
  if (hit.headers.get("x-cache") !== "HIT") throw new Error("/ was never served from memory");
  // Framing headers are the runtime's to set (a Content-Encoding here would make it compress).
  const framing = ["content-length", "transfer-encoding", "content-encoding", "date"];
  const headers = [...hit.headers].filter(([name]) => !framing.includes(name));
  const vars = { PAGE_BYTES: String(bytes), PAGE_HEADERS: JSON.stringify(headers) };
  const [bare, behindAssets] = await Promise.all([
    startWrangler({ name: "parts", cwd: PARTS, port: 8834, inspectorPort: 9434, vars, readyPath: "/ceiling" }),
    startWrangler({
      name: "parts+assets",
      cwd: assetsConfig(),
      port: 8835,
      inspectorPort: 9435,
      vars,
      readyPath: "/ceiling",
    }),
  ]);
  servers.push(bare, behindAssets);
  const rows = [
    ["1. ceiling: string, 1 header", bare, "/ceiling"],
    [`2. replay: ArrayBuffer, the page's ${headers.length} headers`, bare, "/replay"],
    ["3. ceiling behind the assets layer", behindAssets, "/ceiling"],
    ["4. replay behind the assets layer", behindAssets, "/replay"],
    ["5. the app's / from memory", app.server, "/"],
  ].map(([name, server, path]) => ({ name, server, path, runs: [] }));
  for (const row of rows) await load({ url: row.server.url + row.path, connections, seconds: 1 });
  for (let round = 0; round < rounds; round++)
    for (const row of rows) {
      row.runs.push(await measure(row.server, row.path, { connections, seconds }));
    }
  const rps = (row) => median(row.runs.map((r) => r.rps));
  const cpu = (row) => median(row.runs.map((r) => r.cpuMsPerRequest));
  console.log(
    `\n${bytes} bytes, ${rounds} rounds of ${seconds} s, ${connections} connections, load avg ${os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(" ")}`,
  );
  console.log("| part | req/s | vs 1 | CPU ms/req |\n|---|---|---|---|");
  for (const row of rows) {
    const bad = row.runs.reduce((n, r) => n + r.non2xx + r.errors, 0);
    console.log(
      `| ${row.name} | ${rps(row).toFixed(0)} | ${((rps(row) / rps(rows[0])) * 100).toFixed(0)}% | ${cpu(row).toFixed(2)} |${bad ? ` ${bad} non-2xx` : ""}`,
    );
  }
} finally {
  await Promise.all(servers.map((s) => s.stop()));
}
