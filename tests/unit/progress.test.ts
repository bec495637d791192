import { describe, expect, it } from "vitest";
import {
  amountProblem,
  customUnitProblem,
  defaultEntryDay,
  entryDayProblem,
  formatQuantity,
  logRefusal,
  parseQuantity,
  percentOfTarget,
  perUnitPledgeAmount,
  quantityInputValue,
  ranked,
  reachedTarget,
  streak,
  unitOf,
} from "#app/features/progress/progress";
import { isEntryForm } from "#app/features/progress/progress.schema";

describe("amounts in hundredths of a unit", () => {
  it("parses what people type", () => {
    expect(parseQuantity("5")).toEqual({ ok: true, value: 500 });
    expect(parseQuantity("5.2")).toEqual({ ok: true, value: 520 });
    expect(parseQuantity(" 5.25 ")).toEqual({ ok: true, value: 525 });
    expect(parseQuantity("10,000")).toEqual({ ok: true, value: 1_000_000 });
    expect(parseQuantity(".5")).toEqual({ ok: true, value: 50 });
    expect(parseQuantity("0.01")).toEqual({ ok: true, value: 1 });
    // A decimal comma (ADR 255); three digits after a comma stay thousands.
    expect(parseQuantity("4,5")).toEqual({ ok: true, value: 450 });
    expect(parseQuantity(" 4,25 ")).toEqual({ ok: true, value: 425 });
    expect(parseQuantity("1,000")).toEqual({ ok: true, value: 100_000 });
    for (const bad of ["4,5,6", "4,", ",5", "4,5.5", "4,567.891"]) expect(parseQuantity(bad).ok, bad).toBe(false);
  });

  it("refuses negative, zero, three decimals, words, exponents and huge numbers", () => {
    expect(parseQuantity("-1")).toEqual({ ok: false, problem: "not-positive" });
    expect(parseQuantity("0")).toEqual({ ok: false, problem: "not-positive" });
    expect(parseQuantity("0.00")).toEqual({ ok: false, problem: "not-positive" });
    expect(parseQuantity("1.234")).toEqual({ ok: false, problem: "too-many-decimals" });
    for (const bad of ["abc", "1e309", "1e3", "Infinity", "NaN", "", " ", "5 km", "9".repeat(40), "1.2.3", null])
      expect(parseQuantity(bad).ok, String(bad)).toBe(false);
  });

  it("caps one entry per unit with a message on the field", () => {
    expect(amountProblem("500", "km")).toBeNull();
    expect(amountProblem("500.01", "km")).toBe("One entry can be at most 500\u00a0km");
    expect(amountProblem("200,000", "steps")).toBeNull();
    expect(amountProblem("200001", "steps")).toBe("One entry can be at most 200,000\u00a0steps");
    expect(amountProblem("25", "hours")).toBe("One entry can be at most 24\u00a0hours");
    expect(amountProblem("100000", "laps")).toBeNull();
    expect(amountProblem("100001", "laps")).toBe("One entry can be at most 100,000\u00a0laps");
    expect(amountProblem("-1", "km")).toBe("Enter an amount more than zero");
    expect(amountProblem("0", "km")).toBe("Enter an amount more than zero");
    expect(amountProblem("1.234", "km")).toBe("Use at most 2 decimal places, like 5.25");
    expect(amountProblem("1e309", "km")).toBe("Enter a number, like 5 or 5.25");
  });

  it("formats for people and for inputs", () => {
    expect(formatQuantity(525, "km")).toBe("5.25\u00a0km");
    expect(formatQuantity(1_000_000, "steps")).toBe("10,000\u00a0steps");
    expect(formatQuantity(150, "laps")).toBe("1.5\u00a0laps");
    expect(quantityInputValue(525)).toBe("5.25");
    expect(quantityInputValue(500)).toBe("5");
    expect(quantityInputValue(510)).toBe("5.10");
    expect(unitOf("km").cap).toBe(500);
    expect(unitOf("push-ups").label).toBe("push-ups");
  });

  it("checks custom unit names", () => {
    expect(customUnitProblem("push-ups")).toBeNull();
    expect(customUnitProblem("")).toMatch(/Name the unit/);
    expect(customUnitProblem("x".repeat(25))).toMatch(/at most 24/);
    expect(customUnitProblem("<b>")).toMatch(/letters/);
    expect(customUnitProblem("laps\u0000")).toMatch(/letters/);
  });
});

