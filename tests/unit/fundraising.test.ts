import { describe, expect, it } from "vitest";
import {
  canDiscuss,
  canManageGoal,
  canSupport,
  formatAmount,
  isSafeDonationUrl,
  messageParts,
  milestoneCrossed,
  monthChallengeDates,
  parseAmount,
  percentOf,
  safeReturnTo,
  totals,
  upcomingMonths,
} from "#app/features/fundraising/fundraising";
import { pledgeSchema, fundraisingSettingsSchema, messageSchema } from "#app/features/fundraising/fundraising.schema";

describe("amounts", () => {
  it("parses what people type into minor units", () => {
    expect(parseAmount("25")).toBe(2500);
    expect(parseAmount("12.5")).toBe(1250);
    // A decimal comma (ADR 255); three digits after a comma stay thousands.
    expect(parseAmount("12,5")).toBe(1250);
    expect(parseAmount("€ 7,25")).toBe(725);
    expect(parseAmount("1,250")).toBe(125_000);
    expect(parseAmount("1,2,3")).toBeNull();
    expect(parseAmount("12.50")).toBe(1250);
    expect(parseAmount(" £1,250.00 ")).toBe(125000);
    expect(parseAmount("0.01")).toBe(1);
    expect(parseAmount("0")).toBe(0);
  });

  it("refuses anything that is not a plain positive amount", () => {
    for (const bad of ["", "-5", "1e6", "12.345", "abc", "12,3456", "NaN", "Infinity", "1 000", "1.2.3", "0x10"]) {
      expect(parseAmount(bad), bad).toBeNull();
    }
    expect(parseAmount(12 as unknown)).toBeNull();
    expect(parseAmount("9".repeat(40))).toBeNull();
  });

  it("formats per currency, with pence only when there are some", () => {
    expect(formatAmount(125000, "GBP")).toBe("£1,250");
    expect(formatAmount(1250, "GBP")).toBe("£12.50");
    expect(formatAmount(500, "EUR")).toBe("€5");
    expect(formatAmount(999, "USD")).toBe("US$9.99");
    expect(formatAmount(100, "XXX")).toBe("£1"); // unknown currencies fall back safely
  });
});

describe("totals and milestones", () => {
  it("sums raised and paid and counts supporters", () => {
    const t = totals(
      [
        { amount: 1000, paid: true },
        { amount: 2500, paid: false },
      ],
      10000,
    );
    expect(t).toEqual({ raised: 3500, paid: 1000, supporters: 2, percent: 35 });
    expect(totals([], null)).toEqual({ raised: 0, paid: 0, supporters: 0, percent: null });
  });

  it("rounds percent down so 100% means the target is really met", () => {
    expect(percentOf(9999, 10000)).toBe(99);
    expect(percentOf(13000, 10000)).toBe(130);
    expect(percentOf(100, 0)).toBeNull();
  });

  it("announces each of 50, 90 and 100 once, the highest crossed first", () => {
    expect(milestoneCrossed(0, 4999, 10000)).toBeNull();
    expect(milestoneCrossed(0, 5000, 10000)).toBe(50);
    expect(milestoneCrossed(50, 6000, 10000)).toBeNull();
    expect(milestoneCrossed(50, 9000, 10000)).toBe(90);
    expect(milestoneCrossed(0, 20000, 10000)).toBe(100);
    expect(milestoneCrossed(100, 30000, 10000)).toBeNull();
    expect(milestoneCrossed(0, 5000, null)).toBeNull();
  });
});

describe("month challenges", () => {
  it("run from the 1st to the last day of the month", () => {
    expect(monthChallengeDates("2026-01")).toEqual({ start: "2026-01-01", end: "2026-01-31" });
    expect(monthChallengeDates("2026-04")).toEqual({ start: "2026-04-01", end: "2026-04-30" });
    expect(monthChallengeDates("2026-02")).toEqual({ start: "2026-02-01", end: "2026-02-28" });
    expect(monthChallengeDates("2028-02")).toEqual({ start: "2028-02-01", end: "2028-02-29" });
    expect(monthChallengeDates("2100-02")).toEqual({ start: "2100-02-01", end: "2100-02-28" });
    expect(monthChallengeDates("2026-12")).toEqual({ start: "2026-12-01", end: "2026-12-31" });
  });

  it("refuse what is not a month", () => {
    for (const bad of ["2026-13", "2026-00", "2026-1", "26-01", "2026-01-01", "", "1999-01"]) {
      expect(monthChallengeDates(bad), bad).toBeNull();
    }
  });

  it("offers this month and the next ones, across the year end", () => {
    const months = upcomingMonths("2026-11-22", 3);
    expect(months).toEqual([
      { value: "2026-11", label: "November 2026" },
      { value: "2026-12", label: "December 2026" },
      { value: "2027-01", label: "January 2027" },
    ]);
  });
});

