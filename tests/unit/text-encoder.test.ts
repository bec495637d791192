import { describe, expect, it } from "vitest";
import { encodeShortAscii, installTextEncoderFastPath } from "#app/server/text-encoder.server";

const native = new TextEncoder();
const nativeEncode = TextEncoder.prototype.encode;
const samples = [
  "",
  '<li class="goal-card">',
  "Walk 10,000 steps &amp; read",
  "\u0000\u007f",
  "café",
  "Läufer 🏃 goal",
  "\ud83c", // a lone surrogate becomes U+FFFD, as the runtime does
  "x".repeat(256),
  "x".repeat(257),
  "€".repeat(300),
];

describe("the TextEncoder fast path", () => {
  it("gives exactly the runtime's bytes for ASCII, and declines everything else", () => {
    for (const s of samples) {
      const fast = encodeShortAscii(s);
      if (fast) expect([...fast], JSON.stringify(s)).toEqual([...nativeEncode.call(native, s)]);
      else expect(s.length > 256 || /[^\x00-\x7f]/.test(s), JSON.stringify(s)).toBe(true);
    }
  });

  it("once installed, encode() answers as before for every kind of input", () => {
    const expected = samples.map((s) => [...nativeEncode.call(native, s)]);
    installTextEncoderFastPath();
    installTextEncoderFastPath(); // idempotent
    const encoder = new TextEncoder();
    expect(samples.map((s) => [...encoder.encode(s)])).toEqual(expected);
    expect([...encoder.encode()]).toEqual([]);
    expect([...encoder.encode(42 as unknown as string)]).toEqual([52, 50]);
    expect(encoder.encode("abc")).toBeInstanceOf(Uint8Array);
    expect(new TextDecoder().decode(encoder.encode("Läufer 🏃"))).toBe("Läufer 🏃");
  });
});
