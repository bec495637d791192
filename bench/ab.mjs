#!/usr/bin/env node
/**
 * A/B: two commits' production builds side by side, each page interleaved ceiling, A, B round by round,
 * so a lever is measured against its own "before" in one run on one machine load (docs/benchmarks.md,
 * "Round 3": levers, each A/B in one run).
 *   node bench/ab.mjs --a <commit> [--b <commit>] [--rounds 5] [--seconds 3] [--connections 10] [--paths main,active,measured,marketing]
 * --b defaults to the working tree. Each side is a detached git worktree under the system temp dir
 * sharing this checkout's node_modules (or --a-modules / --b-modules <dir>, for a commit whose
 * dependencies differ, e.g. another React); both serve a copy of one seeded state. Not part of `npm test`.
 * Ports: A 8831/9431, B 8832/9432, the ceiling Worker 8825/9425 (BENCH_PORT_BASE + 6, + 7 and + 0, inspectors 500 above).
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, symlinkSync } from "node:fs";
import os, { tmpdir } from "node:os";
import { join } from "node:path";
import { PORTS, ROOT, startApp, startHello } from "./lib/app.mjs";
import { load, measure, median } from "./lib/load.mjs";
import { quietEnv } from "../scripts/seed.mjs";
import { option } from "./lib/options.mjs";

const rounds = Number(option("--rounds", 5));
const seconds = Number(option("--seconds", 3));
const connections = Number(option("--connections", 10));
const wanted = option("--paths", "marketing,main,active,measured").split(",");
const a = option("--a");
const b = option("--b");
if (!a) throw new Error("--a <commit> is required");

/** A production build of `commit` in a throwaway worktree (or of this checkout when commit is absent). */
function buildOf(commit, modules = join(ROOT, "node_modules")) {
  let root = ROOT;
  if (commit) {
    root = mkdtempSync(join(tmpdir(), "gwf-ab-"));
    execFileSync("git", ["worktree", "add", "--detach", root, commit], { cwd: ROOT, stdio: "ignore" });
    if (!existsSync(join(root, "node_modules"))) symlinkSync(modules, join(root, "node_modules"));
  }
  execFileSync("npx", ["remix", "build"], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...quietEnv(), NODE_ENV: "production" },
  });
  return root;
}

const sha = (ref) =>
  execFileSync("git", ["rev-parse", "--short", ref ?? "HEAD"], { cwd: ROOT })
    .toString()
    .trim();
console.log(
  `A/B ${sha(a)} vs ${b ? sha(b) : `working tree (${sha()})`}: ${rounds} rounds of ${seconds} s, ${connections} connections, load avg ${os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(" ")}`,
);
const rootA = buildOf(a, option("--a-modules"));
const rootB = buildOf(b, option("--b-modules"));
const servers = [];
try {
  const A = await startApp({ root: rootA, ports: PORTS.abA });
  servers.push(A.server);
  const [B, hello] = await Promise.all([
    startApp({ root: rootB, ports: PORTS.abB, copyStateFrom: A.persistTo }),
    startHello(),
  ]);
  servers.push(B.server, hello);
  const signIns = { A, B };
  const pages = {
    marketing: { path: "/", who: null, io: "" },
    signin: { path: "/signin", who: null, io: "" },
    main: { path: "/main", who: "cookie", io: "/d1" },
    active: { path: `/active/${A.memberGoalId}`, who: "cookie", io: "/d1" },
    measured: { path: `/active/${A.measuredGoalId}`, who: "runnerCookie", io: "/d1" },
  };
  const rows = [];
  for (const key of wanted) {
    const page = pages[key];
    if (!page) throw new Error(`unknown path key ${key}`);
    const sides = ["A", "B"].map((side) => ({
      side,
      server: signIns[side].server,
      headers: page.who ? { cookie: signIns[side][page.who] } : {},
      runs: [],
    }));
    // Each side against its own ceiling: a bare Worker answering that side's byte count.
    for (const s of sides) {
      s.path = page.path;
      s.bytes = (await (await fetch(s.server.url + page.path, { headers: s.headers })).arrayBuffer()).byteLength;
      s.ceiling = {
        side: `ceiling ${s.side}`,
        server: hello,
        path: `${page.io || "/"}?bytes=${s.bytes}`,
        headers: {},
        runs: [],
      };
    }
    const all = sides.flatMap((s) => [s.ceiling, s]);
    for (const s of all) await load({ url: s.server.url + s.path, headers: s.headers, connections, seconds: 1 });
    for (let round = 0; round < rounds; round++)
      for (const s of all) {
        s.runs.push(await measure(s.server, s.path, { headers: s.headers, connections, seconds }));
      }
    const rps = (s) => median(s.runs.map((r) => r.rps));
    const cpu = (s) => median(s.runs.map((r) => r.cpuMsPerRequest));
    const figures = (s) => ({
      bytes: s.bytes,
      rps: rps(s),
      cpu: cpu(s),
      ratio: rps(s) / rps(s.ceiling),
      ceilingCpu: cpu(s.ceiling),
      non2xx: s.runs.reduce((n, r) => n + r.non2xx + r.errors, 0),
    });
    rows.push({ key, A: figures(sides[0]), B: figures(sides[1]) });
  }
  const pct = (x) => `${(x * 100).toFixed(0)}%`;
  console.log("\n| page | bytes A -> B | CPU ms/req A | B | req/s vs own ceiling A | B |");
  console.log("|---|---|---|---|---|---|");
  for (const r of rows)
    console.log(
      `| ${r.key} | ${r.A.bytes} -> ${r.B.bytes} | ${r.A.cpu.toFixed(2)} | ${r.B.cpu.toFixed(2)} | ${pct(r.A.ratio)} | ${pct(r.B.ratio)} |${r.A.non2xx || r.B.non2xx ? ` non-2xx A ${r.A.non2xx} B ${r.B.non2xx}` : ""}`,
    );
  console.log("(own ceiling: a bare Worker answering that side's byte count, with one D1 query for signed-in pages)");
} finally {
  await Promise.all(servers.map((s) => s.stop()));
  for (const root of [rootA, rootB])
    if (root !== ROOT) execFileSync("git", ["worktree", "remove", "--force", root], { cwd: ROOT, stdio: "ignore" });
}