describe("who may do what", () => {
  const privateGoal = { orgId: "org1", visibility: "private" as const, demo: false };
  const publicGoal = { ...privateGoal, visibility: "public" as const };
  const org = { id: "org1", type: "org" as const };
  const otherOrg = { id: "org2", type: "org" as const };
  const admin = { id: "a", type: "admin" as const };
  const member = { id: "m", type: "user" as const };

  it("lets the owning org and admins manage", () => {
    expect(canManageGoal(privateGoal, org)).toBe(true);
    expect(canManageGoal(privateGoal, admin)).toBe(true);
    expect(canManageGoal(privateGoal, otherOrg)).toBe(false);
    expect(canManageGoal(privateGoal, member)).toBe(false);
    expect(canManageGoal(privateGoal, null)).toBe(false);
  });

  it("keeps a private goal's discussion and pledges to its members and managers", () => {
    expect(canDiscuss(privateGoal, member, true)).toBe(true);
    expect(canDiscuss(privateGoal, member, false)).toBe(false);
    expect(canDiscuss(publicGoal, member, false)).toBe(false); // discussion is members-only even on public goals
    expect(canSupport(privateGoal, member, false)).toBe(false);
    expect(canSupport(privateGoal, null, false)).toBe(false);
    expect(canSupport(privateGoal, member, true)).toBe(true);
    expect(canSupport(publicGoal, null, false)).toBe(true); // visitors with the public link may pledge
    expect(canSupport({ ...publicGoal, demo: true }, null, false)).toBe(false);
  });
});

describe("safe links and text", () => {
  it("hands supporters only to https donation pages", () => {
    expect(isSafeDonationUrl("https://www.justgiving.com/charity/x")).toBe(true);
    for (const bad of [
      "http://charity.org",
      "javascript:alert(1)",
      "data:text/html,x",
      "https://user:pw@evil.org",
      "https://localhost",
      "charity.org",
    ]) {
      expect(isSafeDonationUrl(bad), bad).toBe(false);
    }
  });

  it("splits messages into text and links, leaving trailing punctuation as text", () => {
    expect(messageParts("See https://example.org/a?b=1. Thanks")).toEqual([
      { kind: "text", text: "See " },
      { kind: "link", text: "https://example.org/a?b=1", href: "https://example.org/a?b=1" },
      { kind: "text", text: ". Thanks" },
    ]);
    expect(messageParts("javascript:alert(1)")).toEqual([{ kind: "text", text: "javascript:alert(1)" }]);
  });

  it("sends forms back only to the goal's own screens", () => {
    expect(safeReturnTo("/goals/g1/discussion", "g1")).toBe("/goals/g1/discussion");
    expect(safeReturnTo("https://evil.example", "g1")).toBe("/active/g1");
    expect(safeReturnTo("//evil.example", "g1")).toBe("/active/g1");
    expect(safeReturnTo(null, "g1")).toBe("/active/g1");
  });
});

describe("schemas", () => {
  it("accept a good pledge and refuse absurd ones", () => {
    expect(pledgeSchema.safeParse({ name: "Ann", amount: "20" }).data).toEqual({
      name: "Ann",
      amount: 2000,
      anonymous: false,
    });
    expect(pledgeSchema.safeParse({ name: "Ann", amount: "-20" }).success).toBe(false);
    expect(pledgeSchema.safeParse({ name: "Ann", amount: "0" }).success).toBe(false);
    expect(pledgeSchema.safeParse({ name: "Ann", amount: "1000000.01" }).success).toBe(false);
    expect(pledgeSchema.safeParse({ name: "Ann", amount: "1000000" }).success).toBe(true);
    expect(pledgeSchema.safeParse({ name: "<script>alert(1)</script>", amount: "5" }).success).toBe(false);
  });

  it("refuse markup and over-long messages, but allow a plain less-than sign", () => {
    expect(messageSchema.safeParse({ intent: "post", body: "x".repeat(1001) }).success).toBe(false);
    expect(messageSchema.safeParse({ intent: "post", body: "<img src=x onerror=alert(1)>" }).success).toBe(false);
    expect(messageSchema.safeParse({ intent: "post", body: "3 < 5 and 5 > 3" }).success).toBe(true);
  });

  it("refuse a non-https charity link and an unknown currency", () => {
    const base = {
      intent: "save",
      charityName: "Shelter",
      charityUrl: "https://shelter.org.uk/donate",
      target: "1000",
      currency: "GBP",
    };
    expect(fundraisingSettingsSchema.safeParse(base).success).toBe(true);
    expect(fundraisingSettingsSchema.safeParse({ ...base, charityUrl: "javascript:alert(1)" }).success).toBe(false);
    expect(fundraisingSettingsSchema.safeParse({ ...base, currency: "BTC" }).success).toBe(false);
  });
});
