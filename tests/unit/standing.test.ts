import { describe, expect, it } from "vitest";
import {
  chartWindow,
  standing,
  standingHtml,
  standingLines,
  type StandingInput,
} from "#app/features/progress/standing";
import { dayNumber } from "#app/lib/dates";

// A 30-day month challenge, 100 km each: on the 11th, with 20 km logged over the first ten days.
const month: StandingInput = {
  days: [
    { day: "2026-11-02", amount: 500 },
    { day: "2026-11-05", amount: 900 },
    { day: "2026-11-07", amount: 900 },
    { day: "2026-11-09", amount: 300 },
  ],
  total: 2600,
  target: 10000,
  start: "2026-11-01",
  end: "2026-11-30",
  today: "2026-11-11",
};

describe("where I stand (ADR 221)", () => {
  it("needs what is left over the days left, today included, rounded up", () => {
    // 74 km over 20 days (11th to 30th): 3.7 km a day.
    expect(standing(month).needed).toEqual({ perDay: 370, by: "2026-11-30" });
    expect(standingLines(standing(month), month, "km", "me")[0]).toBe(
      "You need 3.7\u00a0km a day to reach 100\u00a0km by 11/30.",
    );
    const odd = { ...month, total: 2599 };
    expect(standing(odd).needed!.perDay).toBe(371);
  });

  it("measures against an even pace through the days before today", () => {
    // Ten days gone of thirty: an even pace is 33.33 km; 26 km is 7.33 km behind.
    expect(standing(month).gap).toBe(2600 - 3333);
    expect(standingLines(standing(month), month, "km", "me")[1]).toBe("7.33\u00a0km behind an even pace.");
    const ahead = { ...month, total: 4000 };
    expect(standingLines(standing(ahead), ahead, "km", "group")[1]).toBe("6.67\u00a0km ahead of an even pace.");
    // On the first day nothing is expected yet.
    expect(standing({ ...month, days: [], total: 0, today: "2026-11-01" }).gap).toBe(0);
  });

  it("names the best day, the earlier of equal days", () => {
    expect(standing(month).best).toEqual({ day: "2026-11-05", amount: 900 });
    expect(standingLines(standing(month), month, "km", "me")[2]).toBe("Best day: 11/5, 9\u00a0km.");
    expect(standing({ ...month, days: [] }).best).toBeNull();
  });

  it("says reached once the target is, and asks for no pace after the goal ends", () => {
    const done = { ...month, total: 10000 };
    expect(standingLines(standing(done), done, "km", "me")[0]).toBe("You reached 100\u00a0km.");
    expect(standing({ ...month, today: "2026-12-02" }).needed).toBeNull();
    // No target, no end: only the best day.
    const open = { ...month, target: null, end: null };
    expect(standingLines(standing(open), open, "km", "me")).toEqual(["Best day: 11/5, 9\u00a0km."]);
  });

  it("charts a month whole and a longer goal's latest days", () => {
    expect(chartWindow("2026-11-01", "2026-11-30", "2026-11-11")).toEqual({
      from: dayNumber("2026-11-01"),
      to: dayNumber("2026-11-30"),
    });
    const year = chartWindow("2026-01-01", "2026-12-31", "2026-11-11");
    expect(year.to).toBe(dayNumber("2026-11-11"));
    expect(year.to - year.from + 1).toBe(62);
  });

  it("draws one bar per day logged, with a text alternative and a table, every text escaped", () => {
    const html = standingHtml(standing(month), month, "<b>laps</b>", "My daily amounts", "standing-me");
    expect(html.match(/class="standing__bar/g)).toHaveLength(4);
    expect(html).toContain('role="img" aria-labelledby="standing-me-summary"');
    expect(html).toContain(
      "My daily amounts, 11/1 to 11/30: 4 days logged, best 11/5 with 9\u00a0&lt;b&gt;laps&lt;/b&gt;.",
    );
    // Amount and unit on one line in the chart's table too (ADR 285).
    expect(html).toContain('<tr><th scope="row">11/2</th><td>5\u00a0&lt;b&gt;laps&lt;/b&gt;</td></tr>');
    expect(html).not.toContain("<b>");
    expect(html.match(/<tr><th scope="row">/g)).toHaveLength(4);
  });
});
