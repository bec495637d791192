#!/usr/bin/env node
/**
 * Dev seed: one admin, one org, one member, and goals that exercise every rule (public, private owned
 * by the org, demo, ended, future, running now), early access 'open'. Idempotent: safe to run again.
 * The rows come from the factories (drizzle/factories.ts), written as SQL text (drizzle/sql-text.ts).
 * Usage: node scripts/seed.mjs [--persist-to DIR]
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { tsImport } from "tsx/esm/api";

// The factories are TypeScript: tsx loads them for this module only (no global loader in the importer,
// which may be Playwright or a benchmark).
const factories = await tsImport("../drizzle/factories.ts", import.meta.url);
const { insertSql } = await tsImport("../drizzle/sql-text.ts", import.meta.url);
const schema = await tsImport("../drizzle/schema.ts", import.meta.url);
const { sql } = await import("drizzle-orm");

export const { DEMO_PASSWORD, DEMO_PASSWORD_HASH, dayFromToday: day, userRow, goalRow, membershipRow } = factories;
export { factories, insertSql, schema };

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
      `UPDATE users SET activegoals = (SELECT count(*) FROM user_goals WHERE user_id = users.id AND completed = 0);`,
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

/** @param {{ persistTo?: string, cwd?: string }} [options] */
export function seed(options = {}) {
  executeSql(seedSql(), options);
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
  seed({ persistTo: i > 0 ? process.argv[i + 1] : undefined });
  console.log("Seeded demo accounts and goals.");
}
