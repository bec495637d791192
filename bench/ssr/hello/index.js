// The yardstick: the least a Worker can do to answer a page. `/d1` does the same plus one D1 round
// trip (SELECT 1): the floor for any signed-in page, which reads its session from D1.
// `?bytes=N` answers N bytes of HTML instead of the 80-byte hello world: the fair ceiling for a page
// of that size (docs/benchmarks.md, "Round 3"): the same I/O and the same byte count, nothing else.
// `/replay?page=NAME` sends a page's own D1 statements first (ADR 293's "same I/O": the SQL and the
// bindings the page sent, captured by bench/ssr/capture, in the same round trips, through a D1 session
// as the app reads), over a copy of the app's database; `POST /__replay` loads them: { name, trips }.
const hello = "<!doctype html><html lang=en><title>Hello</title><h1>Hello, world</h1></html>";
const headers = { "Content-Type": "text/html; charset=utf-8" };
const bodies = new Map();
const pages = new Map();

function bodyOf(bytes) {
  if (!Number.isSafeInteger(bytes) || bytes <= hello.length || bytes > 4_000_000) return hello;
  let body = bodies.get(bytes);
  if (!body) {
    const head = "<!doctype html><html lang=en><title>Ceiling</title><p>";
    const tail = "</p></html>";
    body = head + "x".repeat(bytes - head.length - tail.length) + tail;
    bodies.set(bytes, body);
  }
  return body;
}

async function replay(db, trips) {
  for (const trip of trips) {
    const statements = trip.statements.map((s) => db.prepare(s.sql).bind(...s.params));
    if (trip.kind === "batch") await db.batch(statements);
    else await statements[0][trip.kind]();
  }
}

export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    if (url.pathname === "/__replay" && request.method === "POST") {
      const { name, trips } = await request.json();
      pages.set(name, trips);
      return new Response(
        `${trips.length} round trips, ${trips.reduce((n, t) => n + t.statements.length, 0)} statements`,
      );
    }
    if (url.pathname === "/d1") await env.DB.prepare("SELECT 1").first();
    if (url.pathname === "/replay") {
      const trips = pages.get(url.searchParams.get("page"));
      if (!trips) return new Response("no such page loaded", { status: 404 });
      await replay(env.DB.withSession("first-unconstrained"), trips);
    }
    return new Response(bodyOf(Number(url.searchParams.get("bytes") ?? 0)), { headers });
  },
};
