/**
 * Observability: an unexpected error goes through the one reporter once, with the request id the
 * response carries; every request leaves one structured log line without secrets or form values.
 * (Tests and the worker share one isolate, so a spy on console sees the worker's output.)
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { routeOf } from "#app/platform/http/log.server";
import { signedInUser } from "../support/factories";
import { get, postForm } from "../support/http";

const jsonLines = (spy: { mock: { calls: unknown[][] } }) =>
  spy.mock.calls.flatMap(([first]) => {
    try {
      return typeof first === "string" && first.startsWith("{") ? [JSON.parse(first) as Record<string, unknown>] : [];
    } catch {
      return [];
    }
  });

afterEach(() => vi.restoreAllMocks());

describe("the error reporter", () => {
  it("reports an error thrown in a loader once, with the request id of the response", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const response = await get("/dev/error");
    await response.text();
    expect(response.status).toBe(500);
    const requestId = response.headers.get("X-Request-Id");
    expect(requestId).toBeTruthy();
    const reports = jsonLines(errors).filter((line) => line.level === "error");
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({
      where: "remix",
      requestId,
      route: "/dev/error",
      message: "A loader failed on purpose (/dev/error)",
    });
  });
});

describe("the request log", () => {
  it("writes one JSON line per request with route, status, duration and the signed-in user", async () => {
    const { cookie, id } = await signedInUser();
    const logs = vi.spyOn(console, "log").mockImplementation(() => {});
    const response = await get("/main", cookie);
    await response.text();
    await vi.waitFor(() => expect(jsonLines(logs).filter((l) => l.message === "request")).toHaveLength(1));
    const [line] = jsonLines(logs).filter((l) => l.message === "request");
    expect(line).toMatchObject({
      requestId: response.headers.get("X-Request-Id"),
      route: "/main",
      status: 200,
      userId: id,
    });
    expect(typeof line!.durationMs).toBe("number");
  });

  it("never logs form values, tokens in paths or query strings", async () => {
    const logs = vi.spyOn(console, "log").mockImplementation(() => {});
    const password = "a-secret-password-123";
    await (await postForm("/signin", { email: "nobody@example.com", password })).text();
    await (await get("/passwordreset/Zm9vYmFyYmF6cXV4cXV1eHF1dXhxdXV4cXV1eHF1dXg?to=someone@example.com")).text();
    await vi.waitFor(() =>
      expect(jsonLines(logs).map((l) => l.route)).toEqual(expect.arrayContaining(["/signin", "/passwordreset/:id"])),
    );
    const text = logs.mock.calls.map((c) => String(c[0])).join("\n");
    expect(text).not.toContain(password);
    expect(text).not.toContain("nobody@example.com");
    expect(text).not.toContain("Zm9vYmFy");
    expect(text).not.toContain("someone@example.com");
    expect(routeOf("http://x/invite/abc123.def456")).toBe("/invite/:id");
  });

  it("redacts a secret route's rest by the route, whatever its shape: a friend code without a digit too", async () => {
    expect(routeOf("http://x/friends/add/abcdefghijklmnopqrstuv")).toBe("/friends/add/:id");
    expect(routeOf("http://x/friends/add/abcdefghijklmnopqrstuv.data")).toBe("/friends/add/:id");
    expect(routeOf("http://x/unsubscribe/cheer:someone")).toBe("/unsubscribe/:id");
    expect(routeOf("http://x/sponsor/short")).toBe("/sponsor/:id");
    expect(routeOf("http://x/pledge/short")).toBe("/pledge/:id");
    expect(routeOf("http://x/profile/email/abc")).toBe("/profile/email/:id");
    expect(routeOf("http://x/friends")).toBe("/friends");
    expect(routeOf("http://x/passwordreset")).toBe("/passwordreset");
    const { cookie } = await signedInUser();
    const logs = vi.spyOn(console, "log").mockImplementation(() => {});
    await (await get("/friends/add/abcdefghijklmnopqrstuv", cookie)).text();
    await vi.waitFor(() => expect(jsonLines(logs).map((l) => l.route)).toContain("/friends/add/:id"));
    expect(logs.mock.calls.map((c) => String(c[0])).join("\n")).not.toContain("abcdefghijklmnopqrstuv");
  });
});
