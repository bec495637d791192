#!/usr/bin/env node
/**
 * `wrangler dev` without the devtools inspector, for the benchmarks (ADR 055).
 *
 * Runs wrangler's own dev server (`unstable_startWorker`: the same proxy worker, workerd and local
 * D1/R2/Durable Objects as the `wrangler dev` command) with `dev.inspector: false`. The CLI always
 * attaches an inspector and enables its Network domain, which makes workerd report every subrequest
 * and every streamed chunk to wrangler's node process: measured here, that tooling costs more CPU
 * than the app (a local D1 query ~5 ms, an SSE delivery ~0.2 ms) and is not in production's path.
 *
 *   node bench/lib/dev-server.mjs '{"config": "/abs/wrangler.toml", "port": 8826, "persistTo": "/tmp/x", "vars": {}}'
 *
 * The app's CARDS service (the card Worker, ADR 272) is answered by a stub here: no bench page draws a
 * card, and this API starts one Worker (`npm run dev` runs both with `wrangler dev -c ... -c ...`).
 */
import { readFileSync } from "node:fs";
import { unstable_startWorker } from "wrangler";

const { config, port, persistTo, vars = {}, logLevel = "error" } = JSON.parse(process.argv[2] ?? "{}");
const worker = await unstable_startWorker({
  config,
  bindings: {
    ...Object.fromEntries(Object.entries(vars).map(([name, value]) => [name, { type: "plain_text", value }])),
    ...(/^binding = "CARDS"$/m.test(readFileSync(config, "utf8"))
      ? { CARDS: { type: "fetcher", fetcher: () => new Response("No card Worker in the bench", { status: 503 }) } }
      : {}),
  },
  dev: {
    inspector: false,
    server: { hostname: "127.0.0.1", port },
    ...(persistTo ? { persist: persistTo } : {}),
    logLevel,
  },
});
await worker.ready;
const stop = () => worker.dispose().finally(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
