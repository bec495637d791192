#!/usr/bin/env node
/**
 * Where a card's CPU goes (ADR 272, 276): the card Worker's own code (workers/cards/src, bundled with
 * esbuild) run in Node, phase by phase, on N distinct cards: building the tree (with the QR code), satori's
 * layout to SVG, resvg's parse and raster, and the PNG encoding. CPU time per phase from
 * process.cpuUsage() (user + system of this process, single-threaded work). A first card also shows the
 * one-off cost of parsing the fonts (satori keeps them per fonts array, so a warm isolate never pays it again).
 *   node bench/cards/phases.mjs [--cards 20]
 * Not part of `npm test`; Node's V8 stands in for workerd's (same engine, same WebAssembly).
 */
import { build } from "esbuild";
import { mkdtempSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import os from "node:os";
import { option } from "../lib/options.mjs";

const cards = Number(option("--cards", 20));
const save = option("--save", "");
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const require = createRequire(import.meta.url);

// The Worker's draw module as ESM for Node: a .woff import becomes its bytes, a .wasm import a compiled module.
const bundled = await build({
  entryPoints: [new URL("../../workers/cards/src/draw.ts", import.meta.url).pathname],
  bundle: true,
  format: "esm",
  platform: "node",
  write: false,
  target: "node20",
  plugins: [
    {
      // As wrangler's Data rule: a .woff import is its bytes as an ArrayBuffer.
      name: "woff-bytes",
      setup(b) {
        b.onResolve({ filter: /\.woff$/ }, (args) => ({ path: require.resolve(args.path), namespace: "woff" }));
        b.onLoad({ filter: /.*/, namespace: "woff" }, (args) => ({
          contents: `export default new Uint8Array(require("node:fs").readFileSync(${JSON.stringify(args.path)})).buffer;`,
          loader: "js",
        }));
      },
    },
    {
      name: "wasm-module",
      setup(b) {
        b.onResolve({ filter: /\.wasm$/ }, (args) => ({ path: require.resolve(args.path), namespace: "wasm" }));
        b.onLoad({ filter: /.*/, namespace: "wasm" }, (args) => ({
          contents: `export default new WebAssembly.Module(require("node:fs").readFileSync(${JSON.stringify(args.path)}));`,
          loader: "js",
        }));
      },
    },
  ],
  banner: { js: 'import { createRequire as __cr } from "node:module"; const require = __cr(import.meta.url);' },
});
const file = join(mkdtempSync(join(os.tmpdir(), "card-phases-")), "draw.mjs");
writeFileSync(file, bundled.outputFiles[0].text);
const { draw, start } = await import(pathToFileURL(file).href);

const spec = (i, format) => ({
  format,
  kicker: "Sponsor Priya Shah",
  title: "Miles for Shelter this month",
  figure: `${(10 + i * 1.37).toFixed(1)} miles`,
  figureNote: "of 100 miles",
  percent: Math.min(100, 10 + i),
  badge: "25% of my target: 25 miles",
  charity: "Raising for Shelter · £249.06 pledged to the challenge",
  link: `https://goals.example.org/sponsor/goal-challenge.member-${i}.${"x".repeat(43)}`,
  linkLabel: "Sponsor me",
});

let t = cpu();
await start();
const init = cpu() - t;
t = cpu();
const first = await draw(spec(0, "wide"), cpu);
const firstCard = cpu() - t;

console.log(
  `Card phases, ${cards} cards per format, Node ${process.version}, load avg ${os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(" ")}`,
);
console.log(
  `  WebAssembly init ${init.toFixed(0)} ms (once per isolate); first card (fonts parsed) ${firstCard.toFixed(0)} ms`,
);
void first;
// Warm-up: V8 optimises the JavaScript and tiers the WebAssembly up over the first cards; a busy isolate
// has long done that, so the first few cards of each format are not counted.
for (let i = 0; i < 6; i++) for (const format of ["wide", "square"]) await draw(spec(1000 + i, format), cpu);
for (const format of ["wide", "square"]) {
  const sums = {};
  let total = 0;
  let bytes = 0;
  for (let i = 1; i <= cards; i++) {
    const t0 = cpu();
    const { png, phases } = await draw(spec(i, format), cpu);
    total += cpu() - t0;
    bytes += png.byteLength;
    if (save && i === 1) writeFileSync(join(save, `card-${format}.png`), png);
    for (const [k, v] of Object.entries(phases)) sums[k] = (sums[k] ?? 0) + v;
  }
  const parts = Object.entries(sums)
    .map(([k, v]) => `${k} ${(v / cards).toFixed(1)}`)
    .join(", ");
  console.log(
    `  ${format.padEnd(6)} CPU ${(total / cards).toFixed(1)} ms/card (${parts}) PNG ${(bytes / cards / 1024).toFixed(0)} KiB`,
  );
}
