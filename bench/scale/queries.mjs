#!/usr/bin/env node
/**
 * How the hot queries behave at 1M members: builds a SQLite database from the real migrations with
 * 1,000,000 members, 5,000 goals (half still running), 3 goal memberships per member and 300,000
 * live sessions, then times each screen's statements with the sqlite3 CLI (the same SQLite engine
 * D1 runs, local disk, warm cache) and prints the mean per statement and the storage per table.
 * Usage: node bench/scale/queries.mjs [--members N] [--goals N] [--runs N]   (needs /usr/bin/sqlite3)
 * docs/scale.md uses its figures. Not part of `npm run bench` (a minute or two to build the data).
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const argv = process.argv.slice(2);
const opt = (name, fallback) => (argv.includes(name) ? Number(argv[argv.indexOf(name) + 1]) : fallback);
const MEMBERS = opt("--members", 1_000_000);
const GOALS = opt("--goals", 5_000);
const SESSIONS = Math.round(MEMBERS * 0.3);
const RUNS = opt("--runs", 100);
const ROOT = new URL("../..", import.meta.url).pathname;

const db = join(mkdtempSync(join(tmpdir(), "gwf-scale-")), "scale.sqlite");
const sqlite = (script) =>
  execFileSync("sqlite3", [db], { input: script, encoding: "utf8", maxBuffer: 512 * 1024 * 1024 });

const migrations = readdirSync(join(ROOT, "migrations"))
  .filter((f) => f.endsWith(".sql"))
  .sort();
const started = Date.now();
sqlite(
  migrations
    .map((f) => readFileSync(join(ROOT, "migrations", f), "utf8").replaceAll("--> statement-breakpoint", ""))
    .join("\n"),
);
const now = Date.now();
const range = (n) => `WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < ${n})`;
sqlite(`
PRAGMA journal_mode = WAL;
BEGIN;
${range(MEMBERS)} INSERT INTO users (id, first, last, email, type, status, activegoals, password_hash, created_at)
  SELECT 'u' || x, 'First' || x, 'Last' || x, 'member' || x || '@example.com', CASE WHEN x % 1000 = 0 THEN 'org' ELSE 'user' END, 'new', 2,
         'pbkdf2-sha256$100000$' || hex(randomblob(16)) || '$' || hex(randomblob(32)), ${now} - x * 1000 FROM c;
${range(GOALS)} INSERT INTO goals (id, cause, start, "end", demo, visibility, org_id)
  SELECT 'g' || x, 'Goal ' || x || ': walk 10,000 steps a day with friends', date('now', '-' || (x % 300) || ' days'),
         date('now', CASE WHEN x % 2 = 0 THEN '+' ELSE '-' END || (1 + x % 200) || ' days'), CASE WHEN x % 997 = 0 THEN 1 ELSE 0 END,
         CASE WHEN x % 50 = 0 THEN 'private' ELSE 'public' END, CASE WHEN x % 50 = 0 THEN 'u' || (1000 * (1 + x % 500)) END FROM c;
${range(MEMBERS)} INSERT OR IGNORE INTO user_goals (user_id, goal_id, completed, joined_at)
  SELECT 'u' || x, 'g' || (1 + (x * 7) % ${GOALS}), 0, ${now} - x FROM c
  UNION ALL SELECT 'u' || x, 'g' || (1 + (x * 13 + 5) % ${GOALS}), 0, ${now} - x + 1 FROM c
  UNION ALL SELECT 'u' || x, 'g' || (1 + (x * 31 + 11) % ${GOALS}), 1, ${now} - x + 2 FROM c;
${range(SESSIONS)} INSERT INTO sessions (id, user_id, expires_at) SELECT 's' || x, 'u' || (1 + (x * 3) % ${MEMBERS}), ${now} + 86400000 FROM c;
COMMIT;
ANALYZE;
`);
const built = ((Date.now() - started) / 1000).toFixed(0);

// A pseudo-random member, session and goal per run, so no run is answered from a warm page alone.
const pick = (i, n, salt) => 1 + ((i * 7919 + salt * 104729) % n);
const today = new Date().toISOString().slice(0, 10);
const QUERIES = {
  "session lookup (every signed-in request)": (i) =>
    `select users.id, users.first, users.last, users.email, users.color, users.img, users.type, users.status, users.activegoals, users.created_at from sessions inner join users on users.id = sessions.user_id where (sessions.id = 's${pick(i, SESSIONS, 1)}' and sessions.expires_at > ${now}) limit 1;`,
  "member's active goals (/main batch 1/2)": (i) =>
    `select goals.id, goals.cause, goals.start, goals."end", goals.icon, user_goals.completed, user_goals.joined_at from user_goals inner join goals on goals.id = user_goals.goal_id where (user_goals.user_id = 'u${pick(i, MEMBERS, 2)}' and user_goals.completed = 0) order by user_goals.joined_at asc, user_goals.goal_id asc;`,
  "suggested goals, 50 (/main batch 2/2)": (i) =>
    `select id, cause, start, "end", icon, demo, visibility, org_id from goals where (goals.demo = 0 and (goals."end" is null or goals."end" >= '${today}') and (goals.visibility = 'public' or goals.org_id = 'u${pick(i, MEMBERS, 3)}') and not exists (select 1 from user_goals where (user_goals.user_id = 'u${pick(i, MEMBERS, 3)}' and user_goals.goal_id = goals.id))) order by goals.start is null, goals.start asc, goals.cause asc limit 50;`,
  "one goal with member counts (/active/{id})": (i) =>
    `select goals.id, goals.cause, (select count(*) from user_goals where user_goals.goal_id = goals.id and user_goals.completed = 0), (select count(*) from user_goals where user_goals.goal_id = goals.id and user_goals.completed = 1), user_goals.goal_id from goals left join user_goals on (user_goals.goal_id = goals.id and user_goals.user_id = 'u${pick(i, MEMBERS, 4)}') where goals.id = 'g${pick(i, GOALS, 4)}' limit 1;`,
  "join a goal (insert + recount, one batch)": (i) =>
    `BEGIN; insert or ignore into user_goals (user_id, goal_id, completed) values ('u${pick(i, MEMBERS, 5)}', 'g${pick(i, GOALS, 5)}', 0); update users set activegoals = (select count(*) from user_goals where user_goals.user_id = 'u${pick(i, MEMBERS, 5)}' and user_goals.completed = 0) where users.id = 'u${pick(i, MEMBERS, 5)}'; COMMIT;`,
  "sign-in: user by e-mail": (i) =>
    `select id, password_hash from users where users.email = 'member${pick(i, MEMBERS, 6)}@example.com' limit 1;`,
  "admin: user list, newest first (page 1)": () =>
    `select id, first, last, email, type, status, created_at, (SELECT count(*) FROM user_goals WHERE user_goals.user_id = users.id AND user_goals.completed = 0) from users order by users.created_at desc, users.email limit 25;`,
  "admin: count of users": () => `select count(*) from users;`,
  "admin: user search LIKE '%q%'": (i) =>
    `select id, email from users where (users.email LIKE '%member${pick(i, MEMBERS, 7)}%' or users.first || ' ' || users.last LIKE '%member${pick(i, MEMBERS, 7)}%') order by users.created_at desc limit 25;`,
};

// Mean time per statement: one sqlite3 process runs the statement `runs` times (different ids);
// the same process running as many `SELECT 1;` is subtracted (start-up, parsing, the CLI loop).
// Best of three, so a busy neighbour on the machine does not count.
function wallMs(script) {
  const t = process.hrtime.bigint();
  execFileSync("sqlite3", [db], {
    input: `.output /dev/null\n${script}`,
    stdio: ["pipe", "ignore", "pipe"],
    maxBuffer: 64 * 1024 * 1024,
  });
  return Number(process.hrtime.bigint() - t) / 1e6;
}
const results = [];
for (const [label, make] of Object.entries(QUERIES)) {
  const runs = label.startsWith("admin") ? Math.min(RUNS, 20) : RUNS;
  const script = Array.from({ length: runs }, (_, i) => make(i)).join("\n");
  const baseline = Array.from({ length: runs }, () =>
    label.startsWith("join") ? "BEGIN; SELECT 1; COMMIT;" : "SELECT 1;",
  ).join("\n");
  const best = (s) => Math.min(wallMs(s), wallMs(s), wallMs(s));
  results.push({ label, runs, mean: Math.max(0, best(script) - best(baseline)) / runs });
}

const sizes = sqlite("SELECT name, sum(pgsize) FROM dbstat GROUP BY name ORDER BY 2 DESC;")
  .trim()
  .split("\n")
  .map((l) => l.split("|"))
  .slice(0, 12);
const total = statSync(db).size;
console.log(
  `SQLite ${sqlite("select sqlite_version();").trim()}: ${MEMBERS.toLocaleString("en")} members, ${GOALS.toLocaleString("en")} goals, ~${(MEMBERS * 3).toLocaleString("en")} memberships, ${SESSIONS.toLocaleString("en")} sessions (built in ${built} s)`,
);
console.log(
  `database file: ${(total / 2 ** 20).toFixed(0)} MiB (${((total / MEMBERS) | 0).toLocaleString("en")} bytes per member)`,
);
console.log(
  `  largest tables and indexes: ${sizes.map(([n, b]) => `${n} ${(Number(b) / 2 ** 20).toFixed(0)} MiB`).join(", ")}`,
);
console.log("\nstatement                                        runs   ms per statement (mean, best of 3)");
for (const r of results) console.log(`  ${r.label.padEnd(46)} ${String(r.runs).padStart(4)}   ${r.mean.toFixed(3)}`);
