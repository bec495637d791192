/**
 * The one reporter forwards to Sentry only when the SENTRY_DSN secret is set (ADR 124): an error thrown
 * in a loader then leaves as one envelope to the DSN's project, tagged with the response's request id,
 * and the request's waitUntil keeps the worker alive until it is sent. The worker is called with its
 * env plus a DSN (tests/support/worker.ts); the network is a spy on fetch (tests and the worker share
 * one isolate), so the app's own envelope code runs (no Sentry SDK, ADR 305) and Sentry's rate limits
 * are honoured as the SDK's transport did.
 */
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { reportError } from "#app/platform/http/report.server";
import { worker } from "../support/worker";
import { createGoal } from "../support/factories";

const DSN = "https://publickey@o1.ingest.sentry.example/42";
const ENVELOPE_URL = "https://o1.ingest.sentry.example/api/42/envelope/";

afterEach(() => vi.restoreAllMocks());

function sentry() {
  const errors = vi.spyOn(console, "error").mockImplementation(() => {});
  const envelopes: string[] = [];
  const fetchSpy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    expect(String(input).startsWith(ENVELOPE_URL)).toBe(true);
    expect(init?.signal).toBeInstanceOf(AbortSignal);
    envelopes.push(await new Response(init?.body).text());
    return new Response("{}", { status: 200 });
  });
  return { envelopes, fetchSpy, errors };
}

/** The event items of the envelopes (each envelope: a header line, then item header + payload pairs). */
const eventsOf = (envelopes: string[]) =>
  envelopes.flatMap((envelope) => {
    const lines = envelope.split("\n");
    const events: Record<string, any>[] = [];
    for (let i = 1; i + 1 < lines.length; i += 2) {
      if (JSON.parse(lines[i]!).type === "event") events.push(JSON.parse(lines[i + 1]!));
    }
    return events;
  });

describe("the reporter and Sentry", () => {
  it("sends an error thrown in a loader once, with the request id of the response, when a DSN is set", async () => {
    const { envelopes } = sentry();
    const ctx = createExecutionContext();
    const response = await worker.fetch(
      new Request("http://localhost/dev/error") as Parameters<typeof worker.fetch>[0],
      { ...env, SENTRY_DSN: DSN } as Env,
      ctx,
    );
    await response.text();
    await waitOnExecutionContext(ctx);
    expect(response.status).toBe(500);
    const requestId = response.headers.get("X-Request-Id");
    expect(requestId).toBeTruthy();

    const events = eventsOf(envelopes);
    expect(events).toHaveLength(1);
    expect(events[0]!.exception.values[0].value).toBe("A loader failed on purpose (/dev/error)");
    expect(events[0]!.tags).toMatchObject({ request_id: requestId, where: "remix", route: "/dev/error" });
    expect(events[0]!.environment).toBe("development");
    // Nothing of the request itself: no headers, cookies or body.
    expect(events[0]!.request).toBeUndefined();
  });

  it("the envelope is Sentry's: header, item header, event; the DSN's key as auth; the stack as frames", async () => {
    const { envelopes, fetchSpy } = sentry();
    const pending: Promise<unknown>[] = [];
    function failingStep() {
      return new TypeError("A step failed");
    }
    reportError(
      failingStep(),
      { where: "scheduled" },
      { env: { SENTRY_DSN: DSN, ENVIRONMENT: "production" }, ctx: { waitUntil: (p) => void pending.push(p) } },
    );
    await Promise.all(pending);
    const url = new URL(String(fetchSpy.mock.calls[0]![0]));
    expect(url.searchParams.get("sentry_key")).toBe("publickey");
    expect(url.searchParams.get("sentry_version")).toBe("7");
    expect(fetchSpy.mock.calls[0]![1]?.method).toBe("POST");
    const [header, item, payload, rest] = envelopes[0]!.split("\n");
    expect(rest).toBe("");
    const event = JSON.parse(payload!);
    expect(JSON.parse(item!)).toEqual({ type: "event" });
    expect(JSON.parse(header!)).toMatchObject({ event_id: event.event_id });
    expect(event.event_id).toMatch(/^[0-9a-f]{32}$/);
    expect(event).toMatchObject({ level: "error", platform: "javascript", tags: { where: "scheduled" } });
    expect(Math.abs(event.timestamp - Date.now() / 1000)).toBeLessThan(60);
    const [exception] = event.exception.values;
    expect(exception).toMatchObject({ type: "TypeError", value: "A step failed" });
    // Oldest call first, the throwing function last, as Sentry reads them.
    const frames = exception.stacktrace.frames;
    expect(frames.at(-1)).toMatchObject({ function: "failingStep", in_app: true });
    expect(frames.at(-1).lineno).toBeGreaterThan(0);
    // Only what the reporter passes: no request, user or breadcrumbs.
    expect(event.request ?? event.user ?? event.breadcrumbs).toBeUndefined();
  });

  it("a 429 from Sentry quiets that DSN for the time asked; other DSNs still send", async () => {
    const limited = "https://limited@o1.ingest.sentry.example/43";
    vi.spyOn(console, "error").mockImplementation(() => {});
    const fetchSpy = vi
      .spyOn(globalThis, "fetch")
      .mockImplementation(async () => new Response("", { status: 429, headers: { "Retry-After": "120" } }));
    const report = async (dsn: string) => {
      const pending: Promise<unknown>[] = [];
      reportError(
        new Error("busy"),
        { where: "queue" },
        { env: { SENTRY_DSN: dsn }, ctx: { waitUntil: (p) => void pending.push(p) } },
      );
      await Promise.all(pending);
    };
    await report(limited);
    await report(limited);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    await report("https://other@o1.ingest.sentry.example/44");
    expect(fetchSpy).toHaveBeenCalledTimes(2);
  });

  it("a DSN that is not one is a warning in the log, not a second error, and nothing is sent", async () => {
    const { fetchSpy, errors } = sentry();
    const warnings = vi.spyOn(console, "warn").mockImplementation(() => {});
    reportError(new Error("A cron step failed"), { where: "scheduled" }, { env: { SENTRY_DSN: "not a dsn" } });
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(errors).toHaveBeenCalledTimes(1);
    expect(warnings).toHaveBeenCalledTimes(1);
    expect(String(warnings.mock.calls[0]![0])).toContain("sentry: could not send the report");
  });

  it("sends nothing anywhere without a DSN (the log line stays)", async () => {
    const { fetchSpy, errors } = sentry();
    const pending: Promise<unknown>[] = [];
    reportError(
      new Error("A cron step failed"),
      { where: "scheduled" },
      { env: { ENVIRONMENT: "production" }, ctx: { waitUntil: (p) => void pending.push(p) } },
    );
    await Promise.all(pending);
    expect(pending).toHaveLength(0);
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(errors).toHaveBeenCalledTimes(1);
  });

  it("a report from the queue consumer or the cron goes out the same way", async () => {
    const { envelopes } = sentry();
    const pending: Promise<unknown>[] = [];
    reportError(
      new Error("The outbox could not be read"),
      { where: "queue", route: "goals-outbound/mail" },
      { env: { SENTRY_DSN: DSN, ENVIRONMENT: "production" }, ctx: { waitUntil: (p) => void pending.push(p) } },
    );
    expect(pending).toHaveLength(1);
    await Promise.all(pending);
    const events = eventsOf(envelopes);
    expect(events).toHaveLength(1);
    expect(events[0]!.tags).toMatchObject({ where: "queue", route: "goals-outbound/mail" });
    expect(events[0]!.environment).toBe("production");
  });
});

