/**
 * The demo seed's archived challenge (ADR 303): a measured challenge that ended more than 90 days ago, its
 * entries written to D1 by the seed's SQL and then moved to the local R2 ARCHIVE bucket by the app's own
 * archive job (app/features/archive/archive.server.ts), run once through wrangler's platform proxy on the
 * same local state `wrangler dev` reads. So the file, its entry_archives row and the deleted rows are
 * exactly what the cron leaves behind, and a newcomer sees the archived notice on the goal screen
 * (/active/goal-archived, as member@example.com) and the organiser's entries list (as org@example.com).
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { tsImport } from "tsx/esm/api";

export const ARCHIVED = { id: "goal-archived", cause: "Spring steps for the food bank", unit: "km" };

/** Who took part: the demo member and three of the club's runners (ids from scripts/seed.mjs). */
const TOOK_PART = ["demo-member", "demo-runner-1", "demo-runner-2", "demo-runner-3"];

const q = (v) =>
  v === null || v === undefined ? "NULL" : typeof v === "number" ? String(v) : `'${String(v).replace(/'/g, "''")}'`;

/**
 * The challenge, its members, four weeks of entries and the totals, as SQL. `day(n)` is the seed's day
 * from today. Inserted once (ON CONFLICT DO NOTHING): once archived its dates and entries stay as they
 * were, and the archive's trigger ignores any entry written into it again.
 */
export function archivedChallengeSql(day) {
  const start = day(-130);
  const end = day(-103);
  const lines = [
    `INSERT INTO goals (id, cause, start, "end", demo, visibility, org_id, unit, unit_target, group_target) VALUES (${q(ARCHIVED.id)}, ${q(ARCHIVED.cause)}, ${q(start)}, ${q(end)}, 0, 'private', 'demo-org', 'km', 8000, 30000) ON CONFLICT(id) DO NOTHING;`,
  ];
  const startMs = Date.parse(`${start}T00:00:00Z`);
  const endMs = Date.parse(`${end}T00:00:00Z`);
  TOOK_PART.forEach((id, m) => {
    // The demo member finished it: it is on her completed goals, and /main still opens on the running one.
    lines.push(
      `INSERT INTO user_goals (user_id, goal_id, completed, joined_at, completed_at) VALUES (${q(id)}, ${q(ARCHIVED.id)}, ${m === 0 ? 1 : 0}, ${startMs}, ${m === 0 ? q(endMs + 20 * 3_600_000) : "NULL"}) ON CONFLICT DO NOTHING;`,
    );
    for (let t = startMs, n = 0; t <= endMs; t += 86_400_000, n++) {
      if ((n + m) % (m + 3) === 0) continue; // rest days
      const amount = 150 + ((n * 41 + m * 67) % 450); // hundredths of a km: 1.50 to 5.99
      const at = t + (7 + m) * 3_600_000;
      const iso = new Date(t).toISOString().slice(0, 10);
      const note = n % 6 === 1 ? q(m === 0 ? "Round the park twice" : "With the club") : "NULL";
      lines.push(
        `INSERT INTO progress_entries (id, goal_id, user_id, amount, day, note, idempotency_key, created_at, updated_at) VALUES (${q(`seed-archived-${id}-${iso}`)}, ${q(ARCHIVED.id)}, ${q(id)}, ${amount}, ${q(iso)}, ${note}, ${q(`seedarch${m}${iso.replaceAll("-", "")}`.padEnd(32, "0"))}, ${at}, ${at}) ON CONFLICT DO NOTHING;`,
      );
    }
  });
  lines.push(
    // Totals recounted from the entries, as every write does (none once archived: nothing is replaced).
    `INSERT OR REPLACE INTO progress_totals (goal_id, user_id, total, entries, last_day, reached_at) SELECT goal_id, user_id, sum(amount), count(*), max(day), max(updated_at) FROM progress_entries WHERE goal_id = ${q(ARCHIVED.id)} GROUP BY user_id;`,
  );
  return lines;
}

/**
 * Runs the app's archive job once on the local state (`persistTo` as `wrangler dev --persist-to` takes it,
 * else .wrangler/state): every goal that ended more than 90 days ago is moved to R2, as the cron would.
 * The job and the config are `cwd`'s own (the A/B bench seeds older commits); a commit from before the
 * archive has neither, and its old challenge simply keeps its entries in D1.
 */
export async function archiveEnded({ persistTo, cwd = process.cwd() } = {}) {
  const job = join(cwd, "app/features/archive/archive.server.ts");
  const { experimental_readRawConfig, getPlatformProxy } = await import("wrangler");
  const { rawConfig } = experimental_readRawConfig({ config: join(cwd, "wrangler.toml") });
  if (!existsSync(job) || !rawConfig.r2_buckets?.some((b) => b.binding === "ARCHIVE")) return null;
  // Only the two bindings the job uses (the app's config also names Durable Objects and the card Worker,
  // which a proxy cannot start): the same database id and bucket name, so the same local files.
  const dir = mkdtempSync(join(tmpdir(), "gwf-seed-archive-"));
  const configPath = join(dir, "wrangler.json");
  writeFileSync(
    configPath,
    JSON.stringify({
      name: rawConfig.name,
      compatibility_date: rawConfig.compatibility_date,
      d1_databases: rawConfig.d1_databases.filter((d) => d.binding === "DB"),
      r2_buckets: rawConfig.r2_buckets.filter((b) => b.binding === "ARCHIVE"),
    }),
  );
  const path = resolve(cwd, persistTo ?? ".wrangler/state", "v3");
  const { env, dispose } = await getPlatformProxy({ configPath, persist: { path }, remoteBindings: false });
  try {
    const { archiveEndedGoals } = await tsImport(pathToFileURL(job).href, import.meta.url);
    const db = pathToFileURL(join(cwd, "app/platform/db/db.server.ts")).href;
    const { createDb } = await tsImport(db, import.meta.url);
    const info = console.info;
    console.info = () => {}; // the job's own log line is for the cron's logs
    try {
      return await archiveEndedGoals(env, createDb(env.DB));
    } finally {
      console.info = info;
    }
  } finally {
    await dispose();
    rmSync(dir, { recursive: true, force: true });
  }
}
