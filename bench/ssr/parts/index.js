// bench/marketing-parts.mjs's Worker: the ceiling's answer (bench/ssr/hello) and the marketing page's
// replay from memory (app/platform/http/page-cache.server.ts) side by side, to measure what separates them.
// PAGE_HEADERS (JSON pairs) and PAGE_BYTES come from the app's own answer at the start of the run.
//   /ceiling  the page's byte count as a string with one header, as the ceiling answers it
//   /replay   a stored ArrayBuffer of that size with the page's headers, as a memory hit answers it
let page = null;
const ceilingHeaders = { "Content-Type": "text/html; charset=utf-8" };

function pageOf(env) {
  if (page) return page;
  const bytes = Number(env.PAGE_BYTES);
  const head = "<!doctype html><html lang=en><title>Ceiling</title><p>";
  const tail = "</p></html>";
  const text = head + "x".repeat(bytes - head.length - tail.length) + tail;
  page = { text, body: new TextEncoder().encode(text).buffer, headers: JSON.parse(env.PAGE_HEADERS) };
  return page;
}

export default {
  async fetch(request, env) {
    const { text, body, headers } = pageOf(env);
    const { pathname } = new URL(request.url);
    if (pathname === "/ceiling") return new Response(text, { headers: ceilingHeaders });
    if (pathname === "/replay") return new Response(body, { status: 200, headers });
    return new Response("Not found", { status: 404 });
  },
};
