#!/usr/bin/env node
/**
 * Dev seed: one admin, one org, one member, and goals that exercise every rule (public, private owned
 * by the org, demo, ended, future, running now), early access 'open', and a measured month challenge with club runners in two teams (each with a team sponsor), entries and per-unit
 * pledges (ADR 140), and fixed pledges confirmed, said paid and owed (ADR 243); the demo member logs in that
 * challenge and has phone reminder settings (ADR 281, 282); a challenge that ended over 90 days ago is archived
 * to the local R2 bucket by the app's own archive job (ADR 303, scripts/seed-archive.mjs). Idempotent: safe to
 * run again.
 * The rows come from the factories (drizzle/factories.ts), written as SQL text (drizzle/sql-text.ts).
 * Usage: node scripts/seed.mjs [--persist-to DIR]
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { tsImport } from "tsx/esm/api";
import { archiveEnded, archivedChallengeSql } from "./seed-archive.mjs";

// The factories are TypeScript: tsx loads them for this module only (no global loader in the importer,
// which may be Playwright or a benchmark).
const factories = await tsImport("../drizzle/factories.ts", import.meta.url);
const { insertManySql, insertSql } = await tsImport("../drizzle/sql-text.ts", import.meta.url);
const schema = await tsImport("../drizzle/schema.ts", import.meta.url);
const { sql } = await import("drizzle-orm");

export const { DEMO_PASSWORD, DEMO_PASSWORD_HASH, dayFromToday: day, userRow, goalRow, membershipRow } = factories;
export { factories, insertManySql, insertSql, schema };

export const DEMO_ACCOUNTS = [
  { id: "demo-admin", first: "Ada", last: "Admin", email: "admin@example.com", type: "admin", color: "#7c3aed" },
  { id: "demo-org", first: "Oscar", last: "Org", email: "org@example.com", type: "org", color: "#0369a1" },
  { id: "demo-member", first: "Mia", last: "Member", email: "member@example.com", type: "user", color: "#6b7280" },
];

export function demoGoals() {
  return [
    { id: "goal-running", cause: "Walk 10,000 steps a day", start: day(-10), end: day(20) },
    { id: "goal-reading", cause: "Read 12 books this year", start: day(-40), end: day(200) },
    { id: "goal-future", cause: "Couch to 5K", start: day(30), end: day(90) },
    { id: "goal-ended", cause: "Dry January", start: day(-60), end: day(-5) },
    {
      id: "goal-private",
      cause: "Club month of miles",
      start: day(-3),
      end: day(27),
      visibility: "private",
      orgId: "demo-org",
    },
    { id: "goal-demo", cause: "Demo: drink more water", start: day(-1), end: day(60), demo: true },
  ].map((goal) => goalRow(goal));
}

/** The measured month challenge (ADR 140): this calendar month, in miles, owned by the demo org. */
export const CHALLENGE = { id: "goal-challenge", cause: "Miles for Shelter this month", unit: "miles" };
/** Club members taking part (no password: they cannot sign in; they make the leaderboard worth a look). */
export const RUNNERS = [
  ["demo-runner-1", "Rosa", "Reed", "#b91c1c"],
  ["demo-runner-2", "Sam", "Stone", "#15803d"],
  ["demo-runner-3", "Tia", "Tran", "#7c3aed"],
  ["demo-runner-4", "Uma", "Underwood", "#0369a1"],
  ["demo-runner-5", "Vic", "Vale", "#c2410c"],
];

const q = (v) =>
  v === null || v === undefined ? "NULL" : typeof v === "number" ? String(v) : `'${String(v).replace(/'/g, "''")}'`;

