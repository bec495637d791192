import { describe, expect, it } from "vitest";
import { requestedPath, safeReturnPath } from "#app/lib/return-to";

describe("return paths after sign-in (ADR 163)", () => {
  it("keeps same-site paths with their query and hash", () => {
    expect(safeReturnPath("/active/abc")).toBe("/active/abc");
    expect(safeReturnPath("/give/abc?x=1#pledge")).toBe("/give/abc?x=1#pledge");
    expect(safeReturnPath("/invite/g1.sig-_")).toBe("/invite/g1.sig-_");
  });

  it("refuses anything that could leave the site or is not a path", () => {
    for (const bad of [
      "//evil.example",
      "/\\evil.example",
      "https://evil.example/",
      "javascript:alert(1)",
      "evil.example",
      "/a b",
      "/\tevil",
      "/%0a",
      "",
      null,
      42,
      "/" + "a".repeat(600),
    ]) {
      const result = safeReturnPath(bad);
      if (result !== null) expect(new URL(result, "https://same.invalid").origin).toBe("https://same.invalid");
      if (typeof bad !== "string" || !bad.startsWith("/") || bad.startsWith("//") || bad.includes(" "))
        expect(result).toBeNull();
    }
  });

  it("never returns to the auth screens themselves", () => {
    expect(safeReturnPath("/signin")).toBeNull();
    expect(safeReturnPath("/signup?invite=x")).toBeNull();
    expect(safeReturnPath("/signout")).toBeNull();
    expect(safeReturnPath("/signing-club")).toBe("/signing-club");
  });

  it("reads the page asked for from a document or a single-fetch data URL", () => {
    expect(requestedPath(new URL("https://x.test/active/g1"))).toBe("/active/g1");
    expect(requestedPath(new URL("https://x.test/active/g1.data?_routes=routes%2Factive.%24id"))).toBe("/active/g1");
    expect(requestedPath(new URL("https://x.test/profile?tab=1"))).toBe("/profile?tab=1");
    expect(requestedPath(new URL("https://x.test/_root.data"))).toBeNull();
    expect(requestedPath(new URL("https://x.test/"))).toBeNull();
  });
});
