#!/usr/bin/env node
/**
 * What grows every day, and how big D1 is after a year at 1M members (docs/scale.md, "Growth"). Builds a
 * SQLite database from the real migrations, writes a generated sample of every table that grows with use
 * (random 32-hex ids as newId() makes them, so the B-trees fill as in production; values of realistic
 * width), then measures each table's bytes with its indexes (SQLite's dbstat: pages actually used) and
 * divides by the rows: bytes per row, measured. The model's rows per active member per day are
 * assumptions, stated in MODEL; retention is the cron's (ADR 295). Prints both tables as Markdown.
 * Usage: node bench/scale/growth.mjs [--rows N]   (needs /usr/bin/sqlite3; ~1 minute at 100,000)
 * Not part of `npm run bench`.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const argv = process.argv.slice(2);
const ROWS = argv.includes("--rows") ? Number(argv[argv.indexOf("--rows") + 1]) : 100_000;
const ROOT = new URL("../..", import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), "gwf-growth-"));
const db = join(dir, "growth.sqlite");
const sqlite = (script) =>
  execFileSync("sqlite3", [db], { input: script, encoding: "utf8", maxBuffer: 512 * 1024 * 1024 });

sqlite(
  readdirSync(join(ROOT, "migrations"))
    .filter((f) => f.endsWith(".sql"))
    .sort()
    .map((f) => readFileSync(join(ROOT, "migrations", f), "utf8").replaceAll("--> statement-breakpoint", ""))
    .join("\n"),
);

const MEMBERS = 10_000;
const GOALS = 200;
const now = Date.now();
const DAY = 86_400_000;
const range = (n) => `WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < ${n})`;
const id = "lower(hex(randomblob(16)))";
// A member and a goal picked from x, by their 32-hex ids (tables u and g hold them in order).
const member = (salt) => `(SELECT id FROM u WHERE n = 1 + (x * ${salt}) % ${MEMBERS})`;
const goal = (salt) => `(SELECT id FROM g WHERE n = 1 + (x * ${salt}) % ${GOALS})`;
const text = (len) => `substr(hex(randomblob(${len})), 1, ${len})`; // incompressible, as real text is to SQLite
const day = `date(${now / 1000} - (x % 365) * 86400, 'unixepoch')`;
const at = `(${now} - (${ROWS} - x) * 600)`; // one row every 10 minutes, oldest first

sqlite(`
PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF;
BEGIN;
CREATE TEMP TABLE u (n INTEGER PRIMARY KEY, id TEXT);
CREATE TEMP TABLE g (n INTEGER PRIMARY KEY, id TEXT);
${range(MEMBERS)} INSERT INTO u SELECT x, ${id} FROM c;
${range(GOALS)} INSERT INTO g SELECT x, ${id} FROM c;
INSERT INTO users (id, first, last, email, password_hash, created_at)
  SELECT id, 'Member', 'Number ' || n, 'member' || n || '@example.com', 'pbkdf2-sha256$100000$' || hex(randomblob(16)) || '$' || hex(randomblob(32)), ${now} FROM u;
INSERT INTO goals (id, cause, start, "end", unit, unit_target) SELECT id, 'Goal ' || n || ': walk 100 km in a month', '2026-01-01', '2026-12-31', 'km', 10000 FROM g;
COMMIT;
BEGIN;
-- An entry: a member's day in a goal, a note on one in five, a form's idempotency key (a UUID).
${range(ROWS)} INSERT INTO progress_entries (id, goal_id, user_id, amount, day, note, idempotency_key, created_at, updated_at)
  SELECT ${id}, ${goal(7)}, ${member(13)}, 100 + x % 2000, ${day}, CASE WHEN x % 5 = 0 THEN ${text(30)} END,
         lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-a' || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6))),
         ${at}, ${at} FROM c;
-- A bell line: 'cheer:{goal}:{from}' and the like, read, mailed.
${range(ROWS)} INSERT OR IGNORE INTO notifications (id, user_id, kind, goal_id, actor_id, event_key, read_at, emailed_at, created_at)
  SELECT ${id}, ${member(17)}, 'cheer', ${goal(11)}, ${member(19)}, 'cheer:' || ${id} || ':' || ${id}, ${at} + 3600000, ${at} + 60000, ${at} FROM c;
-- A message: ~120 characters.
${range(ROWS)} INSERT INTO messages (id, goal_id, user_id, body, created_at) SELECT ${id}, ${goal(23)}, ${member(29)}, ${text(120)}, ${at} FROM c;
-- A cheer: (goal, from, to).
${range(ROWS)} INSERT OR IGNORE INTO cheers (goal_id, from_user_id, to_user_id, created_at)
  SELECT ${goal(31)}, ${member(37)}, ${id}, ${at} FROM c;
-- A notification mail, as notification-mail.server.ts writes it: ~90-character subject, the line, its link
-- and the footer with the unsubscribe link (~450 characters of text), sent.
${range(ROWS)} INSERT INTO mail_outbox (id, "to", subject, text, kind, status, attempts, sent_at, created_at)
  SELECT ${id}, 'member' || x || '@example.com', ${text(70)}, ${text(450)}, 'notification', 'sent', 1, ${at} + 5000, ${at} FROM c;
-- A session (30 days).
${range(ROWS)} INSERT INTO sessions (id, user_id, expires_at, created_at) SELECT ${id}, ${member(41)}, ${at} + 30 * ${DAY}, ${at} FROM c;
-- A membership and its totals row (a join).
${range(ROWS)} INSERT OR IGNORE INTO user_goals (user_id, goal_id, joined_at, visited_on) SELECT ${id}, ${goal(43)}, ${at}, ${day} FROM c;
${range(ROWS)} INSERT OR IGNORE INTO progress_totals (goal_id, user_id, total, entries, last_day, reached_at)
  SELECT ${goal(47)}, ${id}, x % 100000, x % 60, ${day}, ${at} FROM c;
-- A goal's day (goal_day_totals): already written by the entries' trigger, one row per goal and day.
-- An admin's audit line.
${range(ROWS)} INSERT INTO audit_log (id, actor_id, action, target, detail, created_at)
  SELECT ${id}, ${member(53)}, 'entry.remove', ${id}, ${text(40)}, ${at} FROM c;
COMMIT;
`);

const tables = [
  "progress_entries",
  "goal_day_totals",
  "notifications",
  "messages",
  "cheers",
  "mail_outbox",
  "sessions",
  "user_goals",
  "progress_totals",
  "audit_log",
];
const pages = Object.fromEntries(
  sqlite(
    "SELECT m.tbl_name, sum(CASE WHEN m.type = 'table' THEN d.pgsize ELSE 0 END), sum(CASE WHEN m.type = 'index' THEN d.pgsize ELSE 0 END) FROM dbstat AS d JOIN sqlite_master AS m ON m.name = d.name GROUP BY m.tbl_name;",
  )
    .trim()
    .split("\n")
    .map((l) => l.split("|"))
    .map(([t, data, index]) => [t, { data: Number(data), index: Number(index) }]),
);
const measured = {};
for (const t of tables) {
  const rows = Number(sqlite(`SELECT count(*) FROM ${t};`).trim());
  const indexes = Number(
    sqlite(`SELECT count(*) FROM sqlite_master WHERE type = 'index' AND tbl_name = '${t}';`).trim(),
  );
  const { data, index } = pages[t];
  measured[t] = { rows, indexes, data: data / rows, index: index / rows, total: (data + index) / rows };
}
const version = sqlite("select sqlite_version();").trim();
rmSync(dir, { recursive: true, force: true });

// The model (assumptions, docs/scale.md "The load we plan for"): 1M members, 100,000 active a day; rows
// per active member per day; how long the cron keeps them (ADR 295; null: for good).
const ACTIVE = 100_000;
const MODEL = [
  ["progress_entries", 1.0, null, "one logged amount a day (measured goals)"],
  ["goal_day_totals", 0.025, null, "one row per running goal (2,500) and day"],
  ["notifications (read)", 1.0, 90, "cheers, message lines, reminders, dates; deleted 90 days after being read"],
  ["notifications (never read)", 0.2, null, "to members who drift away: kept"],
  ["notifications (badges)", 0.1, null, "kept: the badge's record (ADR 295)"],
  ["messages", 0.2, null, ""],
  ["cheers", 0.3, null, "one per (goal, from, to)"],
  ["mail_outbox", 1.0, 30, "notification mail (at most 5 a member every 15 min)"],
  ["sessions", 0.1, 30, "a sign-in every 10 days, 30-day sessions"],
  ["user_goals", 0.02, null, "a join every 50 days"],
  ["progress_totals", 0.02, null, "with each join"],
  ["audit_log", 0.001, null, "admins' actions"],
];
/**
 * With an archive: the days a challenge's entries stay in D1 (a 30-day challenge, then 30 days after its end).
 * Modelled before ADR 303, which keeps them 90 days after the end.
 */
