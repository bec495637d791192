#!/usr/bin/env node
/**
 * Live-updates fan-out bench: N server-sent-event subscribers on loopback, W writes, and how many
 * events arrived and how fast (from the write's request leaving this process to each subscriber
 * reading its event). Also the "Live updates" part of `npm run bench`.
 *
 *   npx remix build && node bench/live/fanout.mjs [--subscribers 1000] [--writes 20]
 *       [--topics goal:goal-running] [--publish goal:goal-running] [--tabs 1] [--port 8824] [--hub-max-streams N]
 *       [--anonymous]   (visitors, no session: e.g. 5,000 on `settings`, spread over the site shards, ADR 202;
 *                        each from its own client address, as visitors are, so per-address caps do not apply)
 *       [--url http://127.0.0.1:8824]   (someone else's server: --anonymous only)
 *
 * Without --url it starts its own server on the build in build/ (wrangler's dev server without the
 * devtools inspector, ADR 055; BENCH_INSPECTOR=1 for the `wrangler dev` command) with a fresh
 * --persist-to state, migrated and seeded. ENVIRONMENT is "development" only so that the bench can
 * publish through POST /dev/live (the same publishNow() that app writes reach; the route 404s in
 * production). Signed in (the default), each subscriber is a tab of one of N / --tabs bench members
 * (bench/live/members.mjs), each signed in through /signin from its own address, so /events checks a
 * real session and every member stays inside ADR 106's caps. `{member}` in --topics is each
 * subscriber's member id: `--topics goals,user:{member}` is what every signed-in page listens on, on the
 * member's site shard (ADR 202). --hub-max-streams sets HUB_MAX_STREAMS (ADR 106's per-instance cap).
 * Any refusal on /events, stream lost or event missed fails the run (non-zero exit).
 */
import http from "node:http";
import { cpus, loadavg, totalmem } from "node:os";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { freshState } from "../../scripts/fresh-state.mjs";
import { ROOT } from "../lib/app.mjs";
import { WITH_INSPECTOR, startWrangler } from "../lib/server.mjs";
import { CAPS, addressOf, instancesOf, seedMembers, signInMembers } from "./members.mjs";
import { flag, option } from "../lib/options.mjs";

const CONNECT_BATCH = 50;
const CONNECT_TIMEOUT_MS = 30_000;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * @param {{ subscribers?: number, writes?: number, topics?: string, publishTopics?: string, tabs?: number,
 *   port?: number, inspectorPort?: number, url?: string, anonymous?: boolean, hubMaxStreams?: number,
 *   log?: (s?: string) => void }} [options]
 * Throws when any subscriber is refused or loses its stream, or any event does not arrive.
 */
