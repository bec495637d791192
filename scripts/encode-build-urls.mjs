#!/usr/bin/env node
/**
 * Runs after `remix build` (ADR 302). Remix names a route's client module after its file, so the
 * dynamic routes' modules carry a `$` (/build/routes/active.$id-HASH.js) and the escaped ones `[ ]`
 * (goals.$id.certificate[.png]-HASH.js). Cloudflare's static-assets layer (wrangler dev and production)
 * answers such a URL with a 307 to its percent-encoded form (`%24`, `%5B`, `%5D`): one more round trip
 * for every such module on a first visit, and a redirect that Lighthouse followed to https and lost,
 * leaving the goal screen with no JavaScript. This writes those URLs encoded where the browser reads
 * them: the client's route manifest (public/build/manifest-*.js) and the server build's assets manifest
 * (build/index.js: the HTML's module preloads and imports). The files on disk keep their names; the
 * assets layer answers the encoded URL with the file, 200. scripts/build-sw.mjs then reads the encoded
 * URLs from the manifest, so the service worker precaches what the pages ask for.
 * Readers of these URLs that open the file on disk decode them first (buildFileOf).
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** A `/build/` string literal: double-quoted, as Remix writes both manifests (JSON). */
const BUILD_LITERAL = /"\/build\/[^"\s\\]+"/g;
/** What encodeURIComponent encodes, but `/` (the path's separator) and `%` (so a second run is a no-op). */
const RAW = /[^\w\-.~!*'()/%]/g;

/** A /build/ URL as the assets layer serves it without a redirect: each segment percent-encoded. */
export const encodeBuildUrl = (url) => url.replace(RAW, (c) => encodeURIComponent(c));

/** `text` with every "/build/..." literal encoded (encodeBuildUrl), and how many literals changed. */
export function encodeBuildUrls(text) {
  let count = 0;
  const out = text.replace(BUILD_LITERAL, (literal) => {
    const encoded = encodeBuildUrl(literal.slice(1, -1));
    if (encoded === literal.slice(1, -1)) return literal;
    count++;
    return `"${encoded}"`;
  });
  return { text: out, count };
}

/** The path under public/ of a /build/ URL as the pages name it (the file on disk keeps its `$`). */
export const buildFileOf = (url) => decodeURIComponent(url);

/** Rewrites both manifests under `root`; throws when a URL names no file on disk. */
export function encodeBuild(root) {
  const buildDir = `${root}/public/build`;
  const manifest = readdirSync(buildDir).find((f) => /^manifest-[A-Z0-9]+\.js$/.test(f));
  if (!manifest) throw new Error("public/build has no Remix manifest: run `remix build` first");
  const files = [`${buildDir}/${manifest}`, `${root}/build/index.js`];
  const counts = files.map((file) => {
    const { text, count } = encodeBuildUrls(readFileSync(file, "utf8"));
    if (count) writeFileSync(file, text);
    for (const [literal] of text.matchAll(BUILD_LITERAL)) {
      const url = literal.slice(1, -1);
      if (/\.(?:js|css)$/.test(url) && !existsSync(`${root}/public${buildFileOf(url)}`))
        throw new Error(`${file} names ${url}, which is not in public/`);
    }
    return count;
  });
  return { client: counts[0], server: counts[1] };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL("..", import.meta.url)).replace(/\/$/, "");
  const { client, server } = encodeBuild(root);
  console.log(`[build-urls] ${client} client and ${server} server manifest URLs percent-encoded (ADR 302)`);
}
