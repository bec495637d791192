/**
 * Sizes: the worker bundle (raw and gzip, as built and as wrangler would upload it) with its biggest
 * packages, and the client JavaScript each page makes the browser load (gzip), read from the page's
 * own HTML (module preloads, scripts and imports under /build/) so a page that ships no JS shows 0, and
 * which packages make up each page's gzip (so a page that starts loading zod or conform says so).
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { buildFileOf } from "../../scripts/encode-build-urls.mjs";
import { quietEnv } from "../../scripts/seed.mjs";

/**
 * docs/benchmarks.md ("The worker's size, round 4"; ADR 237 for the pages): worker <= 280 KiB gzip (as
 * wrangler uploads it); /main, /signin and /signup <= 110 KiB gzip.
 */
export const SIZE_TARGETS = { workerGzip: 280 * 1024, marketingJs: 0, mainJs: 110 * 1024, signinJs: 110 * 1024 };
const gz = (buf) => gzipSync(buf, { level: 9 }).length;

export function workerSizes(root) {
  const built = readFileSync(join(root, "build/index.js"));
  const outdir = mkdtempSync(join(tmpdir(), "gwf-bench-dry-"));
  const out = execFileSync("npx", ["wrangler", "deploy", "--dry-run", "--outdir", outdir], {
    cwd: root,
    env: quietEnv(),
    encoding: "utf8",
    stdio: ["ignore", "pipe", "ignore"],
  });
  const m = out.match(/Total Upload:\s*([\d.]+)\s*KiB\s*\/\s*gzip:\s*([\d.]+)\s*KiB/);
  const uploaded = readFileSync(join(outdir, "index.js"));
  return {
    built: { raw: built.length, gzip: gz(built) },
    upload: m ? { raw: Number(m[1]) * 1024, gzip: Number(m[2]) * 1024 } : { raw: uploaded.length, gzip: gz(uploaded) },
    packages: biggestPackages(root),
  };
}

/** Bytes each package contributes to build/index.js (esbuild's metafile). */
function biggestPackages(root, top = 8) {
  const file = join(root, "build/metafile.server.json");
  if (!existsSync(file)) return [];
  const meta = JSON.parse(readFileSync(file, "utf8"));
  const output = meta.outputs["build/index.js"];
  const by = {};
  for (const [input, { bytesInOutput }] of Object.entries(output?.inputs ?? {})) {
    const pkg =
      input.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1] ?? `(app) ${input.split("/").slice(0, 2).join("/")}`;
    by[pkg] = (by[pkg] ?? 0) + bytesInOutput;
  }
  const locales = Object.keys(output?.inputs ?? {}).filter((k) => /zod\/.*locales\//.test(k));
  return {
    top: Object.entries(by)
      .sort((a, b) => b[1] - a[1])
      .slice(0, top),
    zodLocales: locales.length,
  };
}

/** Client JS the page at `path` loads, by reading its HTML. */
export async function pageJs(root, url, path, cookie) {
  const response = await fetch(url + path, { headers: cookie ? { cookie } : {}, redirect: "manual" });
  const html = await response.text();
  // The URLs write a route module's `$` as `%24` (ADR 302): the file on disk has the `$`.
  const files = [...new Set(html.match(/\/build\/[\w./$%-]+\.js/g) ?? [])].map(buildFileOf);
  const meta = clientMetafile(root);
  const packages = {};
  let gzip = 0;
  let raw = 0;
  for (const f of files) {
    const buf = readFileSync(join(root, "public", f));
    const fileGzip = gz(buf);
    raw += buf.length;
    gzip += fileGzip;
    // A file's gzip shared among what it holds by their bytes in it (the manifest file is not in the metafile).
    const inputs = Object.entries(meta?.outputs[`public${f}`]?.inputs ?? {}).filter(([, i]) => i.bytesInOutput > 0);
    const total = inputs.reduce((n, [, i]) => n + i.bytesInOutput, 0);
    if (!total) packages[/manifest-/.test(f) ? "(route manifest)" : "(other)"] = fileGzip;
    for (const [input, { bytesInOutput }] of inputs) {
      const name = packageOf(input);
      packages[name] = (packages[name] ?? 0) + (fileGzip * bytesInOutput) / total;
    }
  }
  const inline = [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join("\n");
  return {
    path,
    status: response.status,
    files: files.length,
    raw,
    gzip,
    inlineGzip: inline ? gz(Buffer.from(inline)) : 0,
    packages: Object.entries(packages).sort((a, b) => b[1] - a[1]),
  };
}

/** The client build's esbuild metafile (the Remix compiler writes it beside the server's). */
function clientMetafile(root) {
  const file = join(root, "build/metafile.js.json");
  return existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : null;
}

/** An input's package ("zod", "@conform-to/dom"), or "(app)" for the app's own modules. */
function packageOf(input) {
  return input.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1] ?? "(app)";
}

/** Every route module in the Remix manifest with what it adds on top of entry + root (gzip). */
export function routeChunks(root) {
  const dir = join(root, "public/build");
  const manifestFile = readdirSync(dir).find((f) => /^manifest-.*\.js$/.test(f));
  if (!manifestFile) return [];
  const manifest = JSON.parse(
    readFileSync(join(dir, manifestFile), "utf8")
      .replace(/^window\.__remixManifest=/, "")
      .replace(/;\s*$/, ""),
  );
  const size = (f) => gz(readFileSync(join(root, "public", buildFileOf(f))));
  const base = new Set([
    manifest.entry.module,
    ...manifest.entry.imports,
    manifest.routes.root.module,
    ...(manifest.routes.root.imports ?? []),
  ]);
  const baseGzip = [...base].reduce((n, f) => n + size(f), 0);
  return {
    baseGzip,
    routes: Object.values(manifest.routes)
      .filter((r) => r.id !== "root")
      .map((r) => {
        const own = [r.module, ...(r.imports ?? [])].filter((f) => !base.has(f));
        return { id: r.id.replace(/^routes\//, ""), gzip: own.reduce((n, f) => n + size(f), 0) };
      })
      .sort((a, b) => b.gzip - a.gzip),
  };
}