export async function runFanout({
  subscribers: count = 1000,
  writes = 20,
  topics = "goal:goal-running",
  // By default the first topic that is the same for everyone, so a subscriber gets one event per write
  // even when it listens on several hub instances (merged into one stream by the worker).
  publishTopics = topics.split(",").find((t) => !t.includes("{member}")),
  tabs = 1,
  port = 8824,
  inspectorPort = 9424,
  url,
  anonymous = false,
  hubMaxStreams,
  log = console.log,
} = {}) {
  const memberCount = anonymous ? 0 : Math.ceil(count / tabs);
  if (!publishTopics || publishTopics.includes("{member}")) throw new Error("--publish: a topic without {member}");
  if (anonymous && topics.includes("{member}")) throw new Error("--topics: {member} needs signed-in subscribers");
  if (!anonymous && url) throw new Error("--url: signed-in subscribers need the bench's own server (or --anonymous)");
  if (!anonymous && tabs > CAPS.perMember) throw new Error(`--tabs: at most ${CAPS.perMember} (ADR 106)`);
  const server = url ? null : await startServer(port, inspectorPort, memberCount, hubMaxStreams);
  const base = url ?? server.url;
  if (server)
    log(
      `  server: ${WITH_INSPECTOR ? "the wrangler dev command (devtools inspector attached)" : "wrangler's dev server without the devtools inspector (ADR 055)"}`,
    );
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  const subscribers = [];
  try {
    const members = anonymous ? [] : await signInMembers(base, memberCount, log);
    // Subscriber n: member n / tabs (their cookie, their address, {member} their id), or a visitor.
    const listener = (n) => {
      const member = members[Math.floor(n / tabs)];
      return member
        ? {
            key: member.id,
            address: member.address,
            cookie: member.cookie,
            topics: topics.replaceAll("{member}", member.id),
          }
        : { key: addressOf(n), address: addressOf(n), cookie: null, topics };
    };
    const perInstance = new Map();
    for (let n = 0; n < count; n++) {
      const { key, topics: own } = listener(n);
      for (const name of instancesOf(own.split(","), key)) perInstance.set(name, (perInstance.get(name) ?? 0) + 1);
    }
    for (let i = 0; i < count; i += CONNECT_BATCH) {
      const batch = Array.from({ length: Math.min(CONNECT_BATCH, count - i) }, (_, k) =>
        subscribe(base, agent, listener(i + k)),
      );
      const settled = await Promise.allSettled(batch);
      for (const s of settled) if (s.status === "fulfilled") subscribers.push(s.value);
      const refused = settled.filter((s) => s.status === "rejected").map((s) => s.reason.message);
      if (refused.length > 0) {
        const tally = new Map();
        for (const m of refused) tally.set(m, (tally.get(m) ?? 0) + 1);
        const kinds = [...tally].map(([m, n]) => `${n} x ${m}`);
        throw new Error(
          `${refused.length} of subscribers ${i + 1}-${i + batch.length} were not let in (${subscribers.length} were): ${kinds.join("; ")}`,
        );
      }
    }
    const counts = [...perInstance.values()];
    log(
      `  ${subscribers.length} subscribers connected on ${topics} (${anonymous ? "visitors" : `${memberCount} members`}), over ${perInstance.size} hub instance(s), ${Math.min(...counts)}-${Math.max(...counts)} streams each`,
    );
    const latencies = [];
    const acks = [];
    const perWrite = [];
    const cpuBefore = server?.cpuMsByName() ?? {};
    for (let w = 0; w < writes; w++) {
      const before = subscribers.map((s) => s.changes.length);
      const sentAt = performance.now();
      await publish(base, publishTopics);
      acks.push(performance.now() - sentAt);
      const deadline = Date.now() + 5_000;
      while (Date.now() < deadline && subscribers.some((s, i) => s.changes.length === before[i])) await sleep(5);
      let arrived = 0;
      for (const [i, s] of subscribers.entries()) {
        if (s.changes.length > before[i]) {
          arrived++;
          latencies.push(s.changes[before[i]] - sentAt);
        }
      }
      perWrite.push(arrived);
      await sleep(100);
    }
    // The server's CPU per write, idle gaps included: what a write costs independent of machine load.
    const cpuAfter = server?.cpuMsByName() ?? {};
    const cpuPerWrite = Object.fromEntries(
      Object.keys(cpuAfter).map((k) => [k, (cpuAfter[k] - (cpuBefore[k] ?? 0)) / writes]),
    );
    const delivered = perWrite.reduce((a, b) => a + b, 0);
    const closedEarly = subscribers.filter((s) => s.ended).length;
    if (delivered < count * writes || closedEarly > 0) {
      const short = perWrite.flatMap((n, w) => (n < count ? [`write ${w + 1}: ${n}/${count}`] : []));
      throw new Error(
        `delivered ${delivered}/${count * writes} events (${short.slice(0, 5).join(", ") || "every write whole"}); ${closedEarly} streams ended during the run`,
      );
    }
    latencies.sort((a, b) => a - b);
    acks.sort((a, b) => a - b);
    const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
    return {
      subscribers: count,
      members: memberCount,
      instances: perInstance.size,
      streamsPerInstance: [Math.min(...counts), Math.max(...counts)],
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
      load: loadavg(),
    };
  } finally {
    for (const s of subscribers) s.req.destroy();
    agent.destroy();
    await server?.stop();
  }
}

