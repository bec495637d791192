#!/usr/bin/env node
/**
 * The HTML part of `npm run bench` alone, against the current build (`npm run build` first): the bench
 * member's /main and goal screen and the measured goal's screen (its runner), each page's bytes and what
 * they are made of (the head, the body's markup without scripts, the loader data for hydration, the other
 * scripts), and the parts of /main that repeat (docs/benchmarks.md, "/main's HTML"). One app server, no
 * SSR rounds. `--out DIR` keeps each page's HTML there.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { startApp } from "../lib/app.mjs";
import { SQL_TARGETS } from "../ssr/sql.mjs";

const outAt = process.argv.indexOf("--out");
const out = outAt > 0 ? process.argv[outAt + 1] : null;
if (out) mkdirSync(out, { recursive: true });

const bytes = (s) => Buffer.byteLength(s);
const count = (html, re) => (html.match(re) ?? []).length;

/** A page's bytes by part. The loader data is the turbo-stream script (`__remixContext.streamController`). */
export function htmlParts(html) {
  const head = html.match(/<head>[\s\S]*?<\/head>/)?.[0] ?? "";
  const scripts = [...html.matchAll(/<script\b[^>]*>[\s\S]*?<\/script>/g)].map((m) => m[0]);
  const data = scripts.filter((s) => s.includes("streamController") || s.includes("__remixContext"));
  const body = html.replace(head, "");
  const markup = body.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "");
  return {
    total: bytes(html),
    head: bytes(head),
    markup: bytes(markup),
    loaderData: data.reduce((n, s) => n + bytes(s), 0),
    otherScripts: scripts.filter((s) => !data.includes(s)).reduce((n, s) => n + bytes(s), 0),
    navCards: count(html, /class="goal-card goal-card--link"/g),
    homeCards: count(html, /<li class="home-card card/g),
    cheerForms: count(html, /action="\/goals\/[^"]+\/cheer"/g),
  };
}

// E2E_PORT / E2E_INSPECTOR_PORT: an engineer's own ports instead of the bench's.
const own = process.env.E2E_PORT
  ? { ports: [Number(process.env.E2E_PORT), Number(process.env.E2E_INSPECTOR_PORT)] }
  : {};
const app = await startApp(own);
try {
  const pages = [
    { name: "main", path: "/main", cookie: app.cookie, target: SQL_TARGETS.mainHtmlBytes },
    { name: "goal", path: `/active/${app.memberGoalId}`, cookie: app.cookie },
    { name: "measured", path: `/active/${app.measuredGoalId}`, cookie: app.runnerCookie },
  ];
  for (const p of pages) {
    // The second view: the first may record a visit (and the home's feed moves its "since" with it).
    await (await fetch(app.server.url + p.path, { headers: { cookie: p.cookie } })).arrayBuffer();
    const response = await fetch(app.server.url + p.path, { headers: { cookie: p.cookie } });
    const html = await response.text();
    if (out) writeFileSync(join(out, `${p.name}.html`), html);
    const parts = htmlParts(html);
    const verdict = p.target ? `  target <= ${p.target}: ${parts.total <= p.target ? "met" : "MISSED"}` : "";
    console.log(`${p.path} ${response.status}: ${parts.total} bytes${verdict}`);
    console.log(
      `  ${Object.entries(parts)
        .slice(1)
        .map(([k, v]) => `${k} ${v}`)
        .join(", ")}`,
    );
  }
} finally {
  app.server.stop();
}
