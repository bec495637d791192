import { applyD1Migrations, env } from "cloudflare:test";

// Every test file starts from the real schema (migrations are idempotent: applied ones are skipped).
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
