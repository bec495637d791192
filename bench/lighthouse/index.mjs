/**
 * Lighthouse 12.8.2 (the npm package) driving Debian's chromium, default (mobile, simulated
 * throttling) settings, on pages of the running production app. Prints the four category scores.
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
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

/** @returns {Promise<{ url: string, scores: Record<string, number>, failing: string[] }>} */
export async function lighthouse(root, url) {
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
    ],
    { cwd: root, env: { ...process.env, CHROME_PATH: chrome }, maxBuffer: 64 * 1024 * 1024, timeout: 180_000 },
  );
  const report = JSON.parse(stdout);
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((report.categories[c]?.score ?? 0) * 100)]));
  // The audits that cost points, so a score below 100 says why.
  const failing = [];
  for (const c of CATEGORIES) {
    for (const ref of report.categories[c]?.auditRefs ?? []) {
      const audit = report.audits[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1)
        failing.push(`${c}: ${audit.title} (${Math.round(audit.score * 100)})`);
    }
  }
  return { url, scores, failing };
}