const ARCHIVED_ENTRY_DAYS = 60;
const tableOf = (name) => name.split(" ")[0];
const fmt = (n, d = 0) => n.toLocaleString("en", { maximumFractionDigits: d, minimumFractionDigits: d });
const GB = 1e9;

console.log(`\nMeasured (SQLite ${version}, ${fmt(ROWS)} generated rows a table, dbstat page bytes):\n`);
console.log("| table | indexes | bytes/row: data | indexes | total |");
console.log("|---|---|---|---|---|");
for (const t of tables) {
  const m = measured[t];
  console.log(`| ${t} | ${m.indexes} | ${fmt(m.data)} | ${fmt(m.index)} | **${fmt(m.total)}** |`);
}

console.log(`\nModel at 1M members (${fmt(ACTIVE)} active a day), year one with retention:\n`);
console.log(
  "| table | rows / active member / day | rows / day | bytes / day | kept | rows after a year | size after a year | note |",
);
console.log("|---|---|---|---|---|---|---|---|");
let total = 0;
let perDay = 0;
let writes = 0;
for (const [name, rate, keepDays, note] of MODEL) {
  const m = measured[tableOf(name)];
  const rows = rate * ACTIVE;
  const kept = rows * Math.min(365, keepDays ?? 365);
  total += kept * m.total;
  perDay += rows * m.total;
  writes += rows * (1 + m.indexes);
  console.log(
    `| ${name} | ${rate} | ${fmt(rows)} | ${fmt((rows * m.total) / 1e6, 1)} MB | ${keepDays ? `${keepDays} days` : "for good"} | ${fmt(kept / 1e6, 1)}M | **${fmt((kept * m.total) / GB, 2)} GB** | ${note} |`,
  );
}
const entries = measured.progress_entries.total * MODEL[0][1] * ACTIVE;
const archived = total - entries * (365 - ARCHIVED_ENTRY_DAYS);
const cost = (bytes) => Math.max(0, bytes / GB - 5) * 0.75;
const writesMonth = writes * 30;
console.log(
  `\nGrowth: ${fmt(perDay / 1e6)} MB a day before retention; after a year with retention **${fmt(total / GB, 1)} GB** (+ the members' own rows).`,
);
console.log(
  `With entries archived ${ARCHIVED_ENTRY_DAYS} days after they were logged (ended challenges to R2): **${fmt(archived / GB, 1)} GB**.`,
);
console.log(
  `D1 storage above the 5 GB included, at $0.75 a GB-month: $${fmt(cost(total), 2)} a month at the end of year one ($${fmt(cost(archived), 2)} with the archive).`,
);
console.log(
  `Rows written by growth (a row and each of its indexes count, D1 pricing): ${fmt(writesMonth / 1e6, 1)}M a month; above the 50M included at $1 a million: $${fmt(Math.max(0, writesMonth / 1e6 - 50), 2)} a month.`,
);
