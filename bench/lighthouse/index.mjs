/**
 * Lighthouse 12.8.2 (the npm package) driving Debian's chromium, default (mobile, simulated
 * throttling) settings, on pages of the running production app. Prints the four category scores.
 */
import { execFile } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const run = promisify(execFile);
// Installed in bench/'s own node_modules (bench/package.json), not the app's.
const BIN = join(dirname(fileURLToPath(import.meta.url)), "..", "node_modules", ".bin", "lighthouse");
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];

export function chromePath() {
  return (
    process.env.CHROME_PATH ||
    ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"].find(existsSync)
  );
}

/** The targets for a signed-in member's /main and a measured goal, mobile and throttled (docs/benchmarks.md). */
export const LIGHTHOUSE_TARGET = { performance: 95, tbtMs: 150 };

/** The pages the bench scores: the two public ones, and the member's screens signed in. */
export function lighthousePages(app) {
  return [
    { path: "/" },
    { path: "/signin" },
    { path: "/main", cookie: app.cookie, target: LIGHTHOUSE_TARGET },
    { path: `/active/${app.measuredGoalId}`, cookie: app.runnerCookie, target: LIGHTHOUSE_TARGET },
  ];
}

/** Scores each page in turn; a page that fails to score gets its error instead. */
export async function runLighthouse(root, app) {
  const results = [];
  for (const { path, cookie, target } of lighthousePages(app)) {
    try {
      results.push({ path, target, ...(await lighthouse(root, app.server.url + path, cookie)) });
    } catch (error) {
      results.push({ path, target, error: String(error.message ?? error).split("\n")[0] });
    }
  }
  return results;
}

/** Table rows (header first) for `results`, with the target and whether it was met. */
export function lighthouseRows(results) {
  const verdict = (l) =>
    !l.target ? "" : l.scores.performance >= l.target.performance && l.tbtMs <= l.target.tbtMs ? "met" : "MISSED";
  return [
    ["page", "performance", "TBT ms", "accessibility", "best practices", "SEO", "target", ""],
    ...results.map((l) =>
      l.error
        ? [l.path, `error: ${l.error}`, "", "", "", "", "", ""]
        : [
            l.path,
            l.scores.performance,
            l.tbtMs,
            l.scores.accessibility,
            l.scores["best-practices"],
            l.scores.seo,
            l.target ? `>= ${l.target.performance}, TBT <= ${l.target.tbtMs}` : "",
            verdict(l),
          ],
    ),
  ];
}

/**
 * `cookie` signs the run in: Lighthouse sends it on every request as an extra header.
 * @returns {Promise<{ url: string, scores: Record<string, number>, tbtMs: number, failing: string[] }>}
 */
export async function lighthouse(root, url, cookie) {
  const chrome = chromePath();
  if (!chrome) throw new Error("no chromium found (apt-get install -y chromium, or set CHROME_PATH)");
  const { stdout } = await run(
    BIN,
    [
      url,
      "--quiet",
      "--output=json",
      "--output-path=stdout",
      `--only-categories=${CATEGORIES.join(",")}`,
      "--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage",
      ...(cookie ? [`--extra-headers=${JSON.stringify({ Cookie: cookie })}`] : []),
    ],
    { cwd: root, env: { ...process.env, CHROME_PATH: chrome }, maxBuffer: 64 * 1024 * 1024, timeout: 180_000 },
  );
  const report = JSON.parse(stdout);
  // BENCH_LIGHTHOUSE_JSON=<directory> keeps each whole report, to read what a score is made of.
  const keep = process.env.BENCH_LIGHTHOUSE_JSON;
  if (keep) writeFileSync(join(keep, `${new URL(url).pathname.replace(/\W+/g, "_")}.json`), stdout);
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((report.categories[c]?.score ?? 0) * 100)]));
  // The audits that cost points, so a score below 100 says why.
  const failing = [];
  for (const c of CATEGORIES) {
    for (const ref of report.categories[c]?.auditRefs ?? []) {
      const audit = report.audits[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1)
        failing.push(
          `${c}: ${audit.title} (${Math.round(audit.score * 100)}${audit.displayValue ? `, ${audit.displayValue}` : ""})`,
        );
    }
  }
  const tbtMs = Math.round(report.audits["total-blocking-time"]?.numericValue ?? Number.NaN);
  return { url, scores, tbtMs, failing };
}
