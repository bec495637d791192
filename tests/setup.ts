import { applyD1Migrations, env, reset } from "cloudflare:test";
import { waitForGlobalWaitUntil } from "cloudflare:test-internal";
import { vi } from "vitest";

// Every test file starts as if in a workerd of its own (ADR 148). The files of one vitest worker share
// one workerd (`isolate: false`), so before each file but the first: the work the previous file's
// requests left running (waitUntil) is waited for, the module registry is emptied (the built worker
// that SELF runs, app modules and test helpers are evaluated afresh, with none of the previous file's
// in-memory state), and all storage is deleted (D1, R2, the hub's Durable Objects, the Cache API).
// Then the real migrations build the schema on the empty database.
const shared = globalThis as { testFilesBefore?: number };
if (shared.testFilesBefore) {
  await waitForGlobalWaitUntil().catch(() => {});
  vi.resetModules();
  await reset();
}
shared.testFilesBefore = (shared.testFilesBefore ?? 0) + 1;
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
