#!/usr/bin/env node
/**
 * Bundles the service worker (app/features/offline/sw.ts, Workbox from npm) into public/sw.js after
 * `remix build` (ADR 226). Its precache list is the app shell only: the client modules of the entry,
 * the root, /main and the goal screen (with the chunks they import on demand: the offline code itself,
 * ADR 229, and the sections that load after the first scripts, ADR 237), and the style sheets, read from Remix's asset manifest and the client build's metafile. Hashed
 * file names need no revision. Prints the worker's size and the shell's (docs/benchmarks.md).
 * Runs after scripts/encode-build-urls.mjs: the manifest's URLs are percent-encoded (`%24` for `$`,
 * ADR 302) and the precache keeps them so, as the pages ask for them; the metafile and the disk know
 * the raw names.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { buildFileOf, encodeBuildUrl } from "./encode-build-urls.mjs";

const root = new URL("../", import.meta.url).pathname;
const buildDir = `${root}public/build/`;
const manifestFile = readdirSync(buildDir).find((f) => /^manifest-[A-Z0-9]+\.js$/.test(f));
if (!manifestFile) throw new Error("public/build has no Remix manifest: run `remix build` first");
const manifest = JSON.parse(
  readFileSync(buildDir + manifestFile, "utf8")
    .replace(/^window\.__remixManifest=/, "")
    .replace(/;$/, ""),
);

const SHELL_ROUTES = ["root", "routes/main", "routes/active.$id"];
const urls = new Set([manifest.entry.module, ...manifest.entry.imports]);
for (const id of SHELL_ROUTES) {
  const route = manifest.routes[id];
  if (!route) throw new Error(`The shell route ${id} is not in the Remix manifest`);
  for (const url of [route.module, ...(route.imports ?? []), ...(route.css ?? [])]) urls.add(url);
}
// With what those modules import on demand, read from the client build's metafile: the offline code is
// imported after hydration, so a page opened and taken offline at once had no offline code to keep an
// entry with, and the member's Save did nothing (ADR 229).
const meta = JSON.parse(readFileSync(`${root}build/metafile.js.json`, "utf8"));
const pending = [...urls];
while (pending.length) {
  for (const { path } of meta.outputs[`public${buildFileOf(pending.pop())}`]?.imports ?? []) {
    const url = encodeBuildUrl(path.replace(/^public/, ""));
    if (!url.endsWith(".js") || urls.has(url)) continue;
    urls.add(url);
    pending.push(url);
  }
}
for (const file of readdirSync(`${buildDir}_assets`))
  if (file.endsWith(".css")) urls.add(encodeBuildUrl(`/build/_assets/${file}`));
const shell = [...urls].sort().map((url) => ({ url, revision: null }));
const raw = shell.filter(({ url }) => url !== encodeBuildUrl(url));
if (raw.length) throw new Error(`The precache names ${raw[0].url}: run scripts/encode-build-urls.mjs first (ADR 302)`);

await build({
  entryPoints: [`${root}app/features/offline/sw.ts`],
  outfile: `${root}public/sw.js`,
  bundle: true,
  minify: true,
  format: "iife",
  target: "es2020",
  legalComments: "none",
  define: { "self.__WB_MANIFEST": JSON.stringify(shell), "process.env.NODE_ENV": '"production"' },
  logLevel: "warning",
});

const sw = readFileSync(`${root}public/sw.js`);
const shellBytes = shell.reduce((sum, { url }) => sum + statSync(`${root}public${buildFileOf(url)}`).size, 0);
const shellGzip = shell.reduce(
  (sum, { url }) => sum + gzipSync(readFileSync(`${root}public${buildFileOf(url)}`)).length,
  0,
);
const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
console.log(
  `[sw] public/sw.js ${kib(sw.length)} (${kib(gzipSync(sw).length)} gzip); shell precache: ${shell.length} files, ${kib(shellBytes)} (${kib(shellGzip)} gzip)`,
);
