import { describe, expect, it } from "vitest";
import { encodeShortAscii, installTextEncoderFastPath } from "#app/platform/http/text-encoder.server";

const native = new TextEncoder();
/**
 * The runtime's own bytes, through encodeInto: the fast path replaces encode() on the prototype once
 * per isolate, and the isolate may have installed it before this file ran (the built worker does, and
 * test files share a workerd, ADR 148), so encode() itself is no reference.
 */
const runtimeBytes = (s: string) => {
  const out = new Uint8Array(s.length * 3);
  return [...out.subarray(0, native.encodeInto(s, out).written)];
};
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
      if (fast) expect([...fast], JSON.stringify(s)).toEqual(runtimeBytes(s));
      else expect(s.length > 256 || /[^\x00-\x7f]/.test(s), JSON.stringify(s)).toBe(true);
    }
  });

  it("once installed, encode() answers as before for every kind of input", () => {
    const expected = samples.map(runtimeBytes);
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
