#!/usr/bin/env node
/**
 * `node bench/profile.mjs`: where a page's server CPU goes (docs/benchmarks.md, "Round 3": where the time
 * goes). Builds the production worker
 * unminified (React's production build, names kept), serves it unbundled with `wrangler dev` and its
 * devtools inspector, and records a V8 CPU profile (CDP `Profiler`) of each page over N sequential
 * requests after a warm-up. Writes one .cpuprofile per page (open it in Chrome DevTools) and prints
 * each page's self time by module: React's renderer, Remix, the router, drizzle, zod, the app...
 *
 * One inspector connection for the whole run: workerd crashes when a second client attaches after
 * the first has left (docs/benchmarks.md, "Where the time goes").
 *
 * Options: --requests N (default 300), --out DIR (default a temp dir), --pages main,active (default all five). Ports 8826/9426 (the bench app's).
 * Not part of `npm test`; run it on a quiet machine (absolute ms follow the load, shares less so).
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import WebSocket from "ws";
import { ROOT, buildProduction, startApp, PORTS } from "./lib/app.mjs";
import { option } from "./lib/options.mjs";

const requests = Number(option("--requests", 300));
const out = option("--out", mkdtempSync(join(tmpdir(), "gwf-profile-")));
const only = option("--pages", "marketing,signin,main,active,measured").split(",");

buildProduction({ minify: false });
const modules = moduleLines(readFileSync(join(ROOT, "build/index.js"), "utf8"));
const app = await startApp({ inspector: true, extraArgs: ["--no-bundle"] });
try {
  const cdp = await connect(`ws://127.0.0.1:${PORTS.app[1]}/ws`);
  await cdp.call("Profiler.enable");
  await cdp.call("Profiler.setSamplingInterval", { interval: 100 }); // µs
  const pages = [
    { name: "marketing", path: "/" },
    { name: "signin", path: "/signin" },
    { name: "main", path: "/main", cookie: app.cookie },
    { name: "active", path: `/active/${app.memberGoalId}`, cookie: app.cookie },
    { name: "measured", path: `/active/${app.measuredGoalId}`, cookie: app.runnerCookie },
  ].filter((page) => only.includes(page.name));
  for (const page of pages) {
    const get = async () => {
      const res = await fetch(app.server.url + page.path, { headers: page.cookie ? { cookie: page.cookie } : {} });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${page.path} answered ${res.status}`);
    };
    for (let i = 0; i < 30; i++) await get();
    await cdp.call("Profiler.start");
    for (let i = 0; i < requests; i++) await get();
    const { profile } = await cdp.call("Profiler.stop");
    const file = join(out, `${page.name}.cpuprofile`);
    writeFileSync(file, JSON.stringify(profile));
    print(page, profile, file);
  }
  cdp.close();
} finally {
  await app.server.stop();
}

/**
 * Self time per module for one page: busy time only (idle excluded), per request and as a share, and
 * each module's share of the samples. Samples under the request log line are left out: with the
 * inspector attached, `console.log` formats its object for the devtools client, which costs nothing
 * without one (docs/benchmarks.md, "Round 4: where the rest of the CPU goes"). On a loaded machine the
 * sampler's own gaps land on whatever frame it samples next, so read the sample shares beside the times.
 */
function print(page, profile, file) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const child of n.children ?? []) parent.set(child, n.id);
  const logging = (id) => {
    for (let at = id; at !== undefined; at = parent.get(at))
      if (byId.get(at).callFrame.functionName === "logRequest") return true;
    return false;
  };
  const dts = profile.timeDeltas;
  const self = new Map();
  const hits = new Map();
  let busy = 0;
  let samples = 0;
  let logged = 0;
  profile.samples.forEach((id, i) => {
    const node = byId.get(id);
    const us = dts[i + 1] ?? 0;
    const key = category(node.callFrame);
    if (key === "(idle)") return;
    if (logging(id)) {
      logged += us;
      return;
    }
    busy += us;
    samples += 1;
    self.set(key, (self.get(key) ?? 0) + us);
    hits.set(key, (hits.get(key) ?? 0) + 1);
  });
  console.log(
    `\n${page.path}: ${(busy / 1000 / requests).toFixed(2)} ms sampled JS/GC per request, ${(logged / 1000 / requests).toFixed(2)} ms more under the log line (${file})`,
  );
  console.log("  share of time  ms/req  share of samples  module");
  for (const [key, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 14)) {
    const share = (((hits.get(key) ?? 0) / samples) * 100).toFixed(1);
    console.log(
      `  ${((us / busy) * 100).toFixed(1).padStart(5)}%  ${(us / 1000 / requests).toFixed(3)} ms  ${share.padStart(5)}%  ${key}`,
    );
  }
}

/** A call frame's module: from the `// node_modules/...` and `// app/...` lines esbuild writes before each one. */
function category({ url, functionName, lineNumber }) {
  if (!url) return functionName.startsWith("(") ? functionName : "(runtime built-ins)";
  if (!url.endsWith("index.js")) return `(${url.split("/").pop()})`;
  let lo = 0;
  let hi = modules.length - 1;
  let found = "(bundle preamble)";
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (modules[mid].line <= lineNumber) {
      found = modules[mid].name;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/** Module start lines in the unminified build, each named by package (node_modules) or by app folder. */
function moduleLines(source) {
  const lines = source.split("\n");
  const found = [];
  lines.forEach((text, line) => {
    if (!text.startsWith("// ")) return;
    const path = text.slice(3).trim();
    const pkg = path.match(/^node_modules\/((?:@[^/]+\/)?[^/]+)/);
    if (pkg) found.push({ line, name: pkg[1] });
    else if (/^(app|server\.ts|drizzle)\b/.test(path))
      found.push({ line, name: path.split("/").slice(0, 2).join("/") });
  });
  return found;
}

/** A CDP client over one WebSocket: `call(method, params)` answers the result. */
function connect(url) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    const waiting = new Map();
    let next = 1;
    ws.on("message", (data) => {
      const message = JSON.parse(String(data));
      const pending = waiting.get(message.id);
      if (!pending) return;
      waiting.delete(message.id);
      if (message.error) pending.reject(new Error(message.error.message));
      else pending.resolve(message.result ?? {});
    });
    ws.once("error", reject);
    ws.once("open", () =>
      resolve({
        call: (method, params = {}) =>
          new Promise((res, rej) => {
            const id = next++;
            waiting.set(id, { resolve: res, reject: rej });
            ws.send(JSON.stringify({ id, method, params }));
          }),
        close: () => ws.close(),
      }),
    );
  });
}
