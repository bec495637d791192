import { describe, expect, it } from "vitest";
import { auditActionText, communicationText, pageCount, userChangeProblem } from "#app/features/admin/admin";
import { chunk } from "#app/lib/arrays";

describe("userChangeProblem", () => {
  const admin = { id: "a", type: "admin" as const, status: "active" };
  it("refuses to let the last active admin demote or suspend themself", () => {
    expect(userChangeProblem("a", admin, { type: "user", status: "active" }, 1)).toMatch(/last admin/);
    expect(userChangeProblem("a", admin, { type: "org", status: "active" }, 1)).toMatch(/last admin/);
    expect(userChangeProblem("a", admin, { type: "admin", status: "suspended" }, 1)).toMatch(/last admin/);
  });
  it("allows demotion when another active admin remains", () => {
    expect(userChangeProblem("a", admin, { type: "user", status: "active" }, 2)).toBeNull();
  });
  it("never lets anyone suspend themself", () => {
    expect(userChangeProblem("a", admin, { type: "admin", status: "suspended" }, 3)).toMatch(/suspend your own/);
  });
  it("lets an admin change a member freely", () => {
    expect(
      userChangeProblem("a", { id: "m", type: "user", status: "new" }, { type: "org", status: "suspended" }, 1),
    ).toBeNull();
  });
  it("counts a suspended admin as no admin at all", () => {
    expect(
      userChangeProblem("a", { id: "s", type: "admin", status: "suspended" }, { type: "user", status: "new" }, 1),
    ).toBeNull();
  });
});

describe("paging and search helpers", () => {
  it("always has at least one page", () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
  });
  it("chunks", () => {
    expect(chunk([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunk([], 3)).toEqual([]);
  });
});

describe("communicationText", () => {
  it("greets by first name and signs with the support address", () => {
    const text = communicationText("Mia", "  Hello all  ", "help@example.com");
    expect(text.startsWith("Hi Mia,\n\nHello all\n")).toBe(true);
    expect(text).toContain("help@example.com");
  });
});

describe("audit log wording", () => {
  it("says what happened in words, and falls back to the code for an action it does not know", () => {
    expect(auditActionText({ action: "access.mode", target: "early access", detail: "mode closed" })).toBe(
      "Changed early access to Closed",
    );
    expect(auditActionText({ action: "user.change", target: "kim@example.com", detail: "type org" })).toBe(
      "Changed the user kim@example.com",
    );
    expect(auditActionText({ action: "communication.send", target: "Admins", detail: null })).toBe(
      "Sent a message to Admins",
    );
    expect(auditActionText({ action: "something.new", target: null, detail: null })).toBe("something.new");
  });
});
