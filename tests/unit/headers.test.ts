import { describe, expect, it } from "vitest";
import { applyCommonHeaders, documentCsp, RESOURCE_CSP, secureResponse } from "#app/platform/http/headers.server";
import { sessionCookieOptions } from "#app/platform/session/session-cookie.server";

const production = { ENVIRONMENT: "production", SESSION_SECRET: "s" } as Env;
const development = { ENVIRONMENT: "development", SESSION_SECRET: "s" } as Env;

describe("security headers", () => {
  it("sets HSTS in production only", () => {
    const prod = new Headers();
    applyCommonHeaders(prod, production);
    expect(prod.get("Strict-Transport-Security")).toBe("max-age=63072000; includeSubDomains");
    const dev = new Headers({ "Strict-Transport-Security": "max-age=1" });
    applyCommonHeaders(dev, development);
    expect(dev.get("Strict-Transport-Security")).toBeNull();
  });

  it("allows scripts by nonce only: no 'unsafe-inline', no 'unsafe-eval', no inline handlers", () => {
    const csp = documentCsp("abc123", production);
    const scriptSrc = csp.split("; ").find((d) => d.startsWith("script-src "))!;
    expect(scriptSrc).toBe("script-src 'self' 'nonce-abc123'");
    expect(csp).toContain("script-src-attr 'none'");
    expect(csp).not.toMatch(/unsafe-eval/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("upgrade-insecure-requests");
    expect(documentCsp("abc123", development)).not.toContain("upgrade-insecure-requests");
  });

  it("allows no script at all in a document that ships none (no nonce to replay from a stored copy)", () => {
    const csp = documentCsp(null, production);
    const scriptSrc = csp.split("; ").find((d) => d.startsWith("script-src "))!;
    expect(scriptSrc).toBe("script-src 'none'");
    expect(csp).toContain("script-src-attr 'none'");
    expect(csp).not.toContain("nonce");
    expect(csp.split("; ").filter((d) => d.startsWith("script-src"))).toEqual([
      "script-src 'none'",
      "script-src-attr 'none'",
    ]);
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it("gives any response without a policy the strict resource policy, and keeps a document's own", () => {
    const plain = secureResponse(new Response("x"), production);
    expect(plain.headers.get("Content-Security-Policy")).toBe(RESOURCE_CSP);
    expect(plain.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(plain.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    expect(plain.headers.get("Permissions-Policy")).toContain("geolocation=()");
    const doc = secureResponse(
      new Response("<p>", { headers: { "Content-Security-Policy": "default-src 'self'" } }),
      production,
    );
    expect(doc.headers.get("Content-Security-Policy")).toBe("default-src 'self'");
  });
});

describe("session cookie", () => {
  it("is HttpOnly, SameSite=Lax and Secure in production", () => {
    expect(sessionCookieOptions(production)).toMatchObject({
      httpOnly: true,
      sameSite: "lax",
      secure: true,
      path: "/",
    });
  });

  it("is not Secure in development (http://localhost must keep working)", () => {
    expect(sessionCookieOptions(development)).toMatchObject({ httpOnly: true, sameSite: "lax", secure: false });
  });
});