describe("entry days on the goal clock", () => {
  const goal = { start: "2026-03-01", end: "2026-03-31" };
  it("accepts days inside the goal up to today", () => {
    expect(entryDayProblem("2026-03-01", goal, "2026-03-10")).toBeNull();
    expect(entryDayProblem("2026-03-10", goal, "2026-03-10")).toBeNull();
    expect(entryDayProblem("2026-03-31", goal, "2026-04-02")).toBeNull();
  });
  it("refuses days outside the goal, in the future, or not real", () => {
    expect(entryDayProblem("2026-02-28", goal, "2026-03-10")).toBe("That day is before the goal started");
    expect(entryDayProblem("2026-03-11", goal, "2026-03-10")).toBe("That day is in the future");
    expect(entryDayProblem("2026-04-01", goal, "2026-04-05")).toBe("That day is after the goal ended");
    expect(entryDayProblem("2026-02-30", goal, "2026-03-10")).toBe("Enter a real date");
    expect(entryDayProblem("yesterday", goal, "2026-03-10")).toBe("Enter a real date");
    expect(entryDayProblem("2026-03-01".repeat(100), goal, "2026-03-10")).toBe("Enter a real date");
  });
  it("an undated goal takes the last year", () => {
    const undated = { start: null, end: null };
    expect(entryDayProblem("2026-01-01", undated, "2026-03-10")).toBeNull();
    expect(entryDayProblem("2024-01-01", undated, "2026-03-10")).toBe("That day is too long ago");
  });
  it("the form offers today, kept inside the goal", () => {
    expect(defaultEntryDay(goal, "2026-03-10")).toBe("2026-03-10");
    expect(defaultEntryDay(goal, "2026-04-10")).toBe("2026-03-31");
    expect(defaultEntryDay(goal, "2026-02-10")).toBe("2026-03-01");
  });
  it("only members of a running measured goal, not completed, may log", () => {
    const measured = { ...goal, unit: "km" };
    expect(logRefusal(measured, { completed: false }, "2026-03-10")).toBeNull();
    expect(logRefusal({ ...goal, unit: null }, { completed: false }, "2026-03-10")).toBe("not-measured");
    expect(logRefusal(measured, null, "2026-03-10")).toBe("not-a-member");
    expect(logRefusal(measured, { completed: true }, "2026-03-10")).toBe("completed");
    expect(logRefusal(measured, { completed: false }, "2026-02-10")).toBe("not-started");
    expect(logRefusal(measured, { completed: false }, "2026-03-31")).toBeNull();
    expect(logRefusal(measured, { completed: false }, "2026-04-01")).toBe("ended");
    // Archived (ADR 303, 286): refused as such whatever the dates or the membership say.
    expect(logRefusal({ ...measured, archived: true }, { completed: false }, "2026-03-10")).toBe("archived");
    expect(logRefusal({ ...measured, archived: true }, null, "2026-04-01")).toBe("archived");
  });
});

describe("streaks", () => {
  it("counts consecutive days ending today, or yesterday while today has none", () => {
    expect(streak([], "2026-03-10")).toBe(0);
    expect(streak(["2026-03-10"], "2026-03-10")).toBe(1);
    expect(streak(["2026-03-08", "2026-03-09", "2026-03-10", "2026-03-10"], "2026-03-10")).toBe(3);
    expect(streak(["2026-03-08", "2026-03-09"], "2026-03-10")).toBe(2);
    expect(streak(["2026-03-07", "2026-03-08"], "2026-03-10")).toBe(0);
    expect(streak(["2026-03-10", "2026-03-08"], "2026-03-10")).toBe(1);
    // Across a month end.
    expect(streak(["2026-02-28", "2026-03-01"], "2026-03-01")).toBe(2);
  });
});

describe("leaderboard", () => {
  it("ranks by total, ties by who got there first", () => {
    const rows = ranked([
      { userId: "c", total: 500, reachedAt: 30 },
      { userId: "a", total: 900, reachedAt: 50 },
      { userId: "b", total: 500, reachedAt: 10 },
      { userId: "d", total: 100, reachedAt: 1 },
    ]);
    expect(rows.map((r) => [r.userId, r.rank])).toEqual([
      ["a", 1],
      ["b", 2],
      ["c", 3],
      ["d", 4],
    ]);
  });
  it("percent and target reached", () => {
    expect(percentOfTarget(5000, 10000)).toBe(50);
    expect(percentOfTarget(13000, 10000)).toBe(130);
    expect(percentOfTarget(1, null)).toBeNull();
    expect(reachedTarget(10000, 10000)).toBe(true);
    expect(reachedTarget(9999, 10000)).toBe(false);
    expect(reachedTarget(9999, null)).toBe(false);
  });
});

describe("per-unit pledges", () => {
  it("pays per whole unit logged, rounded down, capped at the maximum", () => {
    // £1 a km, 5.25 km -> £5.25.
    expect(perUnitPledgeAmount(100, 525, null)).toBe(525);
    // 10p a km, 5.25 km -> 52.5p -> 52p.
    expect(perUnitPledgeAmount(10, 525, null)).toBe(52);
    expect(perUnitPledgeAmount(100, 10_000, 5000)).toBe(5000);
    expect(perUnitPledgeAmount(100, 0, 5000)).toBe(0);
  });
});

describe("which posts to the goal screen are entry forms", () => {
  const form = (fields: Record<string, string>) => {
    const f = new FormData();
    for (const [k, v] of Object.entries(fields)) f.set(k, v);
    return f;
  };
  it("an entry intent, or entry fields without the complete intent", () => {
    expect(isEntryForm(form({ intent: "log-entry", amount: "5" }))).toBe(true);
    expect(isEntryForm(form({ intent: "remove-entry", entryId: "e1" }))).toBe(true);
    expect(isEntryForm(form({ intent: "bogus", amount: "5" }))).toBe(true);
    expect(isEntryForm(form({ amount: "5" }))).toBe(true);
    // A field sent empty is still sent: a log form with nothing typed is told what to type.
    expect(isEntryForm(form({ amount: "", day: "" }))).toBe(true);
  });
  it("the membership changes are not", () => {
    expect(isEntryForm(form({ intent: "complete", amount: "5" }))).toBe(false);
    expect(isEntryForm(form({ intent: "leave" }))).toBe(false);
    expect(isEntryForm(form({ intent: "undo" }))).toBe(false);
  });
});