function challengeSql() {
  const now = new Date();
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0));
  const iso = (d) => d.toISOString().slice(0, 10);
  const lines = [
    `INSERT INTO goals (id, cause, start, "end", demo, visibility, org_id, unit, unit_target, group_target, charity_name, charity_url, target_amount, currency) VALUES (${q(CHALLENGE.id)}, ${q(CHALLENGE.cause)}, ${q(iso(start))}, ${q(iso(end))}, 0, 'private', 'demo-org', 'miles', 10000, 50000, 'Shelter', 'https://shelter.example.org/donate', 100000, 'GBP') ON CONFLICT(id) DO UPDATE SET start = excluded.start, "end" = excluded."end";`,
  ];
  RUNNERS.forEach(([id, first, last, color], r) => {
    lines.push(
      `INSERT INTO users (id, first, last, email, color, type, status, activegoals) VALUES (${q(id)}, ${q(first)}, ${q(last)}, ${q(`${id}@example.com`)}, ${q(color)}, 'user', 'new', 0) ON CONFLICT(id) DO NOTHING;`,
      `INSERT INTO user_goals (user_id, goal_id, completed) VALUES (${q(id)}, ${q(CHALLENGE.id)}, 0) ON CONFLICT DO NOTHING;`,
    );
    // Entries on past days of the month (and today), some days skipped, amounts that differ by runner.
    for (let d = new Date(start); d <= now && d <= end; d = new Date(d.getTime() + 86_400_000)) {
      const n = d.getUTCDate();
      if ((n + r) % (r + 3) === 0) continue;
      const amount = 100 + ((n * 37 + r * 53) % 400) + r * 40; // hundredths of a mile: 1.00 to 6.99
      const at = d.getTime() + 8 * 3_600_000;
      lines.push(
        `INSERT INTO progress_entries (id, goal_id, user_id, amount, day, note, idempotency_key, created_at, updated_at) VALUES (${q(`seed-${id}-${iso(d)}`)}, ${q(CHALLENGE.id)}, ${q(id)}, ${amount}, ${q(iso(d))}, ${n % 5 === 0 ? q("Long run with the club") : "NULL"}, ${q(`seed${r}${iso(d).replaceAll("-", "")}`.padEnd(32, "0"))}, ${at}, ${at}) ON CONFLICT DO NOTHING;`,
      );
    }
  });
  // The demo member (member@example.com) runs in the challenge too, on no team, so a newcomer signed in as
  // her sees the phone's screens (docs/product.md): /main opens on the quick log for this goal, and its
  // screen has her chart, best day and pace, a little behind an even pace. Nothing logged today yet.
  lines.push(
    // Joined on the first of the month, before her reading goal: /main opens on this goal (SPEC's current goal).
    `INSERT INTO user_goals (user_id, goal_id, completed, joined_at) VALUES ('demo-member', ${q(CHALLENGE.id)}, 0, ${start.getTime()}) ON CONFLICT DO NOTHING;`,
  );
  for (let d = new Date(start); iso(d) < iso(now) && d <= end; d = new Date(d.getTime() + 86_400_000)) {
    const n = d.getUTCDate();
    if (n % 6 === 5) continue; // a rest day now and then
    const amount = 300 + ((n * 29) % 150); // 3.00 to 4.49 miles
    const at = d.getTime() + 18 * 3_600_000;
    lines.push(
      `INSERT INTO progress_entries (id, goal_id, user_id, amount, day, note, idempotency_key, created_at, updated_at) VALUES (${q(`seed-demo-member-${iso(d)}`)}, ${q(CHALLENGE.id)}, 'demo-member', ${amount}, ${q(iso(d))}, ${n % 7 === 0 ? q("Evening walk by the river") : "NULL"}, ${q(`seedmember${iso(d).replaceAll("-", "")}`.padEnd(32, "0"))}, ${at}, ${at}) ON CONFLICT DO NOTHING;`,
    );
  }
  // Activity files and the CSV import (ADR 260, 261): cycling counts x0.25 here; Rosa's run today came from
  // her watch's file (its hash, never its track); two lines of the club's paper sheet came in as an import.
  const today = iso(now);
  const at = now.getTime();
  const hash = "5eed".repeat(16);
  lines.push(
    `INSERT INTO goal_sport_factors (goal_id, sport, factor) VALUES (${q(CHALLENGE.id)}, 'cycling', 25) ON CONFLICT DO NOTHING;`,
    `INSERT INTO progress_entries (id, goal_id, user_id, amount, day, idempotency_key, sport, moving_seconds, file_hash, created_at, updated_at) VALUES ('seed-file-rosa', ${q(CHALLENGE.id)}, ${q(RUNNERS[0][0])}, 312, ${q(today)}, ${q(`file:${CHALLENGE.id}:${hash}`)}, 'running', 2712, ${q(hash)}, ${at}, ${at}) ON CONFLICT DO NOTHING;`,
    `INSERT INTO entry_imports (id, goal_id, by_user_id, rows, total, created_at) VALUES ('seed-import-paper', ${q(CHALLENGE.id)}, 'demo-org', 2, 625, ${at}) ON CONFLICT DO NOTHING;`,
    ...[
      [RUNNERS[2][0], 275, 1],
      [RUNNERS[3][0], 350, 2],
    ].map(
      ([id, amount, line]) =>
        `INSERT INTO progress_entries (id, goal_id, user_id, amount, day, idempotency_key, import_id, created_at, updated_at) VALUES (${q(`seed-import-${line}`)}, ${q(CHALLENGE.id)}, ${q(id)}, ${amount}, ${q(today)}, ${q(`import:seed-import-paper:${line}`)}, 'seed-import-paper', ${at}, ${at}) ON CONFLICT DO NOTHING;`,
    ),
  );
  lines.push(
    // Each runner's totals, recounted from the entries (the app does the same in every write, ADR 140).
    `INSERT OR REPLACE INTO progress_totals (goal_id, user_id, total, entries, last_day, reached_at) SELECT goal_id, user_id, sum(amount), count(*), max(day), max(updated_at) FROM progress_entries WHERE goal_id = ${q(CHALLENGE.id)} GROUP BY user_id;`,
    // Teams (ADR 270): ranked by the average per member, at most 6 a team; the runners split between two.
    // Their badges (ADR 271) are computed from the entries above: nothing to seed.
    `INSERT INTO goal_team_settings (goal_id, enabled, members_create, cap, ranking) VALUES (${q(CHALLENGE.id)}, 1, 1, 6, 'average') ON CONFLICT DO NOTHING;`,
    `INSERT INTO teams (id, goal_id, name, captain_id) VALUES ('seed-team-hill', ${q(CHALLENGE.id)}, 'Hill Harriers', ${q(RUNNERS[0][0])}) ON CONFLICT DO NOTHING;`,
    `INSERT INTO teams (id, goal_id, name, captain_id) VALUES ('seed-team-river', ${q(CHALLENGE.id)}, 'River Runners', ${q(RUNNERS[1][0])}) ON CONFLICT DO NOTHING;`,
    ...RUNNERS.map(
      ([id], r) =>
        `INSERT INTO team_members (goal_id, user_id, team_id) VALUES (${q(CHALLENGE.id)}, ${q(id)}, ${q(r % 2 ? "seed-team-river" : "seed-team-hill")}) ON CONFLICT DO NOTHING;`,
    ),
    // Per-unit pledges: one for the whole club, one for a named runner (capped); both owed until the end.
    `INSERT INTO pledges (id, goal_id, name, message, amount, per_unit, member_id, max_amount) VALUES ('seed-pledge-club', ${q(CHALLENGE.id)}, 'The Reed family', 'Go club!', 0, 50, NULL, 20000) ON CONFLICT DO NOTHING;`,
    `INSERT INTO pledges (id, goal_id, name, message, amount, per_unit, member_id, max_amount) VALUES ('seed-pledge-rosa', ${q(CHALLENGE.id)}, 'Grandad', 'For every mile, Rosa!', 0, 100, 'demo-runner-1', 5000) ON CONFLICT DO NOTHING;`,
    // The organiser's reconciliation (ADR 243) in each state: a fixed pledge the organiser confirmed paid,
    // one whose supporter says they've paid (waiting for the organiser), and one still owed, backing a
    // runner of the other team; the long name shows it never breaks letter by letter (docs/design.md).
    `INSERT INTO pledges (id, goal_id, name, amount, paid) VALUES ('seed-pledge-fixed', ${q(CHALLENGE.id)}, 'Corner Cafe', 2500, 1) ON CONFLICT DO NOTHING;`,
    `INSERT INTO pledges (id, goal_id, name, message, amount, member_id, email, said_paid_at) VALUES ('seed-pledge-said', ${q(CHALLENGE.id)}, 'Aunt May', 'Paid on the Shelter page, Sam!', 1500, 'demo-runner-2', 'aunt.may@example.com', ${at - 3_600_000}) ON CONFLICT DO NOTHING;`,
    // A pledge to a team (ADR 246): per mile of the River Runners' total, whoever is in it.
    `INSERT INTO pledges (id, goal_id, name, message, amount, per_unit, team_id, max_amount) VALUES ('seed-pledge-team', ${q(CHALLENGE.id)}, 'The river parents', 'Go River Runners!', 0, 20, 'seed-team-river', 10000) ON CONFLICT DO NOTHING;`,
    // The Hill Harriers' own sponsor (ADR 275): a fixed pledge through the team's sponsor link.
    `INSERT INTO pledges (id, goal_id, name, message, amount, team_id) VALUES ('seed-pledge-team-hill', ${q(CHALLENGE.id)}, 'Peak Outdoor Shop', 'Up the hills, Harriers!', 3000, 'seed-team-hill') ON CONFLICT DO NOTHING;`,
    `INSERT INTO pledges (id, goal_id, name, amount, member_id, email) VALUES ('seed-pledge-owed', ${q(CHALLENGE.id)}, 'Uncle Raj Venkataraman-Smythe', 4000, 'demo-runner-2', 'raj@example.com') ON CONFLICT DO NOTHING;`,
  );
  return lines;
}

