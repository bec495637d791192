import { describe, expect, it } from "vitest";
import { badgeText, bellLabel, notificationHref, notificationText } from "#app/features/notifications/notifications";
import { addDays } from "#app/lib/dates";

describe("notification copy", () => {
  const actor = { first: "Ada", last: "Lovelace" };
  it("names who did what, in which goal", () => {
    expect(notificationText({ kind: "cheer", goalId: "g", cause: "Walk 100 km", actor })).toBe(
      "Ada Lovelace cheered you on in Walk 100 km.",
    );
    expect(notificationText({ kind: "message", goalId: "g", cause: "Walk 100 km", actor: null })).toBe(
      "A former member wrote in the discussion of Walk 100 km.",
    );
    expect(notificationText({ kind: "goal-starts", goalId: "g", cause: "Walk", actor: null })).toBe(
      "Walk starts in 3 days.",
    );
  });
  it("links to the goal, a message to its discussion", () => {
    expect(notificationHref({ kind: "cheer", goalId: "g1" })).toBe("/active/g1");
    expect(notificationHref({ kind: "message", goalId: "g1" })).toBe("/active/g1#discussion");
    expect(notificationHref({ kind: "goal-ends", goalId: null })).toBe("/main");
  });
  it("a friend request names who asked and leads to the requests on /friends", () => {
    expect(notificationText({ kind: "friend-request", goalId: null, cause: null, actor })).toBe(
      "Ada Lovelace wants to be your friend.",
    );
    expect(notificationHref({ kind: "friend-request", goalId: null })).toBe("/friends#requests");
    expect(notificationHref({ kind: "friend-accepted", goalId: null })).toBe("/friends");
  });
  it("says the count in words and caps the badge", () => {
    expect(bellLabel(0)).toBe("Notifications, none unread");
    expect(bellLabel(3)).toBe("Notifications, 3 unread");
    expect(bellLabel(120)).toBe("Notifications, more than 99 unread");
    expect(badgeText(120)).toBe("99+");
  });
  it("adds days across months and leap years", () => {
    expect(addDays("2028-02-27", 3)).toBe("2028-03-01");
    expect(addDays("2026-01-01", -1)).toBe("2025-12-31");
  });
});
