/**
 * The app as the benchmarks see it: a production build served by `wrangler dev` (ENVIRONMENT
 * production) over fresh local state holding the demo seed plus the bench data, with the bench
 * member signed in.
 */
import { execFileSync } from "node:child_process";
import { generateKeyPairSync } from "node:crypto";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freshState } from "../../scripts/fresh-state.mjs";
import { quietEnv } from "../../scripts/seed.mjs";
import { BENCH_MEMBER, BENCH_RUNNER, seedBench } from "../ssr/seed.mjs";
import { startWrangler } from "./server.mjs";

export const ROOT = new URL("../..", import.meta.url).pathname.replace(/\/$/, "");
/**
 * The bench's servers: BENCH_PORT_BASE (default 8825) for the bare Worker, +1 the app, +5 the capture
 * server, +6 the marketing page's ceiling and bench/ab.mjs's A, +7 its B; each inspector port 500 above (loopback only).
 */
const BASE = Number(process.env.BENCH_PORT_BASE ?? 8825);
const pair = (offset) => [BASE + offset, BASE + offset + 500];
export const PORTS = {
  hello: pair(0),
  app: pair(1),
  capture: pair(5),
  marketingCeiling: pair(6),
  abA: pair(6),
  abB: pair(7),
};

/**
 * NODE_ENV=production remix build: React's production build, minified worker; then, as `npm run build`
 * does, the route modules' URLs written with `%24` for `$` (scripts/encode-build-urls.mjs: no 307 from
 * the assets layer, ADR 302) and the service worker (scripts/build-sw.mjs), so pages register and
 * install it as in production.
 */
export function buildProduction({ minify = true } = {}) {
  execFileSync("npx", ["remix", "build"], {
    cwd: ROOT,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...quietEnv(), NODE_ENV: "production", ...(minify ? {} : { SERVER_MINIFY: "false" }) },
  });
  execFileSync("node", ["scripts/encode-build-urls.mjs"], { cwd: ROOT, stdio: ["ignore", "ignore", "inherit"] });
  execFileSync("node", ["scripts/build-sw.mjs"], { cwd: ROOT, stdio: ["ignore", "ignore", "inherit"] });
}