export function seedSql() {
  const { users, goals, userGoals } = schema;
  return (
    [
      insertSql(
        users,
        DEMO_ACCOUNTS.map((account) => userRow({ ...account, passwordHash: DEMO_PASSWORD_HASH })),
        { onConflict: "nothing" },
      ),
      insertSql(goals, demoGoals(), {
        onConflict: "update",
        target: goals.id,
        set: { start: sql`excluded.start`, end: sql`excluded."end"` },
      }),
      // The member is already pursuing one goal, so Home has something on it.
      insertSql(userGoals, [membershipRow("demo-member", "goal-reading")], { onConflict: "nothing" }),
      ...challengeSql(),
      ...archivedChallengeSql(day),
      `UPDATE users SET activegoals = (SELECT count(*) FROM user_goals WHERE user_id = users.id AND completed = 0);`,
      // Her phone's reminder settings (ADR 282), 18:00 her time (a first opt-in gives 19:00), cheers on.
      // No device is subscribed (a browser makes that), so /profile offers "Turn on notifications on this device".
      `INSERT INTO push_settings (user_id, reminder_hour, time_zone, cheers) VALUES ('demo-member', 18, 'Europe/London', 1) ON CONFLICT DO NOTHING;`,
      `UPDATE settings SET early_access = 'open' WHERE id = 1;`,
    ].join("\n") + "\n"
  );
}