export const FANOUT_TARGET_P99_MS = 200;

export function printFanout(r, log = console.log) {
  const ms = (v) => `${v.toFixed(1)} ms`;
  const who = r.members ? `${r.members} members` : "visitors";
  log(
    `  subscribers ${r.subscribers} (${who}), writes ${r.writes}, listening on ${r.topics}, publishing ${r.publishTopics}`,
  );
  log(
    `  hub instances ${r.instances} (${r.streamsPerInstance.join("-")} streams each); delivered/expected: ${r.delivered}/${r.expected}`,
  );
  const met = r.p99 <= FANOUT_TARGET_P99_MS ? "met" : "MISSED";
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
}

async function startServer(port, inspectorPort, members, hubMaxStreams) {
  const persistTo = await freshState({ cwd: ROOT, prefix: "live-bench-" });
  if (members > 0) seedMembers(persistTo, members);
  const vars = { ENVIRONMENT: "development", SESSION_SECRET: "bench-session-secret", HONEYPOT_SEED: "bench-honeypot" };
  if (hubMaxStreams) vars.HUB_MAX_STREAMS = String(hubMaxStreams);
  return startWrangler({ name: "live", cwd: ROOT, port, inspectorPort, persistTo, vars, readyPath: "/signin" });
}

/** One stream, from the listener's own address (as the edge reports it); resolves at its `ready` event. */
function subscribe(base, agent, { cookie, address, topics }) {
  const headers = { Accept: "text/event-stream", "CF-Connecting-IP": address, ...(cookie ? { Cookie: cookie } : {}) };
  return new Promise((resolve, reject) => {
    const s = { changes: [], ended: false, req: null };
    const fail = (message) => {
      clearTimeout(timer);
      s.ended = true;
      req.destroy();
      reject(new Error(message));
    };
    const timer = setTimeout(() => fail(`no ready event within ${CONNECT_TIMEOUT_MS / 1000} s`), CONNECT_TIMEOUT_MS);
    const req = http.get(`${base}/events?topics=${encodeURIComponent(topics)}`, { headers, agent }, (res) => {
      res.setEncoding("utf8");
      let buffer = "";
      if (res.statusCode !== 200) {
        res.on("data", (chunk) => (buffer += chunk));
        res.on("end", () => fail(`/events answered ${res.statusCode} "${buffer.trim().slice(0, 100)}"`));
        return;
      }
      res.on("data", (chunk) => {
        const now = performance.now();
        buffer += chunk;
        let cut;
        while ((cut = buffer.indexOf("\n\n")) !== -1) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          if (block.includes("event: ready")) {
            clearTimeout(timer);
            resolve(s);
          } else if (block.includes("event: change")) s.changes.push(now);
        }
      });
      res.on("end", () => (s.ended = true));
      res.on("error", () => (s.ended = true));
    });
    req.on("error", (error) => fail(error.message));
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
  const arg = (name, fallback) => option(`--${name}`, fallback);
  const topics = arg("topics", "goal:goal-running");
  console.log(
    `machine: ${cpus().length} x ${cpus()[0]?.model}, ${Math.round(totalmem() / 2 ** 30)} GB; node ${process.version}`,
  );
  try {
    const result = await runFanout({
      subscribers: Number(arg("subscribers", 1000)),
      writes: Number(arg("writes", 20)),
      topics,
      publishTopics: arg("publish"),
      tabs: Number(arg("tabs", 1)),
      port: Number(arg("port", 8824)),
      inspectorPort: Number(arg("inspector-port", 9424)),
      url: arg("url"),
      anonymous: flag("--anonymous"),
      hubMaxStreams: arg("hub-max-streams") && Number(arg("hub-max-streams")),
    });
    printFanout(result);
  } catch (error) {
    console.error(`live fan-out bench FAILED: ${error.message}`);
    process.exitCode = 1;
  }
}
