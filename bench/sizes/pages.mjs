#!/usr/bin/env node
/**
 * The client-JS part of `npm run bench` alone, against the current build (`npm run build` first): the
 * bench member's /main and goal screen, /signin and /signup, each page's gzip read from its own HTML,
 * with what it is made of by package. One app server (BENCH_PORT_BASE+1, as bench/lib/app.mjs), no SSR
 * rounds: a minute instead of the whole bench, for checking a change to what the pages load.
 */
import { ROOT, startApp } from "../lib/app.mjs";
import { SIZE_TARGETS, pageJs } from "./index.mjs";

const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
const app = await startApp();
try {
  const pages = [
    { path: "/signin", target: SIZE_TARGETS.signinJs },
    { path: "/signup", target: SIZE_TARGETS.signinJs },
    { path: "/main", cookie: app.cookie, target: SIZE_TARGETS.mainJs },
    { path: `/active/${app.memberGoalId}`, cookie: app.cookie },
    { path: `/active/${app.measuredGoalId}`, cookie: app.runnerCookie },
  ];
  for (const p of pages) {
    const js = await pageJs(ROOT, app.server.url, p.path, p.cookie);
    const verdict =
      p.target === undefined ? "" : `  target <= ${kib(p.target)}: ${js.gzip <= p.target ? "met" : "MISSED"}`;
    console.log(
      `${p.path} ${js.status}: ${js.files} files, ${kib(js.gzip)} gzip, inline ${kib(js.inlineGzip)}${verdict}`,
    );
    console.log(
      `  ${js.packages
        .filter(([, b]) => b >= 256)
        .map(([name, b]) => `${name} ${kib(b)}`)
        .join(", ")}`,
    );
  }
} finally {
  app.server.stop();
}
