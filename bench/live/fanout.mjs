#!/usr/bin/env node
/**
 * Live-updates fan-out bench: N server-sent-event subscribers on loopback, W writes, and how many
 * events arrived and how fast (from the write's request leaving this process to each subscriber
 * reading its event). Also the "Live updates" part of `npm run bench`.
 *
 *   npx remix build && node bench/live/fanout.mjs [--subscribers 1000] [--writes 20]
 *       [--topics goal:goal-running] [--publish goal:goal-running] [--port 8824] [--url http://127.0.0.1:8824]
 *       [--anonymous]   (visitors, no session: e.g. 5,000 on `settings`, spread over the site shards, ADR 202;
 *                        each from its own client address, as visitors are, so per-address caps do not apply)
 *
 * Without --url it starts its own server on the build in build/ (wrangler's dev server without the
 * devtools inspector, ADR 055; BENCH_INSPECTOR=1 for the `wrangler dev` command) with a fresh
 * --persist-to state, migrated and seeded. ENVIRONMENT is "development" only so that the bench can
 * publish through POST /dev/live (the same publishNow() that app writes reach; the route 404s in
 * production). Subscribers sign in as the demo member, so /events checks a real session.
 */
import http from "node:http";
import { cpus, loadavg, totalmem } from "node:os";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { freshState } from "../../scripts/fresh-state.mjs";
import { DEMO_PASSWORD } from "../../scripts/seed.mjs";
import { ROOT, signIn } from "../lib/app.mjs";
import { WITH_INSPECTOR, startWrangler } from "../lib/server.mjs";

const CONNECT_BATCH = 50;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * @param {{ subscribers?: number, writes?: number, topics?: string, publishTopics?: string, port?: number,
 *   inspectorPort?: number, url?: string, log?: (s?: string) => void }} [options]
 */
export async function runFanout({
  subscribers: count = 1000,
  writes = 20,
  topics = "goal:goal-running",
  // By default the first topic, so a subscriber gets one event per write even when it listens on
  // several hub instances (merged into one stream by the worker).
  publishTopics = topics.split(",")[0],
  port = 8824,
  inspectorPort = 9424,
  url,
  anonymous = false,
  log = console.log,
} = {}) {
  const server = url ? null : await startServer(port, inspectorPort);
  const base = url ?? server.url;
  if (server)
    log(
      `  server: ${WITH_INSPECTOR ? "the wrangler dev command (devtools inspector attached)" : "wrangler's dev server without the devtools inspector (ADR 055)"}`,
    );
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  try {
    const cookie = anonymous ? null : await signIn(base, "member@example.com", DEMO_PASSWORD);
    const subscribers = [];
    for (let i = 0; i < count; i += CONNECT_BATCH) {
      const batch = Math.min(CONNECT_BATCH, count - i);
      subscribers.push(
        ...(await Promise.all(Array.from({ length: batch }, (_, k) => subscribe(base, agent, cookie, topics, i + k)))),
      );
    }
    log(`  ${subscribers.length} subscribers connected on ${topics}`);
    const latencies = [];
    const acks = [];
    let delivered = 0;
    const cpuBefore = server?.cpuMsByName() ?? {};
    for (let w = 0; w < writes; w++) {
      const before = subscribers.map((s) => s.changes.length);
      const sentAt = performance.now();
      await publish(base, publishTopics);
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
    const cpuAfter = server?.cpuMsByName() ?? {};
    const cpuPerWrite = Object.fromEntries(
      Object.keys(cpuAfter).map((k) => [k, (cpuAfter[k] - (cpuBefore[k] ?? 0)) / writes]),
    );
    for (const s of subscribers) s.req.destroy();
    latencies.sort((a, b) => a - b);
    acks.sort((a, b) => a - b);
    const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
    return {
      subscribers: count,
      writes,
      topics,
      publishTopics,
      inspector: server ? WITH_INSPECTOR : null,
      delivered,
      expected: count * writes,
      min: at(0),
      median: at(0.5),
      p99: at(0.99),
      max: latencies.at(-1) ?? NaN,
      publishAckMedian: acks[acks.length >> 1],
      cpuPerWrite,
      closedEarly: subscribers.filter((s) => s.ended).length,
      load: loadavg(),
    };
  } finally {
    agent.destroy();
    server?.stop();
  }
}

export const FANOUT_TARGET_P99_MS = 200;

export function printFanout(r, log = console.log) {
  const ms = (v) => `${v.toFixed(1)} ms`;
  log(`  subscribers ${r.subscribers}, writes ${r.writes}, listening on ${r.topics}, publishing ${r.publishTopics}`);
  log(
    `  delivered/expected: ${r.delivered}/${r.expected} (per write ${(r.delivered / r.writes).toFixed(0)}/${r.subscribers})`,
  );
  const met = r.delivered === r.expected && r.p99 <= FANOUT_TARGET_P99_MS ? "met" : "MISSED";
  log(
    `  latency min ${ms(r.min)}, median ${ms(r.median)}, p99 ${ms(r.p99)}, max ${ms(r.max)}   target: all delivered, p99 <= ${FANOUT_TARGET_P99_MS} ms: ${met}`,
  );
  log(`  publish request answered (hub has queued every write): median ${ms(r.publishAckMedian)}`);
  const cpu = Object.entries(r.cpuPerWrite)
    .filter(([, v]) => v > 0)
    .map(([k, v]) => `${k} ${ms(v)}`)
    .join(", ");
  log(
    `  server CPU per write (all deliveries): ${cpu || "n/a"}; load average ${r.load.map((l) => l.toFixed(1)).join(" ")}`,
  );
  if (r.closedEarly) log(`  streams that ended during the run: ${r.closedEarly}`);
}

async function startServer(port, inspectorPort) {
  const persistTo = await freshState({ cwd: ROOT, prefix: "live-bench-" });
  const vars = { ENVIRONMENT: "development", SESSION_SECRET: "bench-session-secret", HONEYPOT_SEED: "bench-honeypot" };
  return startWrangler({ name: "live", cwd: ROOT, port, inspectorPort, persistTo, vars, readyPath: "/signin" });
}

function subscribe(base, agent, cookie, topics, n) {
  // A visitor per client address (10.x.y.z), as the edge would report them.
  const headers = cookie
    ? { Cookie: cookie, Accept: "text/event-stream" }
    : { Accept: "text/event-stream", "CF-Connecting-IP": `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` };
  return new Promise((resolve, reject) => {
    const s = { changes: [], ended: false, req: null };
    const req = http.get(`${base}/events?topics=${encodeURIComponent(topics)}`, { headers, agent }, (res) => {
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
    });
    req.on("error", reject);
    s.req = req;
  });
}

async function publish(base, topics) {
  const response = await fetch(`${base}/dev/live`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "publish", topics }),
  });
  if (!response.ok) throw new Error(`publish answered ${response.status}`);
  await response.arrayBuffer();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const arg = (name, fallback) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? process.argv[i + 1] : fallback;
  };
  const topics = arg("topics", "goal:goal-running");
  const result = await runFanout({
    subscribers: Number(arg("subscribers", 1000)),
    writes: Number(arg("writes", 20)),
    topics,
    publishTopics: arg("publish", topics.split(",")[0]),
    port: Number(arg("port", 8824)),
    inspectorPort: Number(arg("inspector-port", 9424)),
    url: arg("url"),
    anonymous: process.argv.includes("--anonymous"),
  });
  console.log(
    `machine: ${cpus().length} x ${cpus()[0]?.model}, ${Math.round(totalmem() / 2 ** 30)} GB; node ${process.version}`,
  );
  printFanout(result);
}
