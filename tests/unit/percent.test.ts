import { describe, expect, it } from "vitest";
import { barFill, percentLabel } from "#app/lib/percent";
import { percentOf } from "#app/features/fundraising/fundraising";

describe("percentages as people read them", () => {
  it("says <1% and shows a sliver for something under one percent, never 0% and an empty bar", () => {
    // £25 pledged towards £3,000.
    const percent = percentOf(2500, 300000)!;
    expect(percent).toBe(0);
    expect(percentLabel(percent, 2500)).toBe("<1%");
    expect(barFill(percent, 2500)).toBe(1);
  });

  it("says 0% and an empty bar for nothing, the whole percent otherwise, and caps the bar at full", () => {
    expect(percentLabel(0, 0)).toBe("0%");
    expect(barFill(0, 0)).toBe(0);
    expect(percentLabel(37, 1110)).toBe("37%");
    expect(barFill(37, 1110)).toBe(37);
    expect(percentLabel(130, 13000)).toBe("130%");
    expect(barFill(130, 13000)).toBe(100);
  });
});
