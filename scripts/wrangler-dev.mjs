/**
 * The one `wrangler dev` command line of `npm run dev` and the Playwright server: the app and the card
 * Worker behind its CARDS binding (ADR 272), on loopback only.
 */

/**
 * Arguments for `npx` that start both Workers. `inspectorPort`, `persistTo` and `vars` are optional;
 * `logLevel` defaults to "warn".
 * @param {{ port: string; inspectorPort?: string; persistTo?: string; vars?: Record<string, string>; logLevel?: string }} options
 */
export function wranglerDevArgs({ port, inspectorPort, persistTo, vars = {}, logLevel = "warn" }) {
  return [
    "wrangler",
    "dev",
    "-c",
    "wrangler.toml",
    "-c",
    "workers/cards/wrangler.toml",
    "--ip",
    "127.0.0.1",
    "--port",
    port,
    ...(inspectorPort ? ["--inspector-port", inspectorPort] : []),
    ...(persistTo ? ["--persist-to", persistTo] : []),
    "--log-level",
    logLevel,
    ...Object.entries(vars).flatMap(([key, value]) => ["--var", `${key}:${value}`]),
  ];
}
