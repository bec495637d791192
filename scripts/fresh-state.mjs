/**
 * A fresh local state (D1, R2, Durable Objects) with the real migrations and the demo seed, for the
 * e2e servers (scripts/e2e-server.mjs, tests/e2e/throttle-restart.spec.ts).
 *
 * Migrating and seeding takes two wrangler runs (~10 s of CPU), and one `npm test` starts three such
 * servers at once on 2 cores. The first one builds a template, keyed by everything the result depends
 * on (the migrations, the seed's SQL, wrangler.toml); every server then starts from its own copy, as
 * bench/lib/app.mjs does for the A/B bench (ADR 207). A changed migration or seed makes a new key.
 */
import { createHash } from "node:crypto";
import { execFileSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { quietEnv, seed, seedSql } from "./seed.mjs";

const LOCK_STALE_MS = 180_000;

/** A new directory holding a copy of the migrated, seeded state. `prefix` names it in the temp dir. */
export async function freshState({ cwd = process.cwd(), prefix = "gwf-e2e-" } = {}) {
  const template = join(tmpdir(), `gwf-state-${stateKey(cwd)}`);
  if (!existsSync(template)) await buildOnce(template, cwd);
  const persistTo = mkdtempSync(join(tmpdir(), prefix));
  cpSync(template, persistTo, { recursive: true });
  return persistTo;
}

function stateKey(cwd) {
  const hash = createHash("sha256");
  const migrations = join(cwd, "migrations");
  for (const name of readdirSync(migrations)
    .filter((n) => n.endsWith(".sql"))
    .sort()) {
    hash.update(name).update(readFileSync(join(migrations, name)));
  }
  hash.update(readFileSync(join(cwd, "wrangler.toml"))).update(seedSql());
  // The seed's archived challenge is written by the app's archive job (scripts/seed-archive.mjs).
  for (const file of ["app/features/archive/archive.server.ts", "app/features/archive/archive-file.ts"])
    if (existsSync(join(cwd, file))) hash.update(readFileSync(join(cwd, file)));
  return hash.digest("hex").slice(0, 16);
}

/** One builder at a time (a lock directory); the others wait for its template to appear. */
async function buildOnce(template, cwd) {
  const lock = `${template}.lock`;
  for (;;) {
    if (existsSync(template)) return;
    try {
      mkdirSync(lock);
      break;
    } catch {
      // Someone else is building it; take over a lock left by a builder that died.
      if (Date.now() - statMs(lock) > LOCK_STALE_MS) rmSync(lock, { recursive: true, force: true });
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  try {
    if (existsSync(template)) return;
    const building = mkdtempSync(`${template}.building-`);
    execFileSync("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", building], {
      cwd,
      stdio: ["ignore", "ignore", "inherit"],
      env: quietEnv(),
    });
    await seed({ persistTo: building, cwd });
    renameSync(building, template);
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

function statMs(path) {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return Date.now();
  }
}
