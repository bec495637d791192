#!/usr/bin/env node
/**
 * Live-updates fan-out bench: N server-sent-event subscribers on loopback, W writes, and how many
 * events arrived and how fast (from the write's request leaving this process to each subscriber
 * reading its event).
 *
 *   npx remix build && node bench/live/fanout.mjs [--subscribers 1000] [--writes 20]
 *       [--topics goal:goal-running] [--publish goal:goal-running] [--port 8824] [--inspector-port 9424] [--url http://127.0.0.1:8824]
 *
 * Without --url it starts its own `wrangler dev` on the production build (`remix build`, NODE_ENV
 * production) with a fresh --persist-to state, migrated and seeded. ENVIRONMENT is "development" only so
 * that the bench can publish through POST /dev/live (the same publishNow() that app writes reach; the
 * route 404s in production). Subscribers sign in as the demo member, so /events checks a real session.
 */
import { execFileSync } from "node:child_process";
import http from "node:http";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir, cpus, loadavg, totalmem } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { DEMO_PASSWORD, quietEnv, seed } from "../../scripts/seed.mjs";
import { ROOT, signIn } from "../lib/app.mjs";
import { WITH_INSPECTOR, startWrangler } from "../lib/server.mjs";

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const SUBSCRIBERS = Number(arg("subscribers", 1000));
const WRITES = Number(arg("writes", 20));
const TOPICS = arg("topics", "goal:goal-running");
// What each write publishes: by default the first topic, so a subscriber gets one event per write even
// when it listens on several hub instances (merged into one stream by the worker).
const PUBLISH = arg("publish", TOPICS.split(",")[0]);
const PORT = arg("port", "8824");
const INSPECTOR_PORT = arg("inspector-port", "9424");
const CONNECT_BATCH = 50;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

let server;
let base = arg("url");
if (!base) {
  base = `http://127.0.0.1:${PORT}`;
  server = await startServer();
  console.log(`server: ${WITH_INSPECTOR ? "the wrangler dev command (devtools inspector attached)" : "wrangler's dev server without the devtools inspector (ADR 055)"}`);
}
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

try {
  const cookie = await signIn(base, "member@example.com", DEMO_PASSWORD);
  const subscribers = await openSubscribers(cookie);
  console.log(`${subscribers.length} subscribers connected on ${TOPICS}`);
  const latencies = [];
  const acks = [];
  let delivered = 0;
  const cpuBefore = serverCpuMs();
  for (let w = 0; w < WRITES; w++) {
    const before = subscribers.map((s) => s.changes.length);
    const sentAt = performance.now();
    await publish();
    acks.push(performance.now() - sentAt);
    const deadline = Date.now() + 5_000;
    while (Date.now() < deadline && subscribers.some((s, i) => s.changes.length === before[i])) await sleep(5);
    for (const [i, s] of subscribers.entries()) {
      if (s.changes.length > before[i]) {
        delivered++;
        latencies.push(s.changes[before[i]] - sentAt);
      }
    }
    await sleep(100);
  }
  // The server's CPU per write, idle gaps included: what a write costs independent of machine load.
  const cpuAfter = serverCpuMs();
  const cpuPerWrite = Object.fromEntries(Object.keys(cpuAfter).map((k) => [k, (cpuAfter[k] - (cpuBefore[k] ?? 0)) / WRITES]));
  const closedEarly = subscribers.filter((s) => s.ended).length;
  report({ delivered, expected: SUBSCRIBERS * WRITES, latencies, closedEarly, acks, cpuPerWrite });
  for (const s of subscribers) s.req.destroy();
} finally {
  agent.destroy();
  server?.stop();
}

async function startServer() {
  const persistTo = mkdtempSync(join(tmpdir(), "live-bench-"));
  execFileSync("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", persistTo], {
    stdio: ["ignore", "ignore", "inherit"],
    env: quietEnv(),
  });
  seed({ persistTo });
  const vars = { ENVIRONMENT: "development", SESSION_SECRET: "bench-session-secret", HONEYPOT_SEED: "bench-honeypot" };
  return startWrangler({ name: "live", cwd: ROOT, port: Number(PORT), inspectorPort: Number(INSPECTOR_PORT), persistTo, vars, readyPath: "/signin" });
}

function subscribe(cookie) {
  return new Promise((resolve, reject) => {
    const s = { changes: [], ended: false, req: null };
    const req = http.get(
      `${base}/events?topics=${encodeURIComponent(TOPICS)}`,
      { headers: { Cookie: cookie, Accept: "text/event-stream" }, agent },
      (res) => {
        if (res.statusCode !== 200) return reject(new Error(`/events answered ${res.statusCode}`));
        let buffer = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => {
          const now = performance.now();
          buffer += chunk;
          let cut;
          while ((cut = buffer.indexOf("\n\n")) !== -1) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            if (block.includes("event: ready")) resolve(s);
            else if (block.includes("event: change")) s.changes.push(now);
          }
        });
        res.on("end", () => (s.ended = true));
        res.on("error", () => (s.ended = true));
      },
    );
    req.on("error", reject);
    s.req = req;
  });
}

async function openSubscribers(cookie) {
  const all = [];
  for (let i = 0; i < SUBSCRIBERS; i += CONNECT_BATCH) {
    const batch = Math.min(CONNECT_BATCH, SUBSCRIBERS - i);
    all.push(...(await Promise.all(Array.from({ length: batch }, () => subscribe(cookie)))));
  }
  return all;
}

async function publish() {
  const response = await fetch(`${base}/dev/live`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "publish", topics: PUBLISH }),
  });
  if (!response.ok) throw new Error(`publish answered ${response.status}`);
  await response.arrayBuffer();
}

/** CPU time (user + system) of wrangler and workerd, the process group the bench started. */
function serverCpuMs() {
  if (!server) return {};
  const ticks = {};
  for (const pid of readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
      const name = readFileSync(`/proc/${pid}/comm`, "utf8").trim();
      if (Number(fields[2]) === server.pgid) ticks[name] = (ticks[name] ?? 0) + (Number(fields[11]) + Number(fields[12])) * 10;
    } catch {}
  }
  return ticks; // ms per process name (USER_HZ is 100 on Linux)
}

function report({ delivered, expected, latencies, closedEarly, acks, cpuPerWrite }) {
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  const ms = (v) => `${v.toFixed(1)} ms`;
  console.log(`machine: ${cpus().length} x ${cpus()[0]?.model}, ${Math.round(totalmem() / 2 ** 30)} GB; node ${process.version}`);
  console.log(`subscribers ${SUBSCRIBERS}, writes ${WRITES}, listening on ${TOPICS}, publishing ${PUBLISH}`);
  console.log(`delivered/expected: ${delivered}/${expected} per write ${(delivered / WRITES).toFixed(0)}/${SUBSCRIBERS}`);
  console.log(`latency min ${ms(at(0))}, median ${ms(at(0.5))}, p99 ${ms(at(0.99))}, max ${ms(latencies.at(-1) ?? NaN)}`);
  acks.sort((a, b) => a - b);
  console.log(`publish request answered (hub has queued every write): median ${ms(acks[acks.length >> 1])}`);
  const cpu = Object.entries(cpuPerWrite).filter(([, v]) => v > 0).map(([k, v]) => `${k} ${ms(v)}`).join(", ");
  console.log(`server CPU per write (all deliveries): ${cpu || "n/a"}; load average ${loadavg().map((l) => l.toFixed(1)).join(" ")}`);
  if (closedEarly) console.log(`streams that ended during the run: ${closedEarly}`);
}
