import { describe, expect, it } from "vitest";
import { admitStream, STREAM_LIMITS, streamLifetime } from "#app/features/live/stream-limits";

const held = (address: number, member: number, instance: number) => ({ address, member, instance });

describe("admitStream", () => {
  it("admits up to each cap", () => {
    expect(admitStream(held(STREAM_LIMITS.perAddress - 1, STREAM_LIMITS.perMember - 1, 0))).toEqual({ ok: true });
  });

  it("refuses a client over its address or member cap with a 429 and Retry-After 30", () => {
    for (const h of [held(STREAM_LIMITS.perAddress, 0, 5), held(0, STREAM_LIMITS.perMember, 5)]) {
      expect(admitStream(h)).toMatchObject({ ok: false, status: 429, retryAfter: 30 });
    }
  });

  it("refuses everyone with a 503 and Retry-After 60 once the instance is full", () => {
    expect(admitStream(held(0, 0, STREAM_LIMITS.perInstance))).toMatchObject({
      ok: false,
      status: 503,
      retryAfter: 60,
    });
    expect(admitStream(held(0, 0, 9), { ...STREAM_LIMITS, perInstance: 10 })).toEqual({ ok: true });
    expect(admitStream(held(0, 0, 10), { ...STREAM_LIMITS, perInstance: 10 })).toMatchObject({ status: 503 });
  });
});

describe("streamLifetime", () => {
  it("is the maximum age less up to a tenth, so streams opened together do not reconnect together", () => {
    expect(streamLifetime(1_000, 0)).toBe(1_000);
    expect(streamLifetime(1_000, 0.999)).toBe(900);
    expect(streamLifetime(STREAM_LIMITS.maxAgeMs, 0.5)).toBe(STREAM_LIMITS.maxAgeMs * 0.95);
  });
});
