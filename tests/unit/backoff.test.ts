import { describe, expect, it } from "vitest";
import { MAX_RETRY_DELAY_S, retryDelaySeconds } from "#app/lib/backoff";

describe("retry backoff of outbound sends", () => {
  it("doubles from 15 s and stops growing at 15 minutes", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(retryDelaySeconds)).toEqual([15, 30, 60, 120, 240, 480, 900, 900]);
    expect(retryDelaySeconds(1_000)).toBe(MAX_RETRY_DELAY_S);
  });

  it("treats a missing or odd attempt count as the first failure", () => {
    expect(retryDelaySeconds(0)).toBe(15);
    expect(retryDelaySeconds(-3)).toBe(15);
    expect(retryDelaySeconds(1.7)).toBe(15);
  });
});
