/**
 * Development-only D1 round-trip counter: wraps the binding so every statement run outside a batch, and
 * every batch, counts one trip. server.ts reports the total in an `X-D1-Round-Trips` header, which
 * tests read to hold each screen to its budget (the session lookup plus one batch).
 */
export interface TripCounter {
  trips: number;
}

const RUNS = new Set(["all", "first", "run", "raw"]);
const RAW = Symbol("raw statement");

function wrapStatement(statement: D1PreparedStatement, counter: TripCounter): D1PreparedStatement {
  return new Proxy(statement, {
    get(target, prop) {
      if (prop === RAW) return target;
      const value = Reflect.get(target, prop, target);
      if (typeof value !== "function") return value;
      if (prop === "bind") return (...args: unknown[]) => wrapStatement(value.apply(target, args), counter);
      if (RUNS.has(prop as string)) {
        return (...args: unknown[]) => {
          counter.trips++;
          return value.apply(target, args);
        };
      }
      return value.bind(target);
    },
  });
}

export function countingD1(d1: D1Database, counter: TripCounter): D1Database {
  return new Proxy(d1, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target);
      if (prop === "prepare") return (query: string) => wrapStatement(target.prepare(query), counter);
      if (prop === "batch") {
        return (statements: D1PreparedStatement[]) => {
          counter.trips++;
          return target.batch(statements.map((s) => ((s as any)[RAW] as D1PreparedStatement) ?? s));
        };
      }
      if (prop === "exec") {
        return (query: string) => {
          counter.trips++;
          return target.exec(query);
        };
      }
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
