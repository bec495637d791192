import { describe, expect, it } from "vitest";
import { HONEYPOT_MAX_AGE_MS, honeypotTimeProblem } from "#app/lib/honeypot-time";

const now = 1_795_000_000_000;

describe("honeypotTimeProblem", () => {
  it("accepts a render time a page made, up to the maximum age", () => {
    expect(honeypotTimeProblem(String(now - 1_000), now)).toBeNull();
    expect(honeypotTimeProblem(String(now - HONEYPOT_MAX_AGE_MS), now)).toBeNull();
  });

  it("calls an older one expired", () => {
    expect(honeypotTimeProblem(String(now - HONEYPOT_MAX_AGE_MS - 1), now)).toBe("expired");
  });

  it("calls anything that is not 13 digits, or in the future, forged", () => {
    for (const text of [
      "",
      "7",
      "1e12",
      " 1795000000000",
      "1795000000000 ",
      "-179500000000",
      "17950000000000",
      "179500000000x",
    ]) {
      expect(honeypotTimeProblem(text, now), JSON.stringify(text)).toBe("forged");
    }
    expect(honeypotTimeProblem(String(now + 5 * 60_000), now)).toBe("forged");
    expect(honeypotTimeProblem(String(now + 30_000), now)).toBeNull(); // clock skew between instances
  });
});
