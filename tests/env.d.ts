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
