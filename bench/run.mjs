#!/usr/bin/env node
/**
 * `npm run bench`: every performance figure in one run, against a production build.
 *   1. NODE_ENV=production remix build
 *   2. sizes: worker bundle (raw, gzip), client JS per page (gzip)
 *   3. SSR: each page vs its ceiling (a bare Worker with the same I/O and byte count), and the hello
 *      world, same wrangler/workerd and connections, interleaved
 *   4. Lighthouse on / and /signin
 *   5. Live updates: 1,000 signed-in members' event streams on one goal, 20 writes (bench/live; ports 8824/9424)
 *   6. Load: 200 signed-in members for 60 s, then D1's invariants (bench/load; ports 8827/9427)
 *   7. Pathological input: the worst time per text field, goal <= 50 ms (bench/pathological; ports 8828/9428)
 * Servers: wrangler's dev server without the devtools inspector (ADR 055); BENCH_INSPECTOR=1 for the CLI.
 * Options: --quick (1 round of 3 s), --rounds N, --seconds N, --connections N, --no-lighthouse, --no-live, --no-load, --no-pathological,
 *          --json FILE (also write the figures as JSON).
 * Ports: hello 8825/9425, app 8826/9426 (loopback only). Not part of `npm test`.
 */
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import os from "node:os";
import {
  ROOT,
  buildProduction,
  captureStatements,
  loadReplays,
  startApp,
  startHello,
  startMarketingCeiling,
} from "./lib/app.mjs";
import { WITH_INSPECTOR } from "./lib/server.mjs";
import { lighthouseRows, runLighthouse } from "./lighthouse/index.mjs";
import { SIZE_TARGETS, pageJs, routeChunks, workerSizes } from "./sizes/index.mjs";
import { SQL_TARGETS, printSql, sqlOf } from "./ssr/sql.mjs";
import { runSsr } from "./ssr/index.mjs";
import { printLoad, runLoad } from "./load/index.mjs";
import { printFanout, runFanout } from "./live/fanout.mjs";
import { printPathological, runPathological } from "./pathological/index.mjs";
import { flag, option } from "./lib/options.mjs";

const quick = flag("--quick");
const settings = {
  rounds: Number(option("--rounds", quick ? 1 : 3)),
  seconds: Number(option("--seconds", quick ? 3 : 5)),
  connections: Number(option("--connections", 20)),
};

const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
const pct = (x) => (Number.isFinite(x) ? `${(x * 100).toFixed(0)}%` : "n/a");
const log = (s = "") => console.log(s);
const table = (rows) => {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => String(r[i]).length)));
  for (const [n, r] of rows.entries()) {
    log("  " + r.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join("  "));
    if (n === 0) log("  " + widths.map((w) => "-".repeat(w)).join("  "));
  }
};

function machine() {
  const v = (cmd, args) => {
    try {
      return execFileSync(cmd, args, { cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] })
        .trim()
        .split("\n")[0];
    } catch {
      return "?";
    }
  };
  return {
    date: new Date().toISOString(),
    cpu: `${os.cpus()[0]?.model ?? "?"} x${os.cpus().length}`,
    memory: `${(os.totalmem() / 2 ** 30).toFixed(1)} GiB`,
    os: `${os.type()} ${os.release()}`,
    node: process.version,
    wrangler: v("npx", ["wrangler", "--version"]).replace(/[^\d.]/g, "") || "?",
    commit: v("git", ["rev-parse", "--short", "HEAD"]),
    load: os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(" "),
  };
}

const results = { machine: machine(), settings };
log(`Goals with Friends benchmark, ${results.machine.date}`);
log(
  `  ${results.machine.cpu}, ${results.machine.memory}, ${results.machine.os}, node ${results.machine.node}, wrangler ${results.machine.wrangler}, commit ${results.machine.commit}, load avg ${results.machine.load}`,
);
log(
  `  build: NODE_ENV=production remix build; served by ${WITH_INSPECTOR ? "the wrangler dev command" : "wrangler's dev server (workerd) without the devtools inspector (ADR 055)"}, ENVIRONMENT=production`,
);

buildProduction();
const servers = [];
const stopAll = () => servers.forEach((s) => s.stop());
process.on("SIGINT", () => (stopAll(), process.exit(130)));
process.on("SIGTERM", () => (stopAll(), process.exit(143)));

