import { describe, expect, it } from "vitest";
import { nextStep, type ChallengeFacts } from "#app/features/challenges/challenge-next";

const base: ChallengeFacts = {
  id: "g1",
  phase: "running",
  members: 8,
  pledged: 0,
  paid: 0,
  fundraising: true,
  demo: false,
};

describe("an organiser's next step (ADR 251)", () => {
  it("asks for members first, then fundraising, then pledges marked paid", () => {
    expect(nextStep({ ...base, members: 0, fundraising: false, pledged: 500 })?.label).toBe("Share the invite link");
    expect(nextStep({ ...base, fundraising: false, pledged: 500 })?.label).toBe("Set up fundraising");
    expect(nextStep({ ...base, pledged: 500, paid: 200 })).toMatchObject({
      label: "Mark pledges paid",
      href: "/goals/g1/fundraising#pledges",
    });
    expect(nextStep({ ...base, pledged: 500, paid: 500 })).toBeNull();
  });

  it("an upcoming challenge says members can join before it starts", () => {
    expect(nextStep({ ...base, phase: "upcoming", members: 0 })?.why).toMatch(/before it starts/);
  });

  it("an ended challenge only asks for its pledges to be reconciled", () => {
    const ended = { ...base, phase: "ended" as const, members: 0, fundraising: false };
    expect(nextStep(ended)).toBeNull();
    expect(nextStep({ ...ended, pledged: 900, paid: 0 })?.label).toBe("Mark pledges paid");
  });

  it("never asks a demo goal to raise money", () => {
    expect(nextStep({ ...base, demo: true, fundraising: false })).toBeNull();
  });
});
