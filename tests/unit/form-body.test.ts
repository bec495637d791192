import { describe, expect, it } from "vitest";
import { checkFormBody, MAX_MULTIPART_BYTES, MAX_URLENCODED_BYTES } from "#app/lib/form-body";
import { BODY_BUDGET, OVER_CAP, TEXT_FORMS } from "../support/pathological.mjs";

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

  it("caps urlencoded bodies at 128 KB, twice the largest any form legally sends (ADR 115)", () => {
    expect(MAX_URLENCODED_BYTES).toBe(128 * 1024);
    // Every text field at its maximum in characters of 4 UTF-8 bytes: 12 bytes each percent-encoded.
    for (const form of TEXT_FORMS) {
      const largest = Object.entries(form.fields).reduce((n, [name, max]) => n + name.length + 2 + 12 * max, 512);
      expect(largest * 2, form.form).toBeLessThanOrEqual(MAX_URLENCODED_BYTES);
    }
    // The pathological table fills the cap and goes over it (tests/support/pathological.mjs).
    expect(BODY_BUDGET).toBeLessThan(MAX_URLENCODED_BYTES);
    expect(BODY_BUDGET).toBeGreaterThan(MAX_URLENCODED_BYTES - 4096);
    expect(OVER_CAP).toBeGreaterThan(MAX_URLENCODED_BYTES);
  });
});
