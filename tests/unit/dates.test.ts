import { describe, expect, it } from "vitest";
import {
  dayNumber,
  daysBetween,
  daysSinceEnd,
  formatDateRange,
  formatMonthDay,
  goalProgress,
  inclusiveDays,
  isExpired,
  isIsoDate,
  toIsoDate,
} from "#app/lib/dates";

describe("calendar dates", () => {
  it("accepts real calendar dates only", () => {
    expect(isIsoDate("2024-02-29")).toBe(true);
    expect(isIsoDate("2026-02-29")).toBe(false);
    expect(isIsoDate("2026-02-30")).toBe(false);
    expect(isIsoDate("2026-13-01")).toBe(false);
    expect(isIsoDate("2026-1-01")).toBe(false);
    expect(isIsoDate("")).toBe(false);
    expect(isIsoDate(null)).toBe(false);
    expect(dayNumber("1970-01-02")).toBe(1);
  });

  it("answers the same a second time, for valid and invalid dates alike (the per-isolate memo)", () => {
    for (let round = 0; round < 2; round++) {
      expect(dayNumber("2026-02-30")).toBeNull();
      expect(dayNumber("2024-02-29")).toBe(19_782);
      expect(dayNumber(" 2024-02-29")).toBeNull();
    }
    // More distinct dates than the memo keeps: still right after it starts over.
    for (let day = 0; day < 1500; day++) expect(dayNumber(toIsoDate(new Date(day * 86_400_000)))).toBe(day);
    expect(dayNumber("2024-02-29")).toBe(19_782);
  });

  it("takes the UTC day of an instant, even a millisecond either side of UTC midnight", () => {
    expect(toIsoDate(new Date("2026-03-01T00:00:00.000Z"))).toBe("2026-03-01");
    expect(toIsoDate(new Date("2026-02-28T23:59:59.999Z"))).toBe("2026-02-28");
    // 23:30 in New York on the 1st is already the 2nd in UTC.
    expect(toIsoDate(new Date("2026-03-01T23:30:00-05:00"))).toBe("2026-03-02");
  });

  it("shows month/day in UTC without leading zeros", () => {
    expect(formatMonthDay("2026-01-05")).toBe("1/5");
    expect(formatMonthDay("2024-02-29")).toBe("2/29");
    expect(formatMonthDay("2026-12-31")).toBe("12/31");
  });

  it("adds the year to a date outside today's year, and only then", () => {
    expect(formatMonthDay("2025-12-31", "2026-11-23")).toBe("12/31/2025");
    expect(formatMonthDay("2026-12-31", "2026-11-23")).toBe("12/31");
    expect(formatDateRange("2026-12-15", "2027-01-14", "2026-11-23")).toBe("12/15 - 1/14/2027");
    expect(formatDateRange("2025-03-01", "2025-03-31", "2026-11-23")).toBe("3/1/2025 - 3/31/2025");
    expect(formatDateRange("2026-03-01", "2026-03-31", "2026-11-23")).toBe("3/1 - 3/31");
  });

  it("formats 'start - end', one-sided ranges, and nothing for no dates", () => {
    expect(formatDateRange("2026-03-01", "2026-03-31")).toBe("3/1 - 3/31");
    expect(formatDateRange("2026-03-01", null)).toBe("From 3/1");
    expect(formatDateRange(null, "2026-03-31")).toBe("Until 3/31");
    expect(formatDateRange(null, null)).toBeNull();
  });
});

describe("day counts", () => {
  it("counts whole days inclusive of the start day", () => {
    expect(inclusiveDays("2026-03-01", "2026-03-01")).toBe(1);
    expect(inclusiveDays("2026-03-01", "2026-03-31")).toBe(31);
    expect(inclusiveDays("2026-01-01", "2026-12-31")).toBe(365);
  });

  it("counts the leap day", () => {
    expect(inclusiveDays("2024-02-28", "2024-03-01")).toBe(3);
    expect(inclusiveDays("2026-02-28", "2026-03-01")).toBe(2);
    expect(daysBetween("2024-01-01", "2025-01-01")).toBe(366);
  });

  it("is unaffected by daylight saving (UTC days are always 24 hours)", () => {
    expect(daysBetween("2026-03-28", "2026-03-30")).toBe(2);
    expect(daysBetween("2026-10-24", "2026-10-26")).toBe(2);
  });

  it("refuses to count with a malformed date instead of returning NaN", () => {
    expect(() => daysBetween("2026-02-30", "2026-03-01")).toThrow(RangeError);
  });
});

describe("expiry", () => {
  it("is not expired on the end day, expired from the day after", () => {
    expect(daysSinceEnd("2026-03-10", "2026-03-10")).toBe(0);
    expect(isExpired("2026-03-10", "2026-03-10")).toBe(false); // ends today
    expect(isExpired("2026-03-10", "2026-03-11")).toBe(true); // ended yesterday
    expect(isExpired("2026-03-10", "2026-03-09")).toBe(false);
  });

  it("crosses a leap day and a year end", () => {
    expect(isExpired("2024-02-28", "2024-02-29")).toBe(true);
    expect(isExpired("2024-02-29", "2024-02-29")).toBe(false);
    expect(daysSinceEnd("2025-12-31", "2026-01-01")).toBe(1);
  });

  it("never expires a goal without an end date", () => {
    expect(isExpired(null, "2099-01-01")).toBe(false);
  });
});

describe("goal progress", () => {
  it("is day 1 of M on the start day", () => {
    expect(goalProgress("2026-03-01", "2026-03-10", "2026-03-01")).toEqual({
      state: "running",
      day: 1,
      totalDays: 10,
      percent: 10,
      daysLeft: 9,
    });
  });

  it("is day M of M and 100% on the end day, then expired", () => {
    expect(goalProgress("2026-03-01", "2026-03-10", "2026-03-10")).toMatchObject({
      state: "running",
      day: 10,
      percent: 100,
    });
    expect(goalProgress("2026-03-01", "2026-03-10", "2026-03-11")).toEqual({
      state: "expired",
      totalDays: 10,
      percent: 100,
      daysSinceEnd: 1,
    });
  });

  it("handles a same-day goal", () => {
    expect(goalProgress("2026-03-01", "2026-03-01", "2026-03-01")).toMatchObject({
      state: "running",
      day: 1,
      totalDays: 1,
      percent: 100,
    });
    expect(goalProgress("2026-03-01", "2026-03-01", "2026-03-02")).toMatchObject({ state: "expired" });
  });

  it("counts down to a goal that has not started", () => {
    expect(goalProgress("2026-03-05", "2026-03-10", "2026-03-01")).toEqual({
      state: "upcoming",
      totalDays: 6,
      startsIn: 4,
    });
  });

  it("counts through a leap day", () => {
    expect(goalProgress("2024-02-28", "2024-03-01", "2024-02-29")).toMatchObject({ day: 2, totalDays: 3, percent: 67 });
  });

  it("has no progress without both dates", () => {
    expect(goalProgress(null, "2026-03-10", "2026-03-01")).toEqual({ state: "undated" });
    expect(goalProgress("2026-03-01", null, "2026-03-01")).toEqual({ state: "undated" });
  });
});
