import { describe, expect, it } from "vitest";
import { goalPhase, memberActions, memberStatus, membershipRefusal } from "#app/features/goals/goal-state";

const goal = { start: "2026-03-01", end: "2026-03-21" };

describe("goal phase", () => {
  it("is upcoming before the start day, running from it through the end day, ended the day after", () => {
    expect(goalPhase(goal, "2026-02-28")).toBe("upcoming");
    expect(goalPhase(goal, "2026-03-01")).toBe("running");
    expect(goalPhase(goal, "2026-03-21")).toBe("running");
    expect(goalPhase(goal, "2026-03-22")).toBe("ended");
  });

  it("treats missing dates as open: no start has begun, no end never ends", () => {
    expect(goalPhase({ start: null, end: null }, "2030-01-01")).toBe("running");
    expect(goalPhase({ start: "2026-03-01", end: null }, "2026-02-01")).toBe("upcoming");
    expect(goalPhase({ start: null, end: "2026-03-21" }, "2026-03-22")).toBe("ended");
  });
});

describe("member status and actions", () => {
  it("reads pursuing or completed from the membership, nothing without one", () => {
    expect(memberStatus(null)).toBeNull();
    expect(memberStatus({ completed: false })).toBe("pursuing");
    expect(memberStatus({ completed: true })).toBe("completed");
  });

  it("offers complete only while running, undo only while running, leave whenever still pursuing", () => {
    expect(memberActions("upcoming", "pursuing")).toEqual(["leave"]);
    expect(memberActions("running", "pursuing")).toEqual(["complete", "leave"]);
    expect(memberActions("ended", "pursuing")).toEqual(["leave"]);
    expect(memberActions("running", "completed")).toEqual(["undo"]);
    expect(memberActions("ended", "completed")).toEqual([]);
    expect(memberActions("running", null)).toEqual([]);
  });

  it("says why an action is refused", () => {
    expect(membershipRefusal("complete", "upcoming", "pursuing")).toBe("not-started");
    expect(membershipRefusal("complete", "ended", "pursuing")).toBe("over");
    expect(membershipRefusal("complete", "running", "completed")).toBe("already-completed");
    expect(membershipRefusal("complete", "running", null)).toBe("not-a-member");
    expect(membershipRefusal("complete", "running", "pursuing")).toBeNull();
    expect(membershipRefusal("undo", "running", "pursuing")).toBe("not-completed");
    expect(membershipRefusal("undo", "ended", "completed")).toBe("over");
    expect(membershipRefusal("undo", "running", "completed")).toBeNull();
    expect(membershipRefusal("leave", "running", "completed")).toBe("already-completed");
    expect(membershipRefusal("leave", "ended", "pursuing")).toBeNull();
  });
});
