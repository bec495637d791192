import { describe, expect, it } from "vitest";
import {
  fromBase64,
  hashToken,
  randomToken,
  sha256Hex,
  timingSafeEqual,
  toBase64,
  toBase64Url,
} from "#app/platform/session/crypto.server";

describe("the one crypto module", () => {
  it("makes URL-safe random tokens of the asked strength, never the same twice", () => {
    const tokens = new Set(Array.from({ length: 200 }, () => randomToken()));
    expect(tokens.size).toBe(200);
    for (const t of tokens) expect(t).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(randomToken(16)).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it("stores a token as its SHA-256 in hex", async () => {
    expect(await sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(await hashToken("abc")).toBe(await sha256Hex("abc"));
  });

  it("round-trips base64 and writes base64url without padding or + and /", () => {
    const bytes = Uint8Array.from([251, 255, 190, 0, 1]);
    expect(fromBase64(toBase64(bytes))).toEqual(bytes);
    expect(toBase64(bytes)).toBe("+/++AAE=");
    expect(toBase64Url(bytes)).toBe("-_--AAE");
  });

  it("compares bytes: equal, different, and of different lengths", () => {
    const a = Uint8Array.from([1, 2, 3]);
    expect(timingSafeEqual(a, Uint8Array.from([1, 2, 3]))).toBe(true);
    expect(timingSafeEqual(a, Uint8Array.from([1, 2, 4]))).toBe(false);
    expect(timingSafeEqual(a, Uint8Array.from([1, 2]))).toBe(false);
  });
});
