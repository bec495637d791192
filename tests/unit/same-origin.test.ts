import { describe, expect, it } from "vitest";
import { checkSameOrigin } from "#app/lib/same-origin";

const URL_ = "https://goals.example/signin";
const check = (method: string, headers: Record<string, string>) => checkSameOrigin(method, URL_, new Headers(headers));

describe("checkSameOrigin", () => {
  it("lets reads through whatever their headers say", () => {
    for (const method of ["GET", "HEAD", "OPTIONS", "get"]) {
      expect(check(method, { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" }).ok, method).toBe(true);
    }
  });

  it("accepts a mutation from this origin", () => {
    expect(check("POST", { Origin: "https://goals.example", Host: "goals.example" }).ok).toBe(true);
    expect(
      check("DELETE", { Origin: "https://goals.example", Host: "goals.example", "Sec-Fetch-Site": "same-origin" }).ok,
    ).toBe(true);
  });

  it("refuses a mutation from any other origin, scheme or port", () => {
    for (const origin of [
      "https://evil.example",
      "http://goals.example",
      "https://goals.example:8443",
      "https://sub.goals.example",
    ]) {
      expect(check("POST", { Origin: origin, Host: "goals.example" }).ok, origin).toBe(false);
    }
  });

  it("refuses Origin: null and Origin values that are not URLs", () => {
    for (const origin of ["null", "garbage", "", "https://"]) {
      expect(check("POST", { Origin: origin, Host: "goals.example" }).ok, JSON.stringify(origin)).toBe(false);
    }
  });

  it("refuses a Host or X-Forwarded-Host that disagrees with the Origin (Remix would answer 500)", () => {
    expect(check("POST", { Origin: "https://goals.example", Host: "other.example" }).ok).toBe(false);
    expect(
      check("POST", { Origin: "https://goals.example", Host: "goals.example", "X-Forwarded-Host": "evil.example" }).ok,
    ).toBe(false);
    expect(
      check("POST", {
        Origin: "https://goals.example",
        Host: "goals.example",
        "X-Forwarded-Host": "goals.example, proxy",
      }).ok,
    ).toBe(true);
  });

  it("without an Origin, accepts only when Sec-Fetch-Site is absent or same-origin", () => {
    expect(check("POST", {}).ok).toBe(true);
    expect(check("POST", { "Sec-Fetch-Site": "same-origin" }).ok).toBe(true);
    for (const site of ["cross-site", "same-site", "none"])
      expect(check("POST", { "Sec-Fetch-Site": site }).ok, site).toBe(false);
  });
});
