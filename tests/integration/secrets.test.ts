import { createExecutionContext, env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { NOT_CONFIGURED, refuseUnconfigured } from "#app/platform/session/secret-check.server";
import { BASE, get } from "../support/http";
import { worker } from "../support/worker";
import { signedInUser } from "../support/factories";

/**
 * Remix's signed cookie value is `{payload}.{base64 HMAC-SHA256 of the payload, no padding}`,
 * URI-encoded in the header. (Remix's own createCookie does not load inside the test runner.)
 */
async function signature(payload: string, secret: string) {
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(payload)));
  return btoa(String.fromCharCode(...mac)).replace(/=+$/, "");
}

const parts = (cookie: string) => {
  const value = decodeURIComponent(cookie.slice(cookie.indexOf("=") + 1));
  const dot = value.lastIndexOf(".");
  return { name: cookie.slice(0, cookie.indexOf("=")), payload: value.slice(0, dot), mac: value.slice(dot + 1) };
};

/** The same session cookie, signed with another secret. */
async function resigned(cookie: string, secret: string) {
  const { name, payload } = parts(cookie);
  return `${name}=${encodeURIComponent(`${payload}.${await signature(payload, secret)}`)}`;
}

const signedIn = async (cookie: string) => (await get("/main", cookie)).status === 200;

describe("two session secrets while a rotation settles (ADR 110)", () => {
  it("a session signed with SESSION_SECRET_PREVIOUS still signs in; any other secret does not", async () => {
    expect(env.SESSION_SECRET_PREVIOUS).toBeTruthy();
    const { cookie } = await signedInUser();
    expect(await signedIn(cookie)).toBe(true);
    expect(await signedIn(await resigned(cookie, env.SESSION_SECRET_PREVIOUS!))).toBe(true);
    expect(await signedIn(await resigned(cookie, "some-other-secret-of-32-characters!"))).toBe(false);
  });

  it("new session cookies are signed with the current secret, not the previous one", async () => {
    const { cookie } = await signedInUser();
    const { payload, mac } = parts(cookie);
    expect(mac).toBe(await signature(payload, env.SESSION_SECRET));
    expect(mac).not.toBe(await signature(payload, env.SESSION_SECRET_PREVIOUS!));
  });
});

describe("outside development, unusable secrets stop the app (ADR 110)", () => {
  afterEach(() => vi.restoreAllMocks());
  const long = (name: string) => `${name}-0123456789abcdefghijklmnopqrstuvwxyz`;

  it("answers a plain 500 page naming no secret, and logs the problems once", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    // The test secrets are short: fine in development, refused in production.
    const production = { ...env, ENVIRONMENT: "production" };
    for (let i = 0; i < 3; i++) {
      const response = refuseUnconfigured(production)!;
      expect(response.status).toBe(500);
      const page = await response.text();
      expect(page).toContain(NOT_CONFIGURED);
      expect(page).not.toContain("SESSION_SECRET");
    }
    expect(errors).toHaveBeenCalledTimes(1);
    const line = JSON.parse(String(errors.mock.calls[0]![0]));
    expect(line.problems).toContain("SESSION_SECRET is shorter than 32 characters");
    expect(line.problems).toContain("HONEYPOT_SEED is shorter than 32 characters");
  });

  it("serves with long secrets in production, and with the short test secrets in development", () => {
    expect(refuseUnconfigured(env)).toBeNull();
    expect(
      refuseUnconfigured({
        ...env,
        ENVIRONMENT: "production",
        SESSION_SECRET: long("session"),
        SESSION_SECRET_PREVIOUS: long("previous"),
        HONEYPOT_SEED: long("seed"),
        // The tests' VAPID key is the development one, refused in production (ADR 281).
        VAPID_PRIVATE_KEY: long("vapid"),
      }),
    ).toBeNull();
  });

  it("the worker itself answers every request so, before any route, and serves once the secrets are right", async () => {
    type WorkerRequest = Parameters<typeof worker.fetch>[0];
    const fetchAs = (vars: Partial<Env>, path: string) =>
      worker.fetch(new Request(BASE + path) as WorkerRequest, { ...env, ...vars } as Env, createExecutionContext());
    vi.spyOn(console, "error").mockImplementation(() => {});
    for (const path of ["/signin", "/main", "/no-such-page"]) {
      const refused = await fetchAs({ ENVIRONMENT: "production" }, path);
      expect(refused.status, path).toBe(500);
      expect(await refused.text()).toContain(NOT_CONFIGURED);
    }
    const configured = {
      ENVIRONMENT: "production",
      SESSION_SECRET: long("session"),
      SESSION_SECRET_PREVIOUS: long("previous"),
      HONEYPOT_SEED: long("seed"),
      VAPID_PRIVATE_KEY: long("vapid"),
    };
    expect((await fetchAs(configured, "/signin")).status).toBe(200);
  });
});
