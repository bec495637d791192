/**
 * Starts `wrangler dev` for the benchmarks: loopback only, its own ports and state, in its own
 * process group so it can be stopped (and its CPU time read) as a whole.
 */
import { spawn, execFileSync } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { quietEnv } from "../../scripts/seed.mjs";

const WRANGLER = new URL("../../node_modules/wrangler/bin/wrangler.js", import.meta.url).pathname;
const DEV_SERVER = new URL("./dev-server.mjs", import.meta.url).pathname;
/** BENCH_INSPECTOR=1 runs the `wrangler dev` command itself, devtools inspector and all (ADR 055). */
export const WITH_INSPECTOR = process.env.BENCH_INSPECTOR === "1";
const CLK_TCK = Number(execFileSync("getconf", ["CLK_TCK"]).toString().trim()) || 100;

/**
 * @param {{ name: string, cwd: string, config?: string, port: number, inspectorPort: number,
 *   persistTo?: string, vars?: Record<string,string>, readyPath?: string, inspector?: boolean,
 *   readyTimeoutMs?: number, extraArgs?: string[] }} options  extraArgs: more `wrangler dev` flags (with the inspector)
 */
export async function startWrangler({
  name,
  cwd,
  config,
  port,
  inspectorPort,
  persistTo,
  vars = {},
  readyPath = "/",
  inspector = WITH_INSPECTOR,
  readyTimeoutMs = 60_000,
  extraArgs = [],
}) {
  let args;
  if (inspector) {
    args = [
      WRANGLER,
      "dev",
      "--ip",
      "127.0.0.1",
      "--port",
      String(port),
      "--inspector-port",
      String(inspectorPort),
      "--log-level",
      "error",
    ];
    if (config) args.push("--config", config);
    if (persistTo) args.push("--persist-to", persistTo);
    for (const [k, v] of Object.entries(vars)) args.push("--var", `${k}:${v}`);
    args.push(...extraArgs);
  } else {
    args = [DEV_SERVER, JSON.stringify({ config: join(cwd, config ?? "wrangler.toml"), port, persistTo, vars })];
  }
  const child = spawn(process.execPath, args, {
    cwd,
    env: quietEnv(),
    detached: true,
    stdio: ["ignore", process.env.BENCH_SERVER_STDOUT ? "inherit" : "ignore", "pipe"],
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  let stderr = "";
  child.stderr.on("data", (d) => (stderr = (stderr + d).slice(-4000)));
  const url = `http://127.0.0.1:${port}`;
  const server = {
    name,
    url,
    pgid: child.pid,
    /**
     * Sends SIGTERM to the whole group; the promise settles once no process of it is left running
     * (zombies aside: PID 1 here may never reap them), after a SIGKILL if `graceMs` was not enough.
     */
    async stop({ graceMs = 15_000 } = {}) {
      signalGroup(child.pid, "SIGTERM");
      const deadline = Date.now() + graceMs;
      while (groupRunning(child.pid)) {
        if (Date.now() > deadline) signalGroup(child.pid, "SIGKILL");
        await new Promise((r) => setTimeout(r, 100));
      }
      await exited;
    },
    /** Whether wrangler is still running, and the tail of what it wrote to stderr. */
    alive: () => child.exitCode === null && child.signalCode === null,
    stderr: () => stderr,
    /** CPU seconds (user + system) used so far by every process of this server's group. */
    cpuSeconds: () => groupCpuSeconds(child.pid),
    /** The same in ms, per process name (wrangler's node, workerd, ...). */
    cpuMsByName: () => groupCpuMsByName(child.pid),
    /** The same to the nanosecond (the scheduler's per-thread run time), for timing one request. */
    cpuNsByName: () => groupCpuNsByName(child.pid),
  };
  const deadline = Date.now() + readyTimeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name}: wrangler exited (${child.exitCode}):\n${stderr}`);
    try {
      const res = await fetch(url + readyPath, { redirect: "manual", signal: AbortSignal.timeout(10_000) });
      await res.arrayBuffer();
      if (res.status < 500) return server;
    } catch {
      // not up yet / already gone
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  await server.stop();
  throw new Error(`${name}: not ready on ${url} within ${readyTimeoutMs / 1000} s:\n${stderr}`);
}

function signalGroup(pgid, signal) {
  try {
    process.kill(-pgid, signal);
  } catch {
    // not up yet / already gone
  }
}

/** Whether any process of the group is still running (a zombie, state Z, has exited). */
function groupRunning(pgid) {
  return groupStats(pgid).some((fields) => fields[0] !== "Z");
}

/** /proc/{pid}/stat of every process in a group, as the fields after the command name. */
function groupStats(pgid) {
  const stats = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let stat;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue;
    }
    // Fields after the command name (which may contain spaces) start at state (field 3).
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    fields.name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")); // field 2: comm
    fields.pid = entry;
    if (Number(fields[2]) === pgid) stats.push(fields); // field 5: pgrp
  }
  return stats;
}

function groupCpuMsByName(pgid) {
  const ms = {};
  for (const fields of groupStats(pgid)) {
    const name = fields.name;
    ms[name] = (ms[name] ?? 0) + ((Number(fields[11]) + Number(fields[12])) * 1000) / CLK_TCK;
  }
  return ms;
}

/**
 * CPU time per process name in ns: the sum of /proc/{pid}/task/{tid}/schedstat's first field (time on
 * a CPU) over every thread. The stat file counts clock ticks (10 ms), too coarse for one request.
 */
function groupCpuNsByName(pgid) {
  const ns = {};
  for (const fields of groupStats(pgid)) {
    let total = 0;
    let tasks = [];
    try {
      tasks = readdirSync(`/proc/${fields.pid}/task`);
    } catch {
      continue; // gone
    }
    for (const tid of tasks) {
      try {
        total += Number(readFileSync(`/proc/${fields.pid}/task/${tid}/schedstat`, "utf8").split(" ")[0]);
      } catch {
        // the thread ended
      }
    }
    ns[fields.name] = (ns[fields.name] ?? 0) + total;
  }
  return ns;
}

function groupCpuSeconds(pgid) {
  let ticks = 0;
  for (const fields of groupStats(pgid)) ticks += Number(fields[11]) + Number(fields[12]); // fields 14, 15: utime, stime
  return ticks / CLK_TCK;
}
