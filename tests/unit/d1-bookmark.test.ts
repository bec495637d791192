import { describe, expect, it } from "vitest";
import { BOOKMARK_MAX, bookmarkFromCookies, bookmarkSetCookie, sessionConstraint } from "#app/lib/d1-bookmark";

const BOOKMARK = "0000000a-00000005-00004f8e-6a1f3cbb2b6f1e3a";

describe("D1 bookmark cookie", () => {
  it("reads the bookmark wherever the cookie sits in the header", () => {
    expect(bookmarkFromCookies(`__d1=${BOOKMARK}`)).toBe(BOOKMARK);
    expect(bookmarkFromCookies(`__session=abc; __d1=${BOOKMARK}; theme=x`)).toBe(BOOKMARK);
    expect(bookmarkFromCookies(`x__d1=${BOOKMARK}`)).toBeNull();
    expect(bookmarkFromCookies(null)).toBeNull();
  });

  it("ignores an empty, over-long or odd value instead of failing", () => {
    expect(bookmarkFromCookies("__d1=")).toBeNull();
    expect(bookmarkFromCookies(`__d1=${"a".repeat(BOOKMARK_MAX + 1)}`)).toBeNull();
    expect(bookmarkFromCookies("__d1=abc%3Bdef")).toBeNull();
    expect(bookmarkFromCookies(`__d1=${"-".repeat(1_000_000)}`)).toBeNull();
  });

  it("pages start after the bookmark, or on any replica without one; mutations on the primary", () => {
    expect(sessionConstraint(BOOKMARK)).toBe(BOOKMARK);
    expect(sessionConstraint(null, "HEAD")).toBe("first-unconstrained");
    expect(sessionConstraint(BOOKMARK, "POST")).toBe("first-primary");
    expect(sessionConstraint(null, "DELETE")).toBe("first-primary");
  });

  it("sets the cookie only when the bookmark moved, Secure outside development", () => {
    expect(bookmarkSetCookie(BOOKMARK, null, true)).toBe(`__d1=${BOOKMARK}; Path=/; HttpOnly; SameSite=Lax; Secure`);
    expect(bookmarkSetCookie(BOOKMARK, null, false)).toBe(`__d1=${BOOKMARK}; Path=/; HttpOnly; SameSite=Lax`);
    expect(bookmarkSetCookie(BOOKMARK, BOOKMARK, true)).toBeNull();
    expect(bookmarkSetCookie(null, null, true)).toBeNull();
    expect(bookmarkSetCookie("a;b", null, true)).toBeNull();
  });
});
