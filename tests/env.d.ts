declare namespace Cloudflare {
  interface Env {
    // eslint-disable-next-line @typescript-eslint/consistent-type-imports -- an ambient file cannot import
    TEST_MIGRATIONS: import("cloudflare:test").D1Migration[];
    /** Share of the generated bad-input cases to run: "0.25" in npm test, "1" for all of them. */
    BAD_INPUT_SCALE?: string;
  }
}

/** A file's text, imported with Vite's `?raw` suffix (tests checking a config file against the code). */
declare module "*?raw" {
  const text: string;
  export default text;
}

/** The test pool's own module, where cloudflare:test comes from (tests/setup.ts, ADR 148). */
declare module "cloudflare:test-internal" {
  /** Waits for every waitUntil promise the worker registered so far (until none is added). */
  export function waitForGlobalWaitUntil(): Promise<void>;
}