try {
  log("\nSizes");
  const worker = workerSizes(ROOT);
  results.worker = worker;
  table([
    ["worker bundle", "raw", "gzip", "target (gzip)", ""],
    ["build/index.js", kib(worker.built.raw), kib(worker.built.gzip), "", ""],
    [
      "wrangler upload",
      kib(worker.upload.raw),
      kib(worker.upload.gzip),
      `<= ${kib(SIZE_TARGETS.workerGzip)}`,
      worker.upload.gzip <= SIZE_TARGETS.workerGzip ? "met" : "MISSED",
    ],
  ]);
  log(`  biggest packages in the worker: ${worker.packages.top.map(([p, b]) => `${p} ${kib(b)}`).join(", ")}`);
  log(`  zod locale files in the worker: ${worker.packages.zodLocales} (en only is expected)`);

  const app = await startApp();
  servers.push(app.server);
  const cookie = app.cookie;
  // ADR 293's "same I/O": each member screen's own D1 statements, captured, then replayed by the bare
  // Worker over a copy of the same database.
  const capturedPages = [
    { key: "main", path: "/main", cookie },
    { key: "active", path: `/active/${app.memberGoalId}`, cookie },
    { key: "mainData", path: "/main.data", cookie },
    { key: "activeData", path: `/active/${app.memberGoalId}.data`, cookie },
    { key: "measured", path: `/active/${app.measuredGoalId}`, cookie: app.runnerCookie },
  ];
  const captured = await captureStatements(app, capturedPages);
  const hello = await startHello({ copyStateFrom: app.persistTo });
  servers.push(hello);
  await loadReplays(hello, captured);
  const marketingCeiling = await startMarketingCeiling(app.server.url);
  servers.push(marketingCeiling);
  const pages = [
    { path: "/", cookie: undefined, target: SIZE_TARGETS.marketingJs, label: "marketing /" },
    { path: "/marketing", cookie: undefined },
    { path: "/signin", cookie: undefined, target: SIZE_TARGETS.signinJs },
    { path: "/signup", cookie: undefined, target: SIZE_TARGETS.signinJs },
    { path: "/main", cookie, target: SIZE_TARGETS.mainJs },
    { path: `/active/${app.memberGoalId}`, cookie },
  ];
  const js = [];
  for (const p of pages) js.push({ ...(await pageJs(ROOT, app.server.url, p.path, p.cookie)), target: p.target });
  results.pageJs = js;
  log("\nClient JS per page (files the HTML loads from /build, gzip -9; inline = the page's inline scripts)");
  table([
    ["page", "status", "files", "raw", "gzip", "inline gzip", "target", ""],
    ...js.map((p) => [
      p.path,
      p.status,
      p.files,
      kib(p.raw),
      kib(p.gzip),
      kib(p.inlineGzip),
      p.target === undefined ? "" : p.target === 0 ? "0 KiB" : `<= ${kib(p.target)}`,
      p.target === undefined ? "" : p.gzip <= p.target ? "met" : "MISSED",
    ]),
  ]);
  // What each page's gzip is made of, by package (a page that starts loading zod or conform shows it).
  for (const p of js.filter((p) => p.gzip > 0 && /^\/(signin|main|active\/)/.test(p.path))) {
    const top = p.packages.filter(([, b]) => b >= 512);
    log(`  ${p.path} by package (gzip): ${top.map(([name, b]) => `${name} ${kib(b)}`).join(", ")}`);
  }
  const chunks = routeChunks(ROOT);
  results.routeChunks = chunks;
  log(`  every hydrated page loads entry + root: ${kib(chunks.baseGzip)} gzip; each route module (by file) adds:`);
  log("  " + chunks.routes.map((r) => `${r.id} ${kib(r.gzip)}`).join(", "));

  results.sql = capturedPages.map((p) => ({ ...p, cookie: undefined, ...sqlOf(captured[p.key]) }));
  printSql(results.sql, log, table);

  log(
    `\nSSR throughput: ${settings.connections} connections, ${settings.rounds} round(s) of ${settings.seconds} s per scenario, interleaved`,
  );
  const ssr = await runSsr({
    hello,
    app: app.server,
    cookie,
    goalId: app.memberGoalId,
    measuredGoalId: app.measuredGoalId,
    runnerCookie: app.runnerCookie,
    captured,
    marketingCeiling,
    ...settings,
    log,
  });
  results.ssr = ssr;
  table([
    [
      "scenario",
      "req/s",
      "p50 ms",
      "p99 ms",
      "bytes",
      "vs ceiling",
      "target",
      "",
      "vs 1-query",
      "vs hello",
      "CPU ms/req",
      "target",
      "",
      "cache",
    ],
    ...ssr.rows.map((r) =>
      r.measured
        ? [
            r.label,
            r.rps.toFixed(0),
            r.p50,
            r.p99,
            r.bytes ?? "",
            Number.isFinite(r.ceilingRatio) ? pct(r.ceilingRatio) : "",
            r.target ? `>= ${pct(r.target)}` : "",
            r.target ? (Number.isFinite(r.ceilingRatio) && r.ceilingRatio >= r.target ? "met" : "MISSED") : "",
            Number.isFinite(r.oneQueryRatio) && r.oneQueryRatio !== r.ceilingRatio ? pct(r.oneQueryRatio) : "",
            pct(r.ratio),
            r.cpuMsPerRequest.toFixed(2),
            r.cpuTarget ? `<= ${r.cpuTarget}` : "",
            r.cpuTarget ? (r.cpuMsPerRequest <= r.cpuTarget ? "met" : "MISSED") : "",
            r.cache || "-",
          ]
        : [r.label, `HTTP ${r.status}: not measured`, "", "", "", "", "", "", "", "", "", "", "", ""],
    ),
  ]);
  log(
    "  vs ceiling: req/s as a share of the page's own ceiling (ADR 293: a member screen's own D1 statements in its round trips and its bytes; the marketing page's bytes and headers behind the assets layer); vs 1-query: round 3's ceiling (the bytes after one D1 query, or after nothing)",
  );
  const main = ssr.rows.find((r) => r.key === "main" && r.measured);
  if (main) {
    const htmlOk = main.bytes <= SQL_TARGETS.mainHtmlBytes;
    log(
      `  /main HTML for the bench member: ${main.bytes} bytes, target <= ${SQL_TARGETS.mainHtmlBytes}: ${htmlOk ? "met" : "MISSED"}`,
    );
    // The page's SQL beyond one query, as the bare Worker pays it: same-I/O ceiling CPU minus round 3's.
    const sqlMs = main.ceilingCpuMs - main.oneQueryCpuMs;
    if (Number.isFinite(sqlMs))
      log(
        `  /main's statements in the bare Worker: ${sqlMs.toFixed(2)} ms of CPU per request beyond one query (SQLite inside workerd locally), target <= ${SQL_TARGETS.mainSqlMs} ms: ${sqlMs <= SQL_TARGETS.mainSqlMs ? "met" : "MISSED"}`,
      );
  }
  const bad = ssr.rows.filter((r) => r.non2xx);
  if (bad.length)
    log(`  WARNING: non-2xx or errors during load: ${bad.map((r) => `${r.label} ${r.non2xx}`).join(", ")}`);

  if (!flag("--no-lighthouse")) {
    log("\nLighthouse 12.8.2 (mobile defaults, headless chromium; /main and a measured goal signed in)");
    results.lighthouse = await runLighthouse(ROOT, app);
    table(lighthouseRows(results.lighthouse));
    for (const l of results.lighthouse) for (const f of l.failing ?? []) log(`  ${l.path} loses points on ${f}`);
  }
} finally {
  stopAll();
}