describe("one report per error, with a message a reader can use", () => {
  const fetchWithDsn = async (request: Request) => {
    const ctx = createExecutionContext();
    const response = await worker.fetch(
      request as Parameters<typeof worker.fetch>[0],
      { ...env, SENTRY_DSN: DSN } as Env,
      ctx,
    );
    const html = await response.text();
    await waitOnExecutionContext(ctx);
    return { response, html };
  };

  it("a non-Error thrown while rendering is one event saying what was thrown, not '[object Object]'", async () => {
    const { envelopes, errors } = sentry();
    const { response } = await fetchWithDsn(new Request("http://localhost/dev/error?in=render"));
    expect(response.status).toBe(500);
    const events = eventsOf(envelopes);
    expect(events).toHaveLength(1);
    const message = events[0]!.exception.values[0].value as string;
    expect(message).toContain("A render failed on purpose (/dev/error?in=render)");
    expect(message).not.toContain("[object Object]");
    expect(events[0]!.tags).toMatchObject({ request_id: response.headers.get("X-Request-Id"), route: "/dev/error" });
    // One log line, the reporter's: no second report, no raw dump of the thrown value.
    expect(errors).toHaveBeenCalledTimes(1);
    expect(JSON.parse(String(errors.mock.calls[0]![0]))).toMatchObject({ where: "remix" });
  });

  it("a /give form without the page's hidden fields is a 400 page, and no error report at all", async () => {
    const { envelopes, errors } = sentry();
    const goal = await createGoal({ cause: "Give walk" });
    await env.DB.prepare(
      "UPDATE goals SET charity_name = 'Shelter', charity_url = 'https://shelter.example.org/donate', target_amount = 100000, currency = 'GBP' WHERE id = ?",
    )
      .bind(goal.id)
      .run();
    const { response, html } = await fetchWithDsn(
      new Request(`http://localhost/give/${goal.id}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost", Host: "localhost" },
        body: new URLSearchParams({ name: "Bot", amount: "5" }),
      }),
    );
    expect(response.status).toBe(400);
    expect(html).toContain("Something went wrong");
    expect(eventsOf(envelopes)).toHaveLength(0);
    expect(errors).not.toHaveBeenCalled();
  });
});
