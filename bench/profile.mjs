#!/usr/bin/env node
/**
 * A CPU profile of one page under load (issue 18): a production build served by the `wrangler dev`
 * command with its devtools inspector, the V8 profiler started over the Chrome DevTools Protocol, the
 * page loaded for N seconds, the profile written as a .cpuprofile (open it in Chrome's DevTools) and
 * summarised: self time by package / app folder, and the top functions.
 *   node --experimental-websocket bench/profile.mjs [--path main|active|measured|marketing] [--seconds 10] [--out file]
 * The inspector itself costs CPU (ADR 055): compare shares
 * inside one profile, not its totals with `npm run bench`. Ports 8833/9433. Not part of `npm test`.
 */
import { writeFileSync } from "node:fs";
import { ROOT, buildProduction, startApp } from "./lib/app.mjs";
import { load } from "./lib/load.mjs";

const argv = process.argv.slice(2);
const option = (name, fallback) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : fallback);
const key = option("--path", "main");
const seconds = Number(option("--seconds", 10));
const out = option("--out", `${ROOT}/bench/${key}.cpuprofile`);
if (typeof WebSocket !== "function") throw new Error("run with node --experimental-websocket (Node 20) or Node 22+");

buildProduction();
const app = await startApp({ ports: [8833, 9433], inspector: true });
try {
  const pages = {
    marketing: { path: "/", cookie: undefined },
    main: { path: "/main", cookie: app.cookie },
    active: { path: `/active/${app.memberGoalId}`, cookie: app.cookie },
    measured: { path: `/active/${app.measuredGoalId}`, cookie: app.runnerCookie },
  };
  const page = pages[key];
  if (!page) throw new Error(`unknown --path ${key}`);
  const headers = page.cookie ? { cookie: page.cookie } : {};
  const url = app.server.url + page.path;
  await load({ url, headers, connections: 10, seconds: 2 }); // warm-up

  const targets = await (await fetch("http://127.0.0.1:9433/json")).json();
  const target = targets.find((t) => t.webSocketDebuggerUrl) ?? targets[0];
  // The inspector proxy only accepts a localhost Origin (it guards against DNS rebinding).
  const ws = new WebSocket(target.webSocketDebuggerUrl, { headers: { Origin: "http://localhost" } });
  await new Promise((resolve, reject) => ((ws.onopen = resolve), (ws.onerror = reject)));
  let next = 0;
  const waiting = new Map();
  ws.onmessage = (event) => {
    const message = JSON.parse(String(event.data));
    if (message.id && waiting.has(message.id)) waiting.get(message.id)(message);
  };
  const send = (method, params = {}) =>
    new Promise((resolve) => {
      const id = ++next;
      waiting.set(id, resolve);
      ws.send(JSON.stringify({ id, method, params }));
    });
  await send("Profiler.enable");
  await send("Profiler.setSamplingInterval", { interval: 100 });
  await send("Profiler.start");
  const r = await load({ url, headers, connections: 10, seconds });
  const { result } = await send("Profiler.stop");
  ws.close();
  writeFileSync(out, JSON.stringify(result.profile));
  console.log(`${page.path}: ${r.requests} requests in ${seconds} s under the profiler; profile written to ${out}`);
  summarise(result.profile);
} finally {
  await app.server.stop();
}

/** Self time by where the code lives, and the top functions by self time. */
function summarise(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  const dt = profile.timeDeltas;
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (dt[i] ?? 0)));
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const idle = new Set(["(idle)", "(program)"]);
  const bucket = (node) => {
    const { functionName, url } = node.callFrame;
    if (idle.has(functionName)) return functionName;
    if (functionName === "(garbage collector)") return "(garbage collector)";
    // The worker is one bundle: sourcemapped names are not available here, so use the function's
    // own name and the bundle-relative hints esbuild keeps (node_modules paths appear in comments only).
    return url ? url.split("/").pop() : "(native)";
  };
  const buckets = new Map();
  const functions = new Map();
  for (const [id, us] of self) {
    const node = byId.get(id);
    const b = bucket(node);
    buckets.set(b, (buckets.get(b) ?? 0) + us);
    const name = `${node.callFrame.functionName || "(anonymous)"} ${node.callFrame.url.split("/").pop()}:${node.callFrame.lineNumber + 1}`;
    functions.set(name, (functions.get(name) ?? 0) + us);
  }
  const busy = total - (buckets.get("(idle)") ?? 0);
  const share = (us) => `${((us / busy) * 100).toFixed(1)}%`;
  console.log(`\nself time (busy ${(busy / 1000).toFixed(0)} ms of ${(total / 1000).toFixed(0)} ms sampled)`);
  for (const [b, us] of [...buckets]
    .filter(([b]) => b !== "(idle)")
    .sort((x, y) => y[1] - x[1])
    .slice(0, 12))
    console.log(`  ${share(us).padStart(6)}  ${b}`);
  console.log("\ntop functions by self time");
  for (const [f, us] of [...functions].sort((x, y) => y[1] - x[1]).slice(0, 25))
    console.log(`  ${share(us).padStart(6)}  ${f}`);
}
