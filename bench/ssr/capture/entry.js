// The app's own worker (build/index.js), for `npm run bench` only: a request with `x-bench-capture: 1`
// has every D1 statement it sends recorded, grouped by round trip, and `GET /__bench/captured` answers
// the last such request's trips as JSON. The bench replays them from a bare Worker over a copy of the
// same database: the ceiling with "the same I/O" (ADR 293). Never deployed; the app knows
// nothing of it (the recording wraps the D1 binding's prototypes, as tests/support/d1.ts does).
import app from "../../../build/index.js";
export * from "../../../build/index.js";

let recording = null;
let depth = 0;
let last = [];

function wrap(proto, method, describe) {
  const original = proto?.[method];
  if (typeof original !== "function" || original.__benchCapture) return;
  const wrapped = function (...args) {
    if (recording && depth === 0) recording.push({ kind: method, statements: describe(this, args) });
    depth++;
    try {
      return original.apply(this, args);
    } finally {
      depth--;
    }
  };
  wrapped.__benchCapture = true;
  proto[method] = wrapped;
}

const one = (s) => ({ sql: String(s.statement), params: Array.isArray(s.params) ? [...s.params] : [] });

function install(db) {
  wrap(Object.getPrototypeOf(db.prepare("SELECT 1")), "first", (self) => [one(self)]);
  for (const method of ["run", "all", "raw"])
    wrap(Object.getPrototypeOf(db.prepare("SELECT 1")), method, (self) => [one(self)]);
  const batch = (_, [statements]) => statements.map(one);
  wrap(Object.getPrototypeOf(db), "batch", batch);
  if (typeof db.withSession === "function") wrap(Object.getPrototypeOf(db.withSession()), "batch", batch);
}

export default {
  ...app,
  async fetch(request, env, ctx) {
    const url = new URL(request.url);
    if (url.pathname === "/__bench/captured")
      return new Response(JSON.stringify(last), { headers: { "content-type": "application/json" } });
    if (request.headers.get("x-bench-capture") !== "1") return app.fetch(request, env, ctx);
    install(env.DB);
    const trips = [];
    recording = trips;
    try {
      const response = await app.fetch(request, env, ctx);
      const body = await response.arrayBuffer(); // loaders that resolve while the page streams count too
      last = trips;
      return new Response(body, response);
    } finally {
      recording = null;
    }
  },
};
