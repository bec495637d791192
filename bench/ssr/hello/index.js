// The yardstick: the least a Worker can do to answer a page. `/d1` does the same plus one D1 round
// trip (SELECT 1): the floor for any signed-in page, which reads its session from D1.
const body = "<!doctype html><html lang=en><title>Hello</title><h1>Hello, world</h1></html>";
const headers = { "Content-Type": "text/html; charset=utf-8" };

export default {
  async fetch(request, env) {
    if (new URL(request.url).pathname === "/d1") await env.DB.prepare("SELECT 1").first();
    return new Response(body, { headers });
  },
};
