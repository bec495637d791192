import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { defineConfig } from "vitest/config";

// Unit and integration tests run inside workerd against the built worker (run `remix build` first),
// with a real local D1 migrated by the real migrations.
export default defineConfig(async () => ({
  plugins: [
    cloudflareTest({
      main: "./build/index.js",
      wrangler: { configPath: "./wrangler.toml" },
      miniflare: {
        bindings: {
          TEST_MIGRATIONS: await readD1Migrations("./migrations"),
          ENVIRONMENT: "development",
          SESSION_SECRET: "test-session-secret",
          // A rotation in progress: cookies signed with this one are still accepted (ADR 110).
          SESSION_SECRET_PREVIOUS: "test-session-secret-previous",
          HONEYPOT_SEED: "test-honeypot-seed",
          APP_URL: "http://localhost",
          // Share of the generated bad-input cases to run (tests/support/bad-input-forms.ts); 1 = all ~2,100.
          // CI (a quiet machine) runs all of them; a local run a quarter, to stay quick while iterating.
          BAD_INPUT_SCALE: process.env.BAD_INPUT_SCALE ?? (process.env.CI ? "1" : "0.25"),
          HUB_HEARTBEAT_MS: "200",
          // Web Push (ADR 281): the development pair of .dev.vars.example.
          VAPID_PUBLIC_KEY: "BOAqG382-4iEtGXVC3Ce-WJS1Q-SjUyDeS-ZYy_M9D2uLYrnR7eSaAo4KbeQqbIc9UmJrrmTv_sD5ozAfKRwn98",
          VAPID_PRIVATE_KEY: "iAclYCtC6MOoOQlSSlE1N8YixmHMy3Rg2JbeOCEFAnQ",
          VAPID_SUBJECT: "mailto:dev@example.com",
        },
        // The card Worker behind the CARDS service binding (ADR 272), as `npm run build` bundled it.
        workers: [
          {
            name: "goals-cards",
            modules: true,
            scriptPath: "./build/cards/index.js",
            compatibilityDate: "2025-04-01",
            compatibilityFlags: ["nodejs_compat"],
            modulesRules: [
              { type: "CompiledWasm", include: ["**/*.wasm"] },
              { type: "Data", include: ["**/*.woff"] },
            ],
          },
        ],
      },
    }),
  ],
  resolve: {
    alias: [
      { find: /^#app\/(.*)$/, replacement: new URL("./app/$1", import.meta.url).pathname },
      { find: /^#drizzle\/(.*)$/, replacement: new URL("./drizzle/$1", import.meta.url).pathname },
      { find: /^#build\/worker$/, replacement: new URL("./build/index.js", import.meta.url).pathname },
    ],
  },
  test: {
    include: ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts"],
    setupFiles: ["./tests/setup.ts"],
    // Two test files at a time: most of a file's time is the harness waiting on workerd, so two
    // instances on two cores finish the suite in about half the time (ADR 203). Vitest's default is one
    // fewer than the cores: one here.
    maxWorkers: 2,
    // The files of one worker share its workerd instead of starting one each: starting it and importing
    // the built worker cost ~1.5 s a file, more than most files' tests. tests/setup.ts empties storage
    // before each file, so a file still starts from a fresh database (ADR 148).
    isolate: false,
    // Sign-ups hash a password (PBKDF2, 100k rounds) each: tests that create dozens of users need more
    // than vitest's 5 s default on a shared 2-core machine.
    testTimeout: 20_000,
    // vitest-pool-workers leaks one "unhandled" rejection per failing Durable Object call even when the
    // code handles it (cloudflare/workers-sdk#14736). Ignore exactly those: a hub reset on purpose and
    // a live stream the test itself cancelled. Everything else still fails the run.
    // The worker's request log (app/platform/http/log.server.ts) is one line per request: not test output.
    onConsoleLog(log) {
      if (log.startsWith('{"level":"info","message":"request"')) return false;
    },
    onUnhandledError(error) {
      const e = error as { message?: string; durableObjectReset?: boolean; remote?: boolean };
      if (e.durableObjectReset || e.message === "restart requested") return false;
      if (e.message === "Stream was cancelled.") return false;
    },
  },
}));
