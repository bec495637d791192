import { describe, expect, it } from "vitest";
import { badgeEventKey, earnedBadges, feedLine, longestRun, weekStart } from "#app/features/badges/badges";
import { rankTeams } from "#app/features/teams/teams";

const entry = (day: string, km: number, at = 0) => ({ day, amount: km * 100, createdAt: at });
const keys = (entries: ReturnType<typeof entry>[], target = 10_000, teamTop = false) =>
  earnedBadges(entries, { unit: "km", unitTarget: target, teamTopThisWeek: teamTop }).map((b) => b.key);

describe("badges from entries", () => {
  it("nothing without entries; a first entry earns 'First entry'", () => {
    expect(keys([])).toEqual([]);
    expect(keys([entry("2026-03-01", 1)])).toEqual(["first-entry"]);
  });

  it("25/50/75/100% of my target, each from the total reaching it", () => {
    expect(keys([entry("2026-03-01", 24.99)])).toEqual(["first-entry"]);
    expect(keys([entry("2026-03-01", 25)])).toEqual(["first-entry", "target-25"]);
    expect(keys([entry("2026-03-01", 30), entry("2026-03-01", 45)])).toEqual([
      "first-entry",
      "target-25",
      "target-50",
      "target-75",
    ]);
    expect(keys([entry("2026-03-01", 100)])).toContain("target-100");
    const labels = earnedBadges([entry("2026-03-01", 50)], { unit: "km", unitTarget: 10_000, teamTopThisWeek: false });
    expect(labels.map((b) => b.label)).toContain("50% of my target: 50\u00a0km");
  });

  it("streaks of 3/7/14/30 days count across month and year ends, in any order, duplicates once", () => {
    expect(longestRun(["2026-01-30", "2026-01-31", "2026-02-01"])).toBe(3);
    expect(longestRun(["2026-02-27", "2026-02-28", "2026-03-01", "2026-03-01"])).toBe(3);
    expect(longestRun(["2025-12-31", "2024-02-29", "2026-01-01", "2024-03-01"])).toBe(2);
    const week = Array.from({ length: 7 }, (_, i) =>
      entry(`2026-0${i < 3 ? 1 : 2}-${["29", "30", "31", "01", "02", "03", "04"][i]}`, 1),
    );
    expect(keys(week)).toEqual(expect.arrayContaining(["streak-3", "streak-7"]));
    expect(keys(week)).not.toContain("streak-14");
  });

  it("best day is listed once there are two days, the team's top when true", () => {
    expect(keys([entry("2026-03-01", 2), entry("2026-03-02", 5), entry("2026-03-02", 1)], 0)).toEqual([
      "first-entry",
      "best-day",
    ]);
    const best = earnedBadges([entry("2026-03-01", 2), entry("2026-03-02", 5)], {
      unit: "km",
      unitTarget: null,
      teamTopThisWeek: true,
    });
    expect(best.find((b) => b.key === "best-day")?.label).toBe("Best day: 5\u00a0km on 2026-03-02");
    expect(best.map((b) => b.key)).toContain("team-top-week");
  });

  it("the team's top is told once a week (Monday to Sunday), the rest once ever", () => {
    expect(weekStart("2026-11-30")).toBe("2026-11-30"); // a Monday
    expect(weekStart("2026-12-06")).toBe("2026-11-30"); // the Sunday after
    expect(weekStart("2026-03-01")).toBe("2026-02-23"); // across a month end
    expect(badgeEventKey("g", "team-top-week", "2026-12-02")).toBe("badge:g:team-top-week:2026-11-30");
    expect(badgeEventKey("g", "target-50", "2026-12-02")).toBe("badge:g:target-50");
    expect(feedLine("target-50", "Priya", "km", 10_000)).toBe("Priya reached 50\u00a0km");
  });
});

describe("team board", () => {
  it("ranks by total or by average per member; equal figures share a rank", () => {
    const teams = [
      { id: "a", name: "Big", members: 4, total: 2000 },
      { id: "b", name: "Small", members: 1, total: 900 },
      { id: "c", name: "Empty", members: 0, total: 0 },
    ];
    expect(rankTeams(teams, "total").map((t) => t.name)).toEqual(["Big", "Small", "Empty"]);
    expect(rankTeams(teams, "average").map((t) => [t.name, t.average])).toEqual([
      ["Small", 900],
      ["Big", 500],
      ["Empty", 0],
    ]);
    const tied = rankTeams(
      [
        { id: "x", name: "X", members: 1, total: 5 },
        { id: "y", name: "Y", members: 1, total: 5 },
      ],
      "total",
    );
    expect(tied.map((t) => t.rank)).toEqual([1, 1]);
  });
});
