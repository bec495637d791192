/**
 * The app as the benchmarks see it: a production build served by `wrangler dev` (ENVIRONMENT
 * production) over fresh local state holding the demo seed plus the bench data, with the bench
 * member signed in.
 */
import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freshState } from "../../scripts/fresh-state.mjs";
import { quietEnv } from "../../scripts/seed.mjs";
import { BENCH_MEMBER, BENCH_RUNNER, seedBench } from "../ssr/seed.mjs";
import { startWrangler } from "./server.mjs";

export const ROOT = new URL("../..", import.meta.url).pathname.replace(/\/$/, "");
export const PORTS = { hello: [8825, 9425], app: [8826, 9426] };

/** NODE_ENV=production remix build: React's production build, minified worker. */
export function buildProduction({ minify = true } = {}) {
  execFileSync("npx", ["remix", "build"], {
    cwd: ROOT,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...quietEnv(), NODE_ENV: "production", ...(minify ? {} : { SERVER_MINIFY: "false" }) },
  });
}

/**
 * @param {{ root?: string, ports?: [number, number], copyStateFrom?: string }} [options] root: a directory
 * holding wrangler.toml, build/, public/, migrations/; copyStateFrom: another app's state directory to
 * start from a copy of (the A/B bench seeds once), instead of migrating and seeding afresh; inspector:
 * run the `wrangler dev` command with its devtools inspector (the profiler needs it); extraArgs: more
 * flags for that command (bench/profile.mjs serves the build unbundled).
 */
export async function startApp({ root = ROOT, ports = PORTS.app, copyStateFrom, inspector, extraArgs } = {}) {
  let ids = { memberGoalId: "bench-goal-01", measuredGoalId: "bench-measured" };
  let persistTo;
  if (copyStateFrom) {
    persistTo = mkdtempSync(join(tmpdir(), "gwf-bench-"));
    cpSync(copyStateFrom, persistTo, { recursive: true });
  } else {
    persistTo = await freshState({ cwd: root, prefix: "gwf-bench-" });
    ids = seedBench({ persistTo, cwd: root });
  }
  const { memberGoalId, measuredGoalId } = ids;
  const [port, inspectorPort] = ports;
  const server = await startWrangler({
    name: "app",
    cwd: root,
    port,
    inspectorPort,
    persistTo,
    readyPath: "/signin",
    ...(inspector === undefined ? {} : { inspector }),
    ...(extraArgs ? { extraArgs } : {}),
    vars: {
      ENVIRONMENT: "production",
      SESSION_SECRET: "bench-session-secret-0123456789abcd",
      HONEYPOT_SEED: "bench-honeypot-seed-0123456789abcde",
      APP_URL: `http://127.0.0.1:${port}`,
    },
  });
  try {
    const cookie = await signIn(server.url, BENCH_MEMBER.email, BENCH_MEMBER.password);
    const runnerCookie = await signIn(server.url, BENCH_RUNNER.email, BENCH_RUNNER.password);
    return { server, cookie, runnerCookie, memberGoalId, measuredGoalId, persistTo };
  } catch (error) {
    server.stop();
    throw error;
  }
}

export async function startHello() {
  const [port, inspectorPort] = PORTS.hello;
  const persistTo = mkdtempSync(join(tmpdir(), "gwf-bench-hello-"));
  return startWrangler({ name: "hello", cwd: join(ROOT, "bench/ssr/hello"), port, inspectorPort, persistTo });
}

/** The fields a public form renders besides the ones a person fills in (the honeypot, say). */
export async function renderedFields(url, path = "/signin", skip = ["email", "password"]) {
  const page = await (await fetch(`${url}${path}`)).text();
  const rendered = {};
  for (const [tag] of page.matchAll(/<input\b[^>]*>/g)) {
    const name = tag.match(/\bname="([^"]*)"/)?.[1];
    if (name && !skip.includes(name)) rendered[name] = decode(tag.match(/\bvalue="([^"]*)"/)?.[1] ?? "");
  }
  return rendered;
}

/**
 * Signs in the way a browser does: with every other field the form rendered (a honeypot, say; pass
 * `rendered` to sign many in from one read of the form), from `address` (CF-Connecting-IP) if given.
 */
export async function signIn(url, email, password, { rendered, address } = {}) {
  rendered ??= await renderedFields(url);
  const response = await fetch(`${url}/signin`, {
    method: "POST",
    redirect: "manual",
    body: new URLSearchParams({ ...rendered, email, password }),
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: url,
      ...(address ? { "CF-Connecting-IP": address } : {}),
    },
  });
  const cookie = (response.headers.get("set-cookie") ?? "").split(";")[0];
  await response.arrayBuffer();
  if (response.status !== 302 || !cookie) throw new Error(`bench sign-in of ${email} failed: ${response.status}`);
  return cookie;
}

const ENTITIES = { amp: "&", lt: "<", gt: ">", quot: '"', "#x27": "'", "#39": "'", "#x2F": "/", "#47": "/" };
const decode = (s) => s.replace(/&(#x27|#39|#x2F|#47|amp|lt|gt|quot);/g, (_, e) => ENTITIES[e]);
