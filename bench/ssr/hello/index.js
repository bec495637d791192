// The yardstick: the least a Worker can do to answer a page. `/d1` does the same plus one D1 round
// trip (SELECT 1): the floor for any signed-in page, which reads its session from D1.
// `?bytes=N` answers N bytes of HTML instead of the 80-byte hello world: the fair ceiling for a page
// of that size (issue 18): the same I/O and the same byte count, nothing else.
const hello = "<!doctype html><html lang=en><title>Hello</title><h1>Hello, world</h1></html>";
const headers = { "Content-Type": "text/html; charset=utf-8" };
const bodies = new Map();

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

export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    if (url.pathname === "/d1") await env.DB.prepare("SELECT 1").first();
    return new Response(bodyOf(Number(url.searchParams.get("bytes") ?? 0)), { headers });
  },
};
