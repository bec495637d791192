/** The load generator: autocannon, N keep-alive connections, bounded by time, loopback only. */
// autocannon is a bench-only tool in bench/package.json (kept out of the app's install).
const { default: autocannon } = await import("autocannon").catch(() => {
  throw new Error("The benchmark tools are not installed: run `node bench/install.mjs` (npm run bench does it).");
});

/**
 * @param {{ url: string, headers?: Record<string,string>, connections: number, seconds: number }} o
 * @returns {Promise<{ rps: number, p50: number, p99: number, requests: number, non2xx: number, errors: number, statuses: Record<string, number> }>}
 */
export async function load({ url, headers = {}, connections, seconds }) {
  if (!/^http:\/\/(127\.0\.0\.1|localhost)[:/]/.test(url)) throw new Error(`loopback only: ${url}`);
  const result = await autocannon({ url, headers, connections, duration: seconds, pipelining: 1 });
  const statuses = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([k, v]) => [k, Number(v.count)]),
  );
  return {
    rps: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    statuses,
  };
}

/**
 * One measured run of `path` on `server` (a bench server with `url` and `cpuSeconds()`): `load`'s figures
 * plus `cpuMsPerRequest`, the server process group's CPU over the requests it served.
 */
export async function measure(server, path, { headers = {}, connections, seconds }) {
  const before = server.cpuSeconds();
  const r = await load({ url: server.url + path, headers, connections, seconds });
  return { ...r, cpuMsPerRequest: ((server.cpuSeconds() - before) * 1000) / Math.max(1, r.requests) };
}

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
