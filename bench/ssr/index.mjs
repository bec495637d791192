/**
 * SSR throughput: the bare Worker and the app under the same wrangler/workerd, the same connection
 * count, in one run. Scenarios are interleaved round by round so a busy neighbour on the machine
 * hurts them alike; each figure is the median over the rounds, each ratio against the bare Worker's
 * median. CPU per request is the server process group's user+system CPU over the requests served
 * (the runtime, the proxy and local SQLite included: an upper bound on the Worker's own CPU).
 */
import { load, measure, median } from "../lib/load.mjs";

/**
 * Share of the page's own ceiling (ADR 293, "the same I/O"): for a member screen a bare Worker
 * that sends the page's own captured D1 statements in the same round trips and answers as many bytes; for
 * the marketing page a bare Worker behind the same static-assets layer answering the page's bytes with its
 * headers. The one-query ceilings of round 3 stay beside them, without a target.
 */
export const TARGETS = { marketing: 0.9, main: 0.7, active: 0.7, measured: 0.7, mainData: 0.75, activeData: 0.75 };
/** CPU per request on the bench machine, beside the ratios (ADR 293). */
export const CPU_TARGETS = { main: 6, active: 5, measured: 6 };

/**
 * @param {{ hello: any, app: any, cookie: string, goalId: string, connections?: number, seconds?: number, rounds?: number, log?: (s: string) => void }} o
 */
