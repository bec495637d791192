#!/usr/bin/env node
/**
 * The archive of ended challenges at scale (ADR 303): builds a SQLite database from the real migrations
 * with 10,000,000 entries across 50,000 goals (40% of the goals ended more than 90 days ago), then
 *  1. times the hot screens' entry statements (the goal screen's, the home's streak, the organiser's list)
 *     and prints their plans;
 *  2. archives a sample of ended goals step by step as app/features/archive/archive.server.ts does (keyset
 *     read, gzip with CompressionStream, read back and parse, mark, bounded delete) and prints the time
 *     per challenge of each step, and the file's bytes per entry;
 *  3. archives every other ended goal, and times and explains the hot statements again (they must not
 *     change), with the size of progress_entries and its indexes before and after.
 * The SQL runs in the sqlite3 CLI (the engine D1 runs, local disk, warm cache); the compression in Node's
 * own CompressionStream (workerd's is the same zlib). R2's own latency is not measured here.
 * Usage: node bench/scale/archive.mjs [--entries N] [--goals N] [--members N] [--sample N] [--runs N]
 * Not part of `npm run bench` (building 10M entries takes minutes). docs/benchmarks.md quotes its output.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const argv = process.argv.slice(2);
const opt = (name, fallback) => (argv.includes(name) ? Number(argv[argv.indexOf(name) + 1]) : fallback);
const ENTRIES = opt("--entries", 10_000_000);
const GOALS = opt("--goals", 50_000);
const MEMBERS = opt("--members", 200_000);
const SAMPLE = opt("--sample", 200);
const RUNS = opt("--runs", 200);
const ROOT = new URL("../..", import.meta.url).pathname;
const DAY = 86_400_000;

const dir = mkdtempSync(join(tmpdir(), "gwf-archive-"));
const db = join(dir, "scale.sqlite");
const sqlite = (script, args = []) =>
  execFileSync("sqlite3", [...args, db], { input: script, encoding: "utf8", maxBuffer: 1024 * 1024 * 1024 });
const ms = (t) => Number(process.hrtime.bigint() - t) / 1e6;

const migrations = readdirSync(join(ROOT, "migrations"))
  .filter((f) => f.endsWith(".sql"))
  .sort();
let t = process.hrtime.bigint();
sqlite(
  migrations
    .map((f) => readFileSync(join(ROOT, "migrations", f), "utf8").replaceAll("--> statement-breakpoint", ""))
    .join("\n"),
);
const now = Date.now();
const today = new Date(now).toISOString().slice(0, 10);
const addDays = (d, n) => new Date(Date.parse(d) + n * DAY).toISOString().slice(0, 10);
const cutoff = addDays(today, -90);
const range = (n) => `WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < ${n})`;
// Goal g<n>: every 5th in 2 is ended long ago (n % 5 < 2), the rest running. Its entries sit inside its dates.
sqlite(`
PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF;
DROP TRIGGER progress_entries_day_insert;
BEGIN;
${range(MEMBERS)} INSERT INTO users (id, first, last, email, password_hash, created_at)
  SELECT 'u' || x, 'Member', 'Number ' || x, 'member' || x || '@example.com', 'x', ${now} FROM c;
${range(GOALS)} INSERT INTO goals (id, cause, start, "end", unit, unit_target)
  SELECT 'g' || x, 'Goal ' || x || ': walk 100 km in a month',
    CASE WHEN x % 5 < 2 THEN date('${today}', '-' || (150 + x % 200) || ' days') ELSE date('${today}', '-30 days') END,
    CASE WHEN x % 5 < 2 THEN date('${today}', '-' || (120 + x % 200) || ' days') ELSE date('${today}', '+30 days') END,
    'km', 10000 FROM c;
COMMIT;
BEGIN;
${range(ENTRIES)} INSERT INTO progress_entries (id, goal_id, user_id, amount, day, note, idempotency_key, created_at, updated_at)
  SELECT lower(hex(randomblob(16))), 'g' || (1 + (x * 7) % ${GOALS}), 'u' || (1 + ((x * 7) % ${GOALS} * 31 + x % 20) % ${MEMBERS}),
    100 + x % 2000,
    CASE WHEN ((x * 7) % ${GOALS} + 1) % 5 < 2 THEN date('${today}', '-' || (120 + ((x * 7) % ${GOALS} + 1) % 200 + x % 30) || ' days')
      ELSE date('${today}', '-' || (x % 30) || ' days') END,
    CASE WHEN x % 5 = 0 THEN 'Note ' || hex(randomblob(12)) END, lower(hex(randomblob(16))),
    ${now} - (${ENTRIES} - x) * 60, ${now} - (${ENTRIES} - x) * 60 FROM c;
COMMIT;
INSERT INTO goal_day_totals (goal_id, day, amount, entries)
  SELECT goal_id, day, sum(amount), count(*) FROM progress_entries GROUP BY goal_id, day;
INSERT INTO progress_totals (goal_id, user_id, total, entries, last_day, reached_at)
  SELECT goal_id, user_id, sum(amount), count(*), max(day), max(updated_at) FROM progress_entries GROUP BY goal_id, user_id;
ANALYZE;
`);
console.log(
  `SQLite ${sqlite("select sqlite_version();").trim()}: ${ENTRIES.toLocaleString("en")} entries, ${GOALS.toLocaleString("en")} goals (${Math.round(GOALS * 0.4).toLocaleString("en")} ended over 90 days ago), ${MEMBERS.toLocaleString("en")} members; built in ${(ms(t) / 1000).toFixed(0)} s`,
);

// (goal, member) pairs that have entries, running goals only, and a sample of ended goals to archive.
const pick = (sql) => JSON.parse(sqlite(sql, ["-json"]) || "[]");
const pairs = pick(
  `SELECT goal_id AS g, user_id AS u FROM progress_totals WHERE goal_id IN (SELECT id FROM goals WHERE "end" >= '${today}') ORDER BY random() LIMIT ${RUNS};`,
);
const ended = pick(
  `SELECT id FROM goals WHERE archived_at IS NULL AND "end" < '${cutoff}' ORDER BY "end" LIMIT ${SAMPLE};`,
).map((r) => r.id);

const HOT = {
  "goal screen: my latest entries": (p) =>
    `SELECT id, amount, day, note FROM progress_entries WHERE goal_id = '${p.g}' AND user_id = '${p.u}' ORDER BY day DESC, created_at DESC LIMIT 10;`,
  "goal screen: my days (streak)": (p) =>
    `SELECT DISTINCT day FROM progress_entries WHERE goal_id = '${p.g}' AND user_id = '${p.u}' ORDER BY day DESC LIMIT 400;`,
  "goal screen: the group's latest": (p) =>
    `SELECT progress_entries.id, amount, day, note, users.first FROM progress_entries LEFT JOIN users ON users.id = progress_entries.user_id WHERE goal_id = '${p.g}' ORDER BY progress_entries.created_at DESC LIMIT 5;`,
  "goal screen: my chart days": (p) =>
    `SELECT day, sum(amount) FROM progress_entries WHERE goal_id = '${p.g}' AND user_id = '${p.u}' AND day >= date('${today}', '-62 days') GROUP BY day;`,
  "goal screen: my badge entries": (p) =>
    `SELECT day, amount, created_at FROM progress_entries WHERE goal_id = '${p.g}' AND user_id = '${p.u}' LIMIT 5000;`,
  "goal screen: the group's chart days": (p) =>
    `SELECT day, amount FROM goal_day_totals WHERE goal_id = '${p.g}' AND day >= date('${today}', '-62 days');`,
  "home: streak days of a card": (p) =>
    `SELECT group_concat(DISTINCT day) FROM progress_entries WHERE goal_id = '${p.g}' AND user_id = '${p.u}' AND day >= date('${today}', '-400 days');`,
  "organiser: entries page 1": (p) =>
    `SELECT progress_entries.id, amount, day FROM progress_entries WHERE goal_id = '${p.g}' ORDER BY created_at DESC LIMIT 50 OFFSET 0;`,
};

function wallMs(script) {
  const start = process.hrtime.bigint();
  execFileSync("sqlite3", [db], { input: `.output /dev/null\n${script}`, stdio: ["pipe", "ignore", "pipe"] });
  return ms(start);
}
const best = (s) => Math.min(wallMs(s), wallMs(s), wallMs(s));

function hot() {
  const baseline = best(pairs.map(() => "SELECT 1;").join("\n"));
  return Object.entries(HOT).map(([label, make]) => ({
    label,
    mean: Math.max(0, best(pairs.map(make).join("\n")) - baseline) / pairs.length,
    plan: sqlite(`EXPLAIN QUERY PLAN ${make(pairs[0])}`)
      .split("\n")
      .filter((l) => l.trim() && !l.startsWith("QUERY PLAN"))
      .map((l) => l.replace(/^[|`\-\s]+/, ""))
      .join("; "),
  }));
}

const entrySize = () => {
  const rows = pick(
    `SELECT sum(pgsize) AS bytes FROM dbstat WHERE name = 'progress_entries' OR name LIKE 'progress_entries_%' OR name = 'sqlite_autoindex_progress_entries_1';`,
  );
  return rows[0].bytes;
};

const before = { hot: hot(), bytes: entrySize(), file: statSync(db).size };

// 2. The job's steps per challenge, on the sample: each SQL step for every sampled goal in one sqlite3
// process (minus as many `SELECT 1;`), the compression in Node on the rows read.
const COLUMNS = `id, user_id, amount, day, note, idempotency_key, sport, moving_seconds, file_hash, import_id, created_at, updated_at`;
const readSql = (goal) =>
  `SELECT rowid AS r, ${COLUMNS} FROM progress_entries WHERE goal_id = '${goal}' AND (created_at, rowid) > (-1, -1) ORDER BY created_at, rowid LIMIT 5000;`;
const tallies = pick(
  `SELECT goal_id AS g, count(*) AS n, sum(amount) AS s, max(updated_at) AS u FROM progress_entries WHERE goal_id IN (${ended.map((g) => `'${g}'`).join(",")}) GROUP BY goal_id;`,
);
const markSql = (r) => `BEGIN;
UPDATE goals SET archived_at = ${now} WHERE id = '${r.g}' AND archived_at IS NULL
  AND (SELECT count(*) FROM progress_entries WHERE goal_id = '${r.g}') = ${r.n}
  AND (SELECT coalesce(sum(amount), 0) FROM progress_entries WHERE goal_id = '${r.g}') = ${r.s}
  AND (SELECT coalesce(max(updated_at), 0) FROM progress_entries WHERE goal_id = '${r.g}') = ${r.u}
  AND (SELECT count(*) FROM progress_entries WHERE goal_id = '${r.g}' AND user_id >= 'deleted-' AND user_id < 'deleted.') = 0;
INSERT INTO entry_archives SELECT '${r.g}', 'entries/${r.g}.jsonl.gz', ${r.n}, ${r.s}, 0, ${now}, NULL
  WHERE EXISTS (SELECT 1 FROM goals WHERE id = '${r.g}' AND archived_at = ${now});
COMMIT;`;
const deleteSql = (r) => `BEGIN;
DELETE FROM progress_entries WHERE rowid IN (SELECT rowid FROM progress_entries WHERE goal_id = '${r.g}' LIMIT 5000);
UPDATE entry_archives SET cleared_at = ${now} WHERE goal_id = '${r.g}' AND cleared_at IS NULL
  AND NOT EXISTS (SELECT 1 FROM progress_entries WHERE goal_id = '${r.g}');
COMMIT;`;
const once = (script) => wallMs(script);
const base = best(tallies.map(() => "SELECT 1;").join("\n"));
const baseTx = best(tallies.map(() => "BEGIN; SELECT 1; COMMIT;").join("\n"));
const steps = { read: 0, gzip: 0, verify: 0, mark: 0, delete: 0 };
steps.read = Math.max(0, best(tallies.map((r) => readSql(r.g)).join("\n")) - base);
let entries = 0;
let gzBytes = 0;
let jsonBytes = 0;
for (const r of tallies) {
  const rows = pick(readSql(r.g));
  let s = process.hrtime.bigint();
  const text = rows.map((e) => JSON.stringify({ ...e, r: undefined })).join("\n");
  const gz = new Uint8Array(
    await new Response(new Blob([text]).stream().pipeThrough(new CompressionStream("gzip"))).arrayBuffer(),
  );
  steps.gzip += ms(s);
  s = process.hrtime.bigint();
  const back = await new Response(new Blob([gz]).stream().pipeThrough(new DecompressionStream("gzip"))).text();
  if (back.split("\n").map((l) => JSON.parse(l)).length !== rows.length) throw new Error("read back differs");
  steps.verify += ms(s);
  entries += rows.length;
  gzBytes += gz.byteLength;
  jsonBytes += text.length;
}
// Marks and deletes write: timed once each (a second run would find nothing to do).
steps.mark = Math.max(0, once(tallies.map(markSql).join("\n")) - baseTx);
steps.delete = Math.max(0, once(tallies.map(deleteSql).join("\n")) - baseTx);
const left = pick(`SELECT count(*) AS n FROM entry_archives WHERE cleared_at IS NULL;`)[0].n;

// 3. Every other ended goal archived at once (the state a year of cron runs leaves), then the hot statements again.
t = process.hrtime.bigint();
sqlite(`PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; BEGIN;
UPDATE goals SET archived_at = ${now} WHERE archived_at IS NULL AND "end" < '${cutoff}';
INSERT OR IGNORE INTO entry_archives SELECT id, 'entries/' || id || '.jsonl.gz', 0, 0, 0, ${now}, ${now} FROM goals WHERE archived_at = ${now};
DELETE FROM progress_entries WHERE goal_id IN (SELECT id FROM goals WHERE archived_at IS NOT NULL);
COMMIT; VACUUM; ANALYZE;`);
const bulk = ms(t);
const after = { hot: hot(), bytes: entrySize(), file: statSync(db).size };
const remaining = pick(`SELECT count(*) AS n FROM progress_entries;`)[0].n;

const per = (x) => (x / tallies.length).toFixed(2);
console.log(
  `\n2. The archive job per challenge (${tallies.length} ended goals, ${(entries / tallies.length).toFixed(0)} entries each on average), ms:`,
);
console.log(
  `   read (keyset pages) ${per(steps.read)} ms, gzip ${per(steps.gzip)} ms, read back + parse ${per(steps.verify)} ms, mark ${per(steps.mark)} ms, delete ${per(steps.delete)} ms (SQLite time; R2's put and get not included)`,
);
console.log(
  `   file: ${(gzBytes / entries).toFixed(1)} bytes per entry gzip (${(jsonBytes / entries).toFixed(0)} as JSON lines); ${left} archives left uncleared`,
);
console.log(
  `\n3. Every ended goal archived (${(bulk / 1000).toFixed(0)} s in one go here); entries left in D1: ${remaining.toLocaleString("en")}`,
);
console.log(
  `   progress_entries with its indexes: ${(before.bytes / 2 ** 20).toFixed(0)} MiB -> ${(after.bytes / 2 ** 20).toFixed(0)} MiB (${(before.bytes / ENTRIES).toFixed(0)} bytes per entry); database file ${(before.file / 2 ** 20).toFixed(0)} -> ${(after.file / 2 ** 20).toFixed(0)} MiB`,
);
console.log(
  `\n1. Hot statements (${pairs.length} random running (goal, member) pairs, mean ms, best of 3), before -> after:`,
);
for (const [i, b] of before.hot.entries()) {
  const a = after.hot[i];
  console.log(
    `   ${b.label.padEnd(38)} ${b.mean.toFixed(3)} -> ${a.mean.toFixed(3)}   plan ${b.plan === a.plan ? "unchanged" : "CHANGED"}: ${a.plan}`,
  );
  if (b.plan !== a.plan) console.log(`      before: ${b.plan}`);
}
rmSync(dir, { recursive: true, force: true });
