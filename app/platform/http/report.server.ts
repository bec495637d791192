/**
 * The one error reporter: every unexpected error (Remix handleError, the renderer, the scheduled and
 * queue handlers, the live hub) comes here once. It logs a structured line (log.server.ts) with where it
 * happened and the request id; the message and stack, never the request's body or headers. When the
 * SENTRY_DSN secret is set it also sends the error to Sentry (sentry.server.ts, ADR 124; without
 * Sentry's SDK, ADR 305).
 */
import { log } from "./log.server";
import { sendToSentry } from "./sentry.server";

export interface ErrorScope {
  /** Which handler caught it. */
  where: "remix" | "render" | "scheduled" | "queue" | "hub";
  requestId?: string;
  route?: string;
}

/** What the reporter needs of the worker: the secret, and a way to finish sending after the response. */
export interface ReportRuntime {
  env: { SENTRY_DSN?: string; ENVIRONMENT?: string };
  ctx?: { waitUntil(promise: Promise<unknown>): void };
}

/**
 * What was thrown, as an Error with a message a reader can use: a thrown error response (Remix's
 * `{status, statusText, data}`) or a plain object says what it holds, not "[object Object]".
 */
export function asError(thrown: unknown): Error {
  if (thrown instanceof Error) return thrown;
  if (typeof thrown === "object" && thrown !== null) {
    const { status, statusText, data } = thrown as { status?: unknown; statusText?: unknown; data?: unknown };
    if (typeof status === "number")
      return new Error(`Error response thrown: ${status} ${statusText ?? ""} ${describe(data)}`.trim());
    return new Error(`Non-Error thrown: ${describe(thrown)}`);
  }
  return new Error(`Non-Error thrown: ${describe(thrown)}`);
}

function describe(value: unknown): string {
  if (typeof value === "string") return value.slice(0, 300);
  try {
    return (JSON.stringify(value) ?? String(value)).slice(0, 300);
  } catch {
    return Object.prototype.toString.call(value);
  }
}

export function reportError(error: unknown, scope: ErrorScope, runtime?: ReportRuntime) {
  const e = asError(error);
  log("error", e.message.slice(0, 500), {
    where: scope.where,
    requestId: scope.requestId,
    route: scope.route,
    error: e.name,
    stack: e.stack?.slice(0, 2000),
  });
  const dsn = runtime?.env.SENTRY_DSN;
  if (!dsn) return;
  try {
    const sent = sendToSentry(e, scope, { dsn, environment: runtime.env.ENVIRONMENT ?? "production" });
    runtime.ctx?.waitUntil(sent);
  } catch (failure) {
    // A broken DSN must not turn one error into two: say so in the log and carry on.
    log("warn", "sentry: could not send the report", {
      error: failure instanceof Error ? failure.message : String(failure),
    });
  }
}
