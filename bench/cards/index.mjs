#!/usr/bin/env node
/**
 * Card drawing cost (ADR 272): the card Worker alone under `wrangler dev`, N distinct cards (each a miss:
 * a different figure), the CPU time workerd spent on them read from /proc (user + system), and the wall
 * time per card. A hit costs no drawing at all: it is one R2 read in the app (ADR 273).
 *   node bench/cards/index.mjs [--cards 20] [--port 9010] [--inspector-port 9510]
 * Linux only (/proc). Not part of `npm test`.
 */
import { execFileSync, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import os from "node:os";
import { option } from "../lib/options.mjs";
import { quietEnv } from "../../scripts/seed.mjs";

const cards = Number(option("--cards", 20));
const port = option("--port", "9010");
const inspectorPort = option("--inspector-port", "9510");
const url = `http://127.0.0.1:${port}/`;

const child = spawn(
  "npx",
  [
    "wrangler",
    "dev",
    "-c",
    "workers/cards/wrangler.toml",
    "--ip",
    "127.0.0.1",
    "--port",
    port,
    "--inspector-port",
    inspectorPort,
    "--log-level",
    "error",
  ],
  { env: quietEnv(), detached: true, stdio: "ignore" },
);
const stop = () => {
  try {
    process.kill(-child.pid, "SIGTERM");
  } catch {
    // already gone
  }
};

const spec = (i, format) => ({
  format,
  kicker: "Sponsor Priya Shah",
  title: "Miles for Shelter this month",
  figure: `${(10 + i * 1.37).toFixed(1)} miles`,
  figureNote: "of 100 miles",
  percent: Math.min(100, 10 + i),
  badge: "25% of my target: 25 miles",
  charity: "Raising for Shelter · £249.06 pledged to the challenge",
  link: `https://goals.example.org/sponsor/goal-challenge.member-${i}.${"x".repeat(43)}`,
  linkLabel: "Sponsor me",
});
const draw = (body) =>
  fetch(url, { method: "POST", body: JSON.stringify(body) }).then(async (r) => {
    if (r.headers.get("Content-Type") !== "image/png") throw new Error(`not a PNG: ${r.status}`);
    return (await r.arrayBuffer()).byteLength;
  });

/** CPU ticks (user + system) of every workerd in the server's process group. */
function workerdTicks() {
  const pids = execFileSync("pgrep", ["-g", String(child.pid), "workerd"])
    .toString()
    .trim()
    .split("\n");
  return pids.reduce((sum, pid) => {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return sum + Number(fields[11]) + Number(fields[12]);
  }, 0);
}

try {
  for (let i = 0; ; i++) {
    if (i > 240) throw new Error("the card Worker did not start");
    try {
      await draw(spec(0, "wide")); // also the warm-up: WebAssembly and fonts initialised
      break;
    } catch {
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  await draw(spec(0, "square"));
  const tick = 1000 / Number(execFileSync("getconf", ["CLK_TCK"]).toString());
  const results = [];
  for (const format of ["wide", "square"]) {
    const before = workerdTicks();
    const walls = [];
    let bytes = 0;
    for (let i = 1; i <= cards; i++) {
      const t = performance.now();
      bytes += await draw(spec(i, format));
      walls.push(performance.now() - t);
    }
    const cpu = ((workerdTicks() - before) * tick) / cards;
    walls.sort((a, b) => a - b);
    results.push({ format, cpuMs: cpu, wallMedianMs: walls[walls.length >> 1], pngKiB: bytes / cards / 1024 });
  }
  console.log(
    `Card drawing, ${cards} cards per format, load avg ${os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(" ")}`,
  );
  for (const r of results)
    console.log(
      `  ${r.format.padEnd(6)}  CPU ${r.cpuMs.toFixed(0)} ms/card  wall median ${r.wallMedianMs.toFixed(0)} ms  PNG ${r.pngKiB.toFixed(0)} KiB`,
    );
} finally {
  stop();
}
