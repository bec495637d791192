/**
 * Counts D1 round trips (ADR 050). Tests and the worker share one isolate under
 * @cloudflare/vitest-pool-workers, so wrapping the D1 binding's prototypes here also sees every query
 * the app makes while serving a SELF.fetch: no production code knows about it.
 *
 * One round trip = one call that goes to the database: a prepared statement's first/run/all/raw, a
 * batch (any number of statements), an exec, a dump. Nested calls (D1Database.batch delegates to a
 * session's batch) count once.
 */
import { env } from "cloudflare:test";
import { get } from "./http";

export type RoundTrip = { kind: string; sql: string[]; params: unknown[][] };

/**
 * What is being recorded lives on the global scope, not in this module: the wrappers are installed once
 * per isolate on the binding's prototypes, and the test files of a vitest worker share the isolate
 * while each evaluates this module afresh (ADR 148).
 */
type Recorder = { recording: RoundTrip[] | null; depth: number };
const state = ((globalThis as Record<symbol, unknown>)[Symbol.for("gwf.d1RoundTrips")] ??= {
  recording: null,
  depth: 0,
}) as Recorder;

type Statements = { sql: string[]; params: unknown[][] };

function wrap(proto: any, method: string, describe: (self: any, args: any[]) => Statements) {
  const original = proto?.[method];
  if (typeof original !== "function" || original.__countsRoundTrips) return;
  const wrapped = function (this: any, ...args: any[]) {
    if (state.recording && state.depth === 0) state.recording.push({ kind: method, ...describe(this, args) });
    state.depth++;
    try {
      return original.apply(this, args);
    } finally {
      state.depth--;
    }
  };
  wrapped.__countsRoundTrips = true;
  proto[method] = wrapped;
}

function install() {
  const db = env.DB as any;
  const statementProto = Object.getPrototypeOf(db.prepare("SELECT 1"));
  const databaseProto = Object.getPrototypeOf(db);
  const sessionProto = typeof db.withSession === "function" ? Object.getPrototypeOf(db.withSession()) : null;
  const one = (s: any): Statements => ({
    sql: [String(s.statement)],
    params: [Array.isArray(s.params) ? [...s.params] : []],
  });
  for (const method of ["first", "run", "all", "raw"]) wrap(statementProto, method, (self) => one(self));
  const batch = (_: any, [statements]: any[]): Statements => {
    const each = (statements as any[]).map(one);
    return { sql: each.flatMap((e) => e.sql), params: each.flatMap((e) => e.params) };
  };
  wrap(databaseProto, "batch", batch);
  wrap(sessionProto, "batch", batch);
  wrap(databaseProto, "exec", (_, [sql]) => ({ sql: [String(sql)], params: [[]] }));
  wrap(databaseProto, "dump", () => ({ sql: ["(dump)"], params: [[]] }));
}

/** Runs `fn` and returns what it returned plus every D1 round trip made meanwhile, in order. */
export async function countD1RoundTrips<T>(fn: () => Promise<T>): Promise<{ result: T; roundTrips: RoundTrip[] }> {
  install();
  if (state.recording) throw new Error("countD1RoundTrips does not nest");
  const trips: RoundTrip[] = [];
  state.recording = trips;
  try {
    const result = await fn();
    // Let the response body finish streaming, so loaders that resolve late are counted too.
    if (result instanceof Response) await result.clone().arrayBuffer();
    return { result, roundTrips: trips };
  } finally {
    state.recording = null;
  }
}

/**
 * The one write a view may make, after its answer (ADR 210): recording a goal visit (once a day) or the
 * home's "seen" time (once a minute). Anything else a view writes is a round trip like any other.
 */
const VISIT_WRITE = /^update "(user_goals" set "visited_on"|users" set "home_seen_at") = \?/;
export const isVisitWrite = (trip: RoundTrip) =>
  trip.kind === "run" && trip.sql.length === 1 && VISIT_WRITE.test(trip.sql[0]!);

/** Whether any statement of the round trip writes (a batch with a write runs on the primary, ADR 200). */
export const writes = (trip: RoundTrip) => trip.sql.some((s) => !/^\s*(select|with)\b/i.test(s));

/**
 * GETs a screen (the full document, or `path.data` for a client-side navigation) and reports its
 * D1 round trips. Read the whole body so streamed (deferred) loaders are included. `count` is what the
 * screen waits for: the visit writes sent after the answer (ADR 210) are `visitWrites`, not counted.
 */
export async function screenRoundTrips(path: string, cookie?: string) {
  const { result, roundTrips } = await countD1RoundTrips(async () => {
    const response = await get(path, cookie);
    const body = await response.text();
    return { response, body };
  });
  const screen = roundTrips.filter((t) => !isVisitWrite(t));
  return {
    status: result.response.status,
    body: result.body,
    count: screen.length,
    roundTrips: screen,
    visitWrites: roundTrips.length - screen.length,
  };
}

/** A readable list of the round trips, for assertion messages. */
export function describeRoundTrips(roundTrips: RoundTrip[]): string {
  return roundTrips.map((t, i) => `${i + 1}. ${t.kind}: ${t.sql.join(" ; ")}`).join("\n");
}
