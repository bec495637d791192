#!/usr/bin/env node
/**
 * SQLite time of a page's own statements, one by one, on the bench's database: what D1 would spend in
 * SQLite for the page (its `meta.duration` ticks in whole ms locally, too coarse for a 1.5 ms budget).
 *   node bench/capture.mjs --out FILE                 (prints the bench's state directory, STATE)
 *   node bench/sql-time.mjs FILE STATE [--page main] [--runs 200] [--best 5]
 * Each statement runs `runs` times in one sqlite3 process with its captured bindings (the sqlite3 CLI:
 * the engine D1 runs, local disk, warm cache); the same process running as many `SELECT 1;` is taken
 * off (start-up, the CLI's loop); best of `best`, so a busy neighbour on the machine does not count.
 * Run under the heavy lock (docs/benchmarks.md, "/main's SQL").
 */
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { option } from "./lib/options.mjs";

const [file, state] = process.argv.slice(2).filter((a, i, all) => !a.startsWith("--") && !all[i - 1]?.startsWith("--"));
if (!file || !state) {
  console.error("usage: node bench/sql-time.mjs CAPTURED.json STATE_DIR [--page main] [--runs 200] [--best 5]");
  process.exit(2);
}
const page = option("--page", "main");
const runs = Number(option("--runs", "200"));
const best = Number(option("--best", "5"));

/** The D1 database's file under the state directory (v3/d1/miniflare-D1DatabaseObject/*.sqlite). */
function databaseFile(dir) {
  const found = [];
  const walk = (d) => {
    for (const name of readdirSync(d)) {
      const path = join(d, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith(".sqlite") && path.includes("D1DatabaseObject")) found.push(path);
    }
  };
  walk(dir);
  if (!found.length) throw new Error(`no D1 database under ${dir}`);
  return found.sort((a, b) => statSync(b).size - statSync(a).size)[0];
}

/** A binding as an SQL literal for temp.sqlite_parameters (the CLI binds `?N` from there). */
const literal = (v) =>
  v === null || v === undefined
    ? "null"
    : typeof v === "number" || typeof v === "bigint"
      ? String(v)
      : typeof v === "boolean"
        ? String(Number(v))
        : `'${String(v).replaceAll("'", "''")}'`;

const db = databaseFile(state);
function wallMs(script) {
  const t = process.hrtime.bigint();
  execFileSync("sqlite3", ["-readonly", db], {
    input: `.output /dev/null\n${script}`,
    stdio: ["pipe", "ignore", "pipe"],
    maxBuffer: 64 * 1024 * 1024,
  });
  return Number(process.hrtime.bigint() - t) / 1e6;
}
const bestOf = (script) => Math.min(...Array.from({ length: best }, () => wallMs(script)));

/** Numbers the bare `?` placeholders ?1, ?2, ... outside string literals (the CLI binds by name). */
function numbered(sql) {
  let n = 0;
  let out = "";
  let quote = null;
  for (const ch of sql) {
    if (quote) {
      if (ch === quote) quote = null;
      out += ch;
    } else if (ch === "'" || ch === '"' || ch === "`") {
      quote = ch;
      out += ch;
    } else if (ch === "?") out += `?${++n}`;
    else out += ch;
  }
  return out;
}

const trips = JSON.parse(readFileSync(file, "utf8"))[page];
if (!trips) throw new Error(`no page ${page} in ${file}`);
const baseline = bestOf(Array.from({ length: runs }, () => "SELECT 1;").join("\n"));
const rows = [];
for (const [t, trip] of trips.entries())
  for (const [i, { sql, params }] of trip.statements.entries()) {
    const bind = params.map((v, k) => `INSERT INTO temp.sqlite_parameters VALUES ('?${k + 1}', ${literal(v)});`);
    const statement = numbered(sql).replace(/;?\s*$/, ";");
    const script = [".parameter init", ...bind, ...Array.from({ length: runs }, () => statement)].join("\n");
    const ms = Math.max(0, bestOf(script) - baseline) / runs;
    rows.push({ trip: t + 1, i: i + 1, ms, sql: sql.replace(/\s+/g, " ").slice(0, 90) });
  }
const total = rows.reduce((s, r) => s + r.ms, 0);
console.log(`${page}: ${rows.length} statements in ${trips.length} round trip(s), ${runs} runs each, best of ${best}`);
for (const r of rows) console.log(`  ${r.trip}.${String(r.i).padStart(2)}  ${r.ms.toFixed(3)} ms  ${r.sql}`);
console.log(
  `  total ${total.toFixed(3)} ms of SQLite time (load average ${(await import("node:os"))
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")})`,
);
