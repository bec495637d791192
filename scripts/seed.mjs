#!/usr/bin/env node
/**
 * Dev seed: one admin, one org, one member, and goals that exercise every rule (public, private owned
 * by the org, demo, ended, future, running now), early access 'open'. Idempotent: safe to run again.
 * Usage: node scripts/seed.mjs [--persist-to DIR]
 */
import { pbkdf2Sync, randomBytes } from "node:crypto";
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

export const DEMO_PASSWORD = "goals-demo-2026";
export const DEMO_ACCOUNTS = [
  { id: "demo-admin", first: "Ada", last: "Admin", email: "admin@example.com", type: "admin", color: "#7c3aed" },
  { id: "demo-org", first: "Oscar", last: "Org", email: "org@example.com", type: "org", color: "#0369a1" },
  { id: "demo-member", first: "Mia", last: "Member", email: "member@example.com", type: "user", color: "#6b7280" },
];

const day = (offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

export function demoGoals() {
  return [
    {
      id: "goal-running",
      cause: "Walk 10,000 steps a day",
      start: day(-10),
      end: day(20),
      visibility: "public",
      demo: 0,
      org: null,
    },
    {
      id: "goal-reading",
      cause: "Read 12 books this year",
      start: day(-40),
      end: day(200),
      visibility: "public",
      demo: 0,
      org: null,
    },
    { id: "goal-future", cause: "Couch to 5K", start: day(30), end: day(90), visibility: "public", demo: 0, org: null },
    { id: "goal-ended", cause: "Dry January", start: day(-60), end: day(-5), visibility: "public", demo: 0, org: null },
    {
      id: "goal-private",
      cause: "Club month of miles",
      start: day(-3),
      end: day(27),
      visibility: "private",
      demo: 0,
      org: "demo-org",
    },
    {
      id: "goal-demo",
      cause: "Demo: drink more water",
      start: day(-1),
      end: day(60),
      visibility: "public",
      demo: 1,
      org: null,
    },
  ];
}

function hash(password) {
  const salt = randomBytes(16);
  const derived = pbkdf2Sync(password, salt, 100_000, 32, "sha256");
  return `pbkdf2-sha256$100000$${salt.toString("base64")}$${derived.toString("base64")}`;
}

const q = (v) =>
  v === null || v === undefined ? "NULL" : typeof v === "number" ? String(v) : `'${String(v).replace(/'/g, "''")}'`;

export function seedSql() {
  const lines = [];
  for (const a of DEMO_ACCOUNTS) {
    lines.push(
      `INSERT INTO users (id, first, last, email, color, type, status, activegoals, password_hash) VALUES (${q(a.id)}, ${q(a.first)}, ${q(a.last)}, ${q(a.email)}, ${q(a.color)}, ${q(a.type)}, 'new', 0, ${q(hash(DEMO_PASSWORD))}) ON CONFLICT(id) DO NOTHING;`,
    );
  }
  for (const g of demoGoals()) {
    lines.push(
      `INSERT INTO goals (id, cause, start, "end", demo, visibility, org_id) VALUES (${q(g.id)}, ${q(g.cause)}, ${q(g.start)}, ${q(g.end)}, ${g.demo}, ${q(g.visibility)}, ${q(g.org)}) ON CONFLICT(id) DO UPDATE SET start = excluded.start, "end" = excluded."end";`,
    );
  }
  // The member is already pursuing one goal, so Home has something on it.
  lines.push(
    `INSERT INTO user_goals (user_id, goal_id, completed) VALUES ('demo-member', 'goal-reading', 0) ON CONFLICT DO NOTHING;`,
    `UPDATE users SET activegoals = (SELECT count(*) FROM user_goals WHERE user_id = users.id AND completed = 0);`,
    `UPDATE settings SET early_access = 'open' WHERE id = 1;`,
  );
  return lines.join("\n") + "\n";
}

/** @param {{ persistTo?: string, cwd?: string }} [options] */
export function seed({ persistTo, cwd = process.cwd() } = {}) {
  const dir = mkdtempSync(join(tmpdir(), "gwf-seed-"));
  const file = join(dir, "seed.sql");
  writeFileSync(file, seedSql());
  const args = ["wrangler", "d1", "execute", "DB", "--local", "--file", file];
  if (persistTo) args.push("--persist-to", persistTo);
  execFileSync("npx", args, { cwd, stdio: ["ignore", "ignore", "inherit"], env: quietEnv() });
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
