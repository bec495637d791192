/**
 * Sends what the one reporter (report.server.ts) sees to Sentry, when the SENTRY_DSN secret is set
 * (ADR 124). Only those errors: no request instrumentation, no tracing, no console patching
 * (`withSentry` would add all of that, and capture unhandled errors a second time beside the reporter),
 * so a worker without the secret does exactly what it did before and one with it reports each error once.
 * One client per isolate and DSN; the reporter keeps the worker alive (waitUntil) until a report is sent.
 */
import { CloudflareClient, createTransport, Scope } from "@sentry/cloudflare";
import { createStackParser, type BaseTransportOptions, type Transport } from "@sentry/core";
import { nodeStackLineParser } from "@sentry/core/server";
import type { ErrorScope } from "./report.server";

/** A report never holds the worker for long: Sentry's answer is not waited for past this. */
const SEND_TIMEOUT_MS = 5_000;

let cached: { key: string; client: CloudflareClient } | undefined;

/** Sentry's envelope endpoint through fetch, with a timeout (the SDK's own transport has none). */
function fetchTransport(options: BaseTransportOptions): Transport {
  return createTransport(options, async (request) => {
    const response = await fetch(options.url, {
      method: "POST",
      // A copy on its own ArrayBuffer: what fetch accepts as a body.
      body: typeof request.body === "string" ? request.body : request.body.slice(),
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    await response.body?.cancel().catch(() => {});
    return {
      statusCode: response.status,
      headers: {
        "x-sentry-rate-limits": response.headers.get("X-Sentry-Rate-Limits"),
        "retry-after": response.headers.get("Retry-After"),
      },
    };
  });
}

function clientFor(dsn: string, environment: string): CloudflareClient {
  const key = `${dsn} ${environment}`;
  if (cached?.key === key) return cached.client;
  const client = new CloudflareClient({
    dsn,
    environment,
    integrations: [],
    transport: fetchTransport,
    stackParser: createStackParser(nodeStackLineParser()),
    // No integrations collect anything; and never user data or bodies: only what the reporter passes.
    dataCollection: { userInfo: false, httpBodies: [] },
  });
  client.init();
  cached = { key, client };
  return client;
}

/** Captures `error` with where it happened and the request id; resolves once it is sent (or given up). */
export function sendToSentry(error: Error, scope: ErrorScope, target: { dsn: string; environment: string }) {
  const client = clientFor(target.dsn, target.environment);
  const sentryScope = new Scope();
  sentryScope.setClient(client);
  sentryScope.setTag("where", scope.where);
  if (scope.route) sentryScope.setTag("route", scope.route);
  if (scope.requestId) sentryScope.setTag("request_id", scope.requestId);
  client.captureException(error, undefined, sentryScope);
  return client.flush(SEND_TIMEOUT_MS).catch(() => false);
}
