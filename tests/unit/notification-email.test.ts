import { describe, expect, it } from "vitest";
import {
  EMAIL_TOPICS,
  emailChoices,
  isDigestDay,
  reminderDue,
  topicOfKind,
  wantsEmail,
  type ReminderFacts,
} from "#app/features/notifications/notification-email";

const running: ReminderFacts = {
  start: "2026-11-01",
  end: "2026-11-30",
  completed: false,
  joinedOn: "2026-10-20",
  lastVisit: "2026-11-10",
  lastReminder: null,
};

describe("the 3-day reminder rule", () => {
  it("is due once a pursuing member of a running goal has not visited for 3 days", () => {
    expect(reminderDue(running, "2026-11-12")).toBe(false);
    expect(reminderDue(running, "2026-11-13")).toBe(true);
  });
  it("counts from the goal's start or the day they joined when that is later than the last visit", () => {
    expect(reminderDue({ ...running, lastVisit: "2026-10-01" }, "2026-11-03")).toBe(false);
    expect(reminderDue({ ...running, lastVisit: "2026-10-01" }, "2026-11-04")).toBe(true);
    expect(reminderDue({ ...running, lastVisit: null, joinedOn: "2026-11-20" }, "2026-11-22")).toBe(false);
    expect(reminderDue({ ...running, lastVisit: null, joinedOn: "2026-11-20" }, "2026-11-23")).toBe(true);
  });
  it("says nothing before the goal starts, after it ends, or once the member completed it", () => {
    expect(reminderDue({ ...running, lastVisit: "2026-10-01" }, "2026-10-31")).toBe(false);
    expect(reminderDue(running, "2026-12-01")).toBe(false);
    expect(reminderDue({ ...running, completed: true }, "2026-11-20")).toBe(false);
    expect(reminderDue({ ...running, start: null }, "2026-11-20")).toBe(false);
  });
  it("reminds at most once per goal a week", () => {
    expect(reminderDue({ ...running, lastReminder: "2026-11-13" }, "2026-11-19")).toBe(false);
    expect(reminderDue({ ...running, lastReminder: "2026-11-13" }, "2026-11-20")).toBe(true);
  });
});

describe("e-mail switches", () => {
  it("mail every kind by default except the weekly digest; stored choices win", () => {
    expect(emailChoices({})).toEqual({
      cheer: true,
      message: true,
      friends: true,
      "goal-dates": true,
      pledges: true,
      reminder: true,
      badges: true,
      summary: true,
      digest: false,
    });
    expect(wantsEmail("cheer", { cheer: false })).toBe(false);
    expect(wantsEmail("digest", { digest: true })).toBe(true);
  });
  it("maps every notification kind to a switch that exists", () => {
    const topics = new Set(EMAIL_TOPICS.map((t) => t.topic));
    for (const kind of [
      "cheer",
      "message",
      "goal-starts",
      "goal-ends",
      "friend-request",
      "friend-accepted",
      "pledge-for-you",
      "pledge-for-goal",
      "reminder",
      "badge",
      "challenge-ended",
    ] as const)
      expect(topics.has(topicOfKind(kind)), kind).toBe(true);
  });
  it("friend requests and acceptances share the friends switch", () => {
    expect(topicOfKind("friend-request")).toBe("friends");
    expect(topicOfKind("friend-accepted")).toBe("friends");
  });
  it("sends the digest on Mondays (UTC)", () => {
    expect(isDigestDay("2026-11-23")).toBe(true);
    expect(isDigestDay("2026-11-24")).toBe(false);
  });
});
