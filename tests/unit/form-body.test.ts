import { describe, expect, it } from "vitest";
import { checkFormBody, MAX_MULTIPART_BYTES, MAX_URLENCODED_BYTES } from "#app/lib/form-body";

const check = (headers: Record<string, string>, method = "POST") => checkFormBody(method, new Headers(headers));

describe("checkFormBody", () => {
  it("accepts the two encodings HTML forms use", () => {
    expect(check({ "Content-Type": "application/x-www-form-urlencoded" })).toEqual({
      ok: true,
      multipart: false,
      cap: MAX_URLENCODED_BYTES,
    });
    expect(check({ "Content-Type": "application/x-www-form-urlencoded;charset=UTF-8" })).toEqual({
      ok: true,
      multipart: false,
      cap: MAX_URLENCODED_BYTES,
    });
    expect(check({ "Content-Type": "multipart/form-data; boundary=----x" })).toEqual({
      ok: true,
      multipart: true,
      cap: MAX_MULTIPART_BYTES,
    });
  });

  it("refuses other content types, and multipart without a boundary, with a 415", () => {
    for (const type of [
      "application/json",
      "text/plain",
      "text/xml",
      "",
      "multipart/form-data",
      "multipart/mixed; boundary=x",
    ]) {
      expect(check(type ? { "Content-Type": type } : {}), type).toMatchObject({ ok: false, status: 415 });
    }
  });

  it("refuses bodies over the limits with a 413", () => {
    const over = (n: number) => String(n + 1);
    expect(
      check({ "Content-Type": "application/x-www-form-urlencoded", "Content-Length": over(MAX_URLENCODED_BYTES) }),
    ).toMatchObject({ status: 413 });
    expect(
      check({ "Content-Type": "multipart/form-data; boundary=x", "Content-Length": over(MAX_MULTIPART_BYTES) }),
    ).toMatchObject({ status: 413 });
  });

  it("does not look at reads", () => {
    expect(check({ "Content-Type": "application/json" }, "GET").ok).toBe(true);
  });
});