// Live updates (bench/live; docs/benchmarks.md, "Live updates"): 1,000 signed-in subscribers on one
// goal's hub. Its own server.
if (!flag("--no-live")) {
  const [subscribers, writes] = quick ? [200, 5] : [1000, 20];
  log(
    `\nLive updates: ${subscribers} signed-in members' event streams on one goal, ${writes} writes (bench/live/fanout.mjs)`,
  );
  try {
    results.live = await runFanout({ subscribers, writes, log });
    printFanout(results.live, log);
  } catch (error) {
    // A refused subscriber or a missed event is a failed bench, not a partial figure.
    results.live = { error: error.message };
    log(`  FAILED: ${error.message}`);
    process.exitCode = 1;
  }
}

// Load (bench/load; docs/benchmarks.md, "Load"): 200 signed-in members for 60 s, then D1's invariants. Its own server.
if (!flag("--no-load")) {
  log("\nLoad: 200 sessions, /main, /active/{id}, join and complete (bench/load/index.mjs)");
  results.load = await runLoad({ sessions: 200, seconds: quick ? 10 : 60, log });
  printLoad(results.load, log);
}

// Pathological input (bench/pathological, ADR 101): the worst time per text field. Its own server.
if (!flag("--no-pathological")) {
  log(
    "\nPathological input: every text field, crafted runs at its maximum, just over it, filling the 128 KB body cap and at 1 MB (bench/pathological)",
  );
  results.pathological = await runPathological();
  printPathological(results.pathological, log);
}

const jsonFile = option("--json");
if (jsonFile) writeFileSync(jsonFile, JSON.stringify(results, null, 2) + "\n");
log("\nDone.");
