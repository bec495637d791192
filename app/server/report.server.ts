/**
 * The one error reporter: every unexpected error (Remix handleError, the scheduled handler, the live
 * hub) comes here once. It logs a structured line (log.server.ts) with where it happened and the
 * request id; the message and stack, never the request's body or headers.
 */
import { log } from "./log.server";

export interface ErrorScope {
  /** Which handler caught it. */
  where: "remix" | "render" | "scheduled" | "queue" | "hub";
  requestId?: string;
  route?: string;
}

export function reportError(error: unknown, scope: ErrorScope) {
  const e = error instanceof Error ? error : new Error(String(error));
  log("error", e.message.slice(0, 500), {
    where: scope.where,
    requestId: scope.requestId,
    route: scope.route,
    error: e.name,
    stack: e.stack?.slice(0, 2000),
  });
}