export async function runSsr({
  hello,
  app,
  cookie,
  goalId,
  measuredGoalId,
  runnerCookie,
  captured = {},
  marketingCeiling,
  connections = 20,
  seconds = 5,
  rounds = 3,
  log = () => {},
}) {
  const scenarios = [
    { key: "bare", label: "bare Worker (hello world)", server: hello, path: "/" },
    { key: "bareD1", label: "bare Worker + 1 D1 round trip", server: hello, path: "/d1" },
    { key: "marketing", label: "marketing / (logged out, cached)", server: app, path: "/" },
    { key: "signin", label: "/signin", server: app, path: "/signin" },
    { key: "main", label: "/main (member, 20 goals)", server: app, path: "/main", cookie },
    { key: "active", label: `/active/{id} (member)`, server: app, path: `/active/${goalId}`, cookie },
    // A member moving between screens in the app asks for the next screen's data only (single fetch):
    // the same loader and batch, no React render, no document (no target; a row to read beside the page's).
    { key: "mainData", label: "/main.data (client navigation)", server: app, path: "/main.data", cookie },
    {
      key: "activeData",
      label: "/active/{id}.data (client navigation)",
      server: app,
      path: `/active/${goalId}.data`,
      cookie,
    },
    ...(measuredGoalId
      ? [
          {
            key: "measured",
            label: "/active/{id} measured, 1,000 members",
            server: app,
            path: `/active/${measuredGoalId}`,
            cookie: runnerCookie,
          },
        ]
      : []),
  ];
  for (const s of scenarios) {
    const headers = s.cookie ? { cookie: s.cookie } : {};
    const first = await fetch(s.server.url + s.path, { headers, redirect: "manual" });
    await first.arrayBuffer();
    const second = await fetch(s.server.url + s.path, { headers, redirect: "manual" });
    s.bytes = (await second.arrayBuffer()).byteLength;
    s.headers = headers;
    s.status = second.status;
    s.cache = second.headers.get("x-cache") ?? second.headers.get("cf-cache-status") ?? "";
    s.runs = [];
    if (s.status !== 200) log(`  ${s.label}: answers ${s.status}, not measured`);
  }
  // Each page's ceilings run just before it, so a busy neighbour hurts them alike: the same-I/O ceiling
  // (the ratio with the target) and round 3's (the page's bytes after nothing, or after one D1 query).
  const oneQuery = {
    marketing: "",
    signin: "",
    main: "/d1",
    active: "/d1",
    mainData: "/d1",
    activeData: "/d1",
    measured: "/d1",
  };
  for (const s of [...scenarios]) {
    if (!(s.key in oneQuery) || s.status !== 200) continue;
    const ceilings = [];
    if (s.key === "marketing" && marketingCeiling)
      ceilings.push({
        kind: "same",
        label: `  ceiling: bare Worker behind the assets layer, the page's ${s.bytes} bytes and headers`,
        server: marketingCeiling,
        path: "/replay",
      });
    if (captured[s.key]) {
      const trips = captured[s.key];
      const statements = trips.reduce((n, t) => n + t.statements.length, 0);
      ceilings.push({
        kind: "same",
        label: `  ceiling: bare Worker, ${s.bytes} bytes + the page's ${statements} statements in ${trips.length} round trip(s)`,
        server: hello,
        path: `/replay?page=${s.key}&bytes=${s.bytes}`,
      });
    }
    const io = oneQuery[s.key];
    ceilings.push({
      kind: "one",
      label: `  ceiling (round 3): bare Worker, ${s.bytes} bytes${io ? " + 1 D1 query" : ""}`,
      server: hello,
      path: `${io || "/"}?bytes=${s.bytes}`,
    });
    for (const c of ceilings) {
      const ceiling = { ...c, key: `${s.key}Ceiling${c.kind}`, headers: {}, status: 200, cache: "", runs: [] };
      if (c.kind === "same") s.ceilingKey = ceiling.key;
      else s.oneQueryKey = ceiling.key;
      scenarios.splice(scenarios.indexOf(s), 0, ceiling);
    }
    // A page without a same-I/O ceiling (/signin reads nothing) is measured against round 3's.
    s.ceilingKey ??= s.oneQueryKey;
  }
  const live = scenarios.filter((s) => s.status === 200);
  for (const s of live) await load({ url: s.server.url + s.path, headers: s.headers, connections, seconds: 1 }); // warm-up
  for (let round = 1; round <= rounds; round++) {
    for (const s of live) {
      if (!s.server.alive()) throw new Error(`${s.server.name} server stopped:\n${s.server.stderr()}`);
      const r = await measure(s.server, s.path, { headers: s.headers, connections, seconds });
      if (r.errors > r.requests)
        throw new Error(
          `${s.label}: ${r.errors} connection errors; ${s.server.name} alive: ${s.server.alive()}\n${s.server.stderr()}`,
        );
      s.runs.push(r);
      log(
        `  round ${round}/${rounds} ${s.label}: ${r.rps.toFixed(0)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms${r.non2xx ? `, ${r.non2xx} non-2xx!` : ""}`,
      );
    }
  }
  const medianOf = (key, field) => {
    const s = scenarios.find((x) => x.key === key);
    return s?.runs.length ? median(s.runs.map((r) => r[field])) : NaN;
  };
  const medianRps = (key) => medianOf(key, "rps");
  const medianCpu = (key) => medianOf(key, "cpuMsPerRequest");
  const bareRps = medianRps("bare");
  const bareD1Rps = medianRps("bareD1");
  return {
    connections,
    seconds,
    rounds,
    rows: scenarios.map((s) => {
      if (!s.runs.length) return { key: s.key, label: s.label, status: s.status, measured: false };
      const rps = median(s.runs.map((r) => r.rps));
      return {
        key: s.key,
        label: s.label,
        status: s.status,
        measured: true,
        cache: s.cache,
        rps,
        p50: median(s.runs.map((r) => r.p50)),
        p99: median(s.runs.map((r) => r.p99)),
        ratio: rps / bareRps,
        ratioD1: rps / bareD1Rps,
        bytes: s.bytes,
        ceilingRatio: s.ceilingKey ? rps / medianRps(s.ceilingKey) : NaN,
        oneQueryRatio: s.oneQueryKey ? rps / medianRps(s.oneQueryKey) : NaN,
        ceilingCpuMs: s.ceilingKey ? medianCpu(s.ceilingKey) : NaN,
        oneQueryCpuMs: s.oneQueryKey ? medianCpu(s.oneQueryKey) : NaN,
        cpuMsPerRequest: median(s.runs.map((r) => r.cpuMsPerRequest)),
        non2xx: s.runs.reduce((n, r) => n + r.non2xx + r.errors, 0),
        target: TARGETS[s.key],
        cpuTarget: CPU_TARGETS[s.key],
      };
    }),
  };
}