/** A fresh Web Push key pair (as scripts/vapid-keys.mjs makes one): the public key raw, both base64url. */
function vapidPair() {
  const { publicKey, privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const { x, y } = publicKey.export({ format: "jwk" });
  const raw = Buffer.concat([Buffer.from([4]), Buffer.from(x, "base64url"), Buffer.from(y, "base64url")]);
  return { VAPID_PUBLIC_KEY: raw.toString("base64url"), VAPID_PRIVATE_KEY: privateKey.export({ format: "jwk" }).d };
}

/** The app's variables under the bench: production, with its own secrets. */
function appVars(port) {
  return {
    ENVIRONMENT: "production",
    SESSION_SECRET: "bench-session-secret-0123456789abcd",
    HONEYPOT_SEED: "bench-honeypot-seed-0123456789abcde",
    APP_URL: `http://127.0.0.1:${port}`,
    // Production refuses the development VAPID key of .dev.vars (ADR 110): a pair of the bench's own.
    ...vapidPair(),
  };
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
    vars: appVars(port),
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

/**
 * The bare Worker. `copyStateFrom`: the app's state directory, copied, so that `/replay` reads the same
 * database the app does (the hello Worker's D1 has the app's database id).
 */
export async function startHello({ copyStateFrom } = {}) {
  const [port, inspectorPort] = PORTS.hello;
  const persistTo = mkdtempSync(join(tmpdir(), "gwf-bench-hello-"));
  if (copyStateFrom) cpSync(copyStateFrom, persistTo, { recursive: true });
  return startWrangler({ name: "hello", cwd: join(ROOT, "bench/ssr/hello"), port, inspectorPort, persistTo });
}

/**
 * Every D1 statement each page sends, grouped by round trip (ADR 293's "same I/O"): the built app
 * behind bench/ssr/capture/entry.js, over a copy of `app`'s state, asked for each page twice (the
 * first view may record a visit after it answers); the second view's trips are kept.
 * @param {{ persistTo: string }} app  @param {{ key: string, path: string, cookie?: string }[]} pages
 * @returns {Promise<Record<string, { kind: string, statements: { sql: string, params: unknown[] }[] }[]>>}
 */
export async function captureStatements(app, pages) {
  const config = join(ROOT, ".bench-capture.wrangler.toml");
  const own = readFileSync(join(ROOT, "wrangler.toml"), "utf8");
  writeFileSync(config, own.replace(/^main = .*$/m, 'main = "bench/ssr/capture/entry.js"'));
  const persistTo = mkdtempSync(join(tmpdir(), "gwf-bench-capture-"));
  cpSync(app.persistTo, persistTo, { recursive: true });
  const [port, inspectorPort] = PORTS.capture;
  let server;
  try {
    server = await startWrangler({
      name: "capture",
      cwd: ROOT,
      config: ".bench-capture.wrangler.toml",
      port,
      inspectorPort,
      persistTo,
      readyPath: "/signin",
      vars: appVars(port),
    });
    const captured = {};
    for (const page of pages) {
      const headers = { "x-bench-capture": "1", ...(page.cookie ? { cookie: page.cookie } : {}) };
      for (let i = 0; i < 2; i++)
        await (await fetch(server.url + page.path, { headers, redirect: "manual" })).arrayBuffer();
      captured[page.key] = await (await fetch(`${server.url}/__bench/captured`)).json();
    }
    return captured;
  } finally {
    await server?.stop();
    rmSync(config, { force: true });
    rmSync(persistTo, { recursive: true, force: true });
  }
}

/** Loads captured trips into the bare Worker, so that `/replay?page=KEY` sends them. */
export async function loadReplays(hello, captured) {
  for (const [name, trips] of Object.entries(captured)) {
    const response = await fetch(`${hello.url}/__replay`, { method: "POST", body: JSON.stringify({ name, trips }) });
    if (!response.ok) throw new Error(`loading ${name}'s statements into the bare Worker: ${response.status}`);
    await response.arrayBuffer();
    const replayed = await fetch(`${hello.url}/replay?page=${name}`);
    const text = await replayed.text();
    if (!replayed.ok) throw new Error(`replaying ${name}'s statements: ${replayed.status} ${text.slice(0, 300)}`);
  }
}

/** bench/ssr/parts's config with the app's [assets] block (its public/ by absolute path). */
export function partsBehindAssetsConfig() {
  const parts = join(ROOT, "bench/ssr/parts");
  const app = readFileSync(join(ROOT, "wrangler.toml"), "utf8");
  const block = app.match(/^\[assets\]\n(?:(?!\[).*\n)*/m)?.[0];
  if (!block) throw new Error("wrangler.toml has no [assets] block");
  const dir = mkdtempSync(join(tmpdir(), "gwf-parts-"));
  const own = readFileSync(join(parts, "wrangler.toml"), "utf8").replace(/^main = .*$/m, `main = "${parts}/index.js"`);
  writeFileSync(
    join(dir, "wrangler.toml"),
    `${own}\n${block.replace(/^directory = .*$/m, `directory = "${join(ROOT, "public")}"`)}`,
  );
  return dir;
}

/**
 * The marketing page's ceiling (ADR 293): a bare Worker behind the same static-assets layer, answering
 * the page's own bytes with the page's own headers (a memory hit's), as bench/marketing-parts.mjs's part 4.
 */
export async function startMarketingCeiling(appUrl) {
  let hit;
  let bytes = 0;
  for (let i = 0; i < 20 && hit?.headers.get("x-cache") !== "HIT"; i++) {
    if (i) await new Promise((r) => setTimeout(r, 50)); // the first copy is stored after its response
    hit = await fetch(`${appUrl}/`, { headers: { "accept-encoding": "identity" } });
    bytes = (await hit.arrayBuffer()).byteLength;
  }
  if (hit.headers.get("x-cache") !== "HIT") throw new Error("/ was never served from memory");
  const framing = ["content-length", "transfer-encoding", "content-encoding", "date"];
  const headers = [...hit.headers].filter(([name]) => !framing.includes(name));
  const [port, inspectorPort] = PORTS.marketingCeiling;
  return startWrangler({
    name: "marketing ceiling",
    cwd: partsBehindAssetsConfig(),
    port,
    inspectorPort,
    vars: { PAGE_BYTES: String(bytes), PAGE_HEADERS: JSON.stringify(headers) },
    readyPath: "/ceiling",
  });
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