/** Runs SQL text against the local D1 (`--persist-to` when given, else .wrangler/state). */
export function executeSql(text, { persistTo, cwd = process.cwd() } = {}) {
  const dir = mkdtempSync(join(tmpdir(), "gwf-seed-"));
  const file = join(dir, "seed.sql");
  writeFileSync(file, text);
  const args = ["wrangler", "d1", "execute", "DB", "--local", "--file", file];
  if (persistTo) args.push("--persist-to", persistTo);
  execFileSync("npx", args, { cwd, stdio: ["ignore", "ignore", "inherit"], env: quietEnv() });
}

/**
 * The seed's SQL, then the archive job over it (its archived challenge's entries move to R2).
 * @param {{ persistTo?: string, cwd?: string }} [options]
 */
export async function seed(options = {}) {
  executeSql(seedSql(), options);
  await archiveEnded(options);
}

export function quietEnv() {
  return {
    ...process.env,
    WRANGLER_SEND_METRICS: "false",
    WRANGLER_SEND_ERROR_REPORTS: "false",
    CLOUDFLARE_CF_FETCH_ENABLED: "false",
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const i = process.argv.indexOf("--persist-to");
  await seed({ persistTo: i > 0 ? process.argv[i + 1] : undefined });
  console.log("Seeded demo accounts and goals.");
}
