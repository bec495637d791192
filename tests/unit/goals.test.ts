import { describe, expect, it } from "vitest";
import {
  activeMemberships,
  canCreateGoals,
  canReplaceInviteLink,
  currentMembership,
  goalOwner,
  isActive,
  isSuggested,
  isVisibleTo,
  joinRefusal,
  suggestedGoals,
  suggestionsShown,
  SUGGESTION_LIMIT,
  SUGGESTIONS_SHOWN,
  type GoalFacts,
  type Viewer,
} from "#app/features/goals/goals";

const TODAY = "2026-03-10";
const member: Viewer = { id: "u1", type: "user" };
const org: Viewer = { id: "org1", type: "org" };
const otherOrg: Viewer = { id: "org2", type: "org" };
const admin: Viewer = { id: "a1", type: "admin" };

function goal(overrides: Partial<GoalFacts & { start: string | null; cause: string }> = {}) {
  return {
    id: "g",
    cause: "Goal",
    start: "2026-03-01",
    end: "2026-03-31",
    demo: false,
    visibility: "public" as const,
    orgId: null,
    ...overrides,
  };
}
const none = new Set<string>();

describe("suggested goals", () => {
  it("suggests a public goal the user has not joined whose end has not passed", () => {
    expect(isSuggested(goal(), member, none, TODAY)).toBe(true);
  });

  it("never suggests a goal the user joined, even once completed", () => {
    expect(isSuggested(goal({ id: "g" }), member, new Set(["g"]), TODAY)).toBe(false);
  });

  it("still suggests a goal on its end day, not the day after (ended yesterday vs today)", () => {
    expect(isSuggested(goal({ end: TODAY }), member, none, TODAY)).toBe(true);
    expect(isSuggested(goal({ end: "2026-03-09" }), member, none, TODAY)).toBe(false);
  });

  it("suggests future and undated goals", () => {
    expect(isSuggested(goal({ start: "2026-05-01", end: "2026-06-01" }), member, none, TODAY)).toBe(true);
    expect(isSuggested(goal({ start: null, end: null }), member, none, TODAY)).toBe(true);
  });

  it("never suggests demo goals, not even to admins", () => {
    for (const viewer of [member, org, admin])
      expect(isSuggested(goal({ demo: true }), viewer, none, TODAY)).toBe(false);
  });

  it("suggests a private goal only to the org that owns it", () => {
    const privateGoal = goal({ visibility: "private", orgId: "org1" });
    expect(isSuggested(privateGoal, org, none, TODAY)).toBe(true);
    expect(isSuggested(privateGoal, otherOrg, none, TODAY)).toBe(false);
    expect(isSuggested(privateGoal, member, none, TODAY)).toBe(false);
    expect(isSuggested(privateGoal, admin, none, TODAY)).toBe(false);
    // A member whose id happens to equal the org id is still not the org.
    expect(isSuggested(privateGoal, { id: "org1", type: "user" }, none, TODAY)).toBe(false);
  });

  it("lists the goals closing soonest first, those with no end date last, then by name", () => {
    const list = suggestedGoals(
      [
        goal({ id: "late", end: "2026-09-01" }),
        goal({ id: "open-ended", start: "2026-01-01", end: null }),
        goal({ id: "undated", start: null, end: null }),
        goal({ id: "b", end: "2026-06-01", cause: "B" }),
        goal({ id: "a", end: "2026-06-01", cause: "A" }),
        goal({ id: "joined" }),
        goal({ id: "ended", end: "2026-03-01" }),
      ],
      member,
      [{ goalId: "joined", completed: false, joinedAt: 1 }],
      TODAY,
    );
    expect(list.map((g) => g.id)).toEqual(["a", "b", "late", "open-ended", "undated"]);
  });
});

describe("the suggestions a screen shows (ADR 191, 315)", () => {
  const list = (n: number) => Array.from({ length: n }, (_, i) => i);

  it("shows the first 6 and says whether there are more", () => {
    expect(SUGGESTIONS_SHOWN).toBe(6);
    expect(suggestionsShown(list(6), false)).toEqual({ shown: list(6), more: false });
    expect(suggestionsShown(list(7), false)).toEqual({ shown: list(6), more: true });
    expect(suggestionsShown(list(3), false)).toEqual({ shown: list(3), more: false });
  });

  it("shows up to the limit once the member asked for all, with nothing more to ask for", () => {
    expect(suggestionsShown(list(21), true)).toEqual({ shown: list(21), more: false });
    expect(suggestionsShown(list(SUGGESTION_LIMIT + 5), true)).toEqual({ shown: list(SUGGESTION_LIMIT), more: false });
  });
});

describe("visibility", () => {
  it("shows demo goals to admins only and private goals to their org only", () => {
    expect(isVisibleTo(goal({ demo: true }), admin)).toBe(true);
    expect(isVisibleTo(goal({ demo: true }), member)).toBe(false);
    expect(isVisibleTo(goal({ visibility: "private", orgId: "org1" }), org)).toBe(true);
    expect(isVisibleTo(goal({ visibility: "private", orgId: "org1" }), otherOrg)).toBe(false);
  });

  it("shows a friends goal to its creator and the creator's friends only, and suggests it to nobody else", () => {
    const mine = goal({ visibility: "friends", orgId: "u1" });
    expect(isVisibleTo(mine, member)).toBe(true);
    expect(isVisibleTo({ ...mine, friendOfOwner: true }, { id: "u2", type: "user" })).toBe(true);
    for (const viewer of [{ id: "u2", type: "user" } as const, admin, org])
      expect(isVisibleTo(mine, viewer)).toBe(false);
    expect(isSuggested(mine, { id: "u2", type: "user" }, none, TODAY)).toBe(false);
    expect(joinRefusal(mine, admin, undefined, TODAY)).toBe("hidden");
    expect(joinRefusal({ ...mine, friendOfOwner: 1 }, admin, undefined, TODAY)).toBe(null);
  });
});

describe("active and current goal", () => {
  const memberships = [
    { goalId: "c", completed: false, joinedAt: new Date(300) },
    { goalId: "done", completed: true, joinedAt: new Date(100) },
    { goalId: "b", completed: false, joinedAt: new Date(200) },
  ];

  it("is active when joined and not completed", () => {
    expect(isActive(memberships[0])).toBe(true);
    expect(isActive(memberships[1])).toBe(false);
    expect(isActive(undefined)).toBe(false);
  });

  it("lists active memberships oldest join first", () => {
    expect(activeMemberships(memberships).map((m) => m.goalId)).toEqual(["b", "c"]);
  });

  it("makes the first not-completed user-goal by join time the current goal", () => {
    expect(currentMembership(memberships)?.goalId).toBe("b");
    expect(currentMembership([{ goalId: "x", completed: true, joinedAt: 1 }])).toBeNull();
    expect(currentMembership([])).toBeNull();
  });

  it("breaks a join-time tie by goal id so the current goal is stable", () => {
    const tie = [
      { goalId: "z", completed: false, joinedAt: 5 },
      { goalId: "y", completed: false, joinedAt: 5 },
    ];
    expect(currentMembership(tie)?.goalId).toBe("y");
  });
});

describe("join and complete guards", () => {
  it("lets a member join an open public goal", () => {
    expect(joinRefusal(goal(), member, undefined, TODAY)).toBeNull();
  });

  it("refuses a second join, a completed goal, an ended goal and a hidden goal", () => {
    expect(joinRefusal(goal(), member, { goalId: "g", completed: false, joinedAt: 1 }, TODAY)).toBe("already-joined");
    expect(joinRefusal(goal(), member, { goalId: "g", completed: true, joinedAt: 1 }, TODAY)).toBe("already-completed");
    expect(joinRefusal(goal({ end: "2026-03-09" }), member, undefined, TODAY)).toBe("ended");
    expect(joinRefusal(goal({ end: TODAY }), member, undefined, TODAY)).toBeNull();
    expect(joinRefusal(goal({ visibility: "private", orgId: "org1" }), member, undefined, TODAY)).toBe("hidden");
    expect(joinRefusal(goal({ demo: true }), member, undefined, TODAY)).toBe("hidden");
  });
});

describe("creating goals", () => {
  it("is for admins and orgs", () => {
    expect(canCreateGoals(admin)).toBe(true);
    expect(canCreateGoals(org)).toBe(true);
    expect(canCreateGoals(member)).toBe(false);
  });

  it("gives an org's goal to the org and an admin's to the site", () => {
    expect(goalOwner(org)).toBe("org1");
    expect(goalOwner(admin)).toBeNull();
  });
});

describe("replacing a shared invite link", () => {
  it("is for the owner of a private or friends goal (and admins for an org's), never for a public goal", () => {
    expect(canReplaceInviteLink(goal({ visibility: "friends", orgId: "u1" }), member)).toBe(true);
    expect(canReplaceInviteLink(goal({ visibility: "friends", orgId: "u2" }), member)).toBe(false);
    expect(canReplaceInviteLink(goal({ visibility: "friends", orgId: "u2" }), admin)).toBe(false);
    expect(canReplaceInviteLink(goal({ visibility: "private", orgId: "org1" }), org)).toBe(true);
    expect(canReplaceInviteLink(goal({ visibility: "private", orgId: "org1" }), admin)).toBe(true);
    expect(canReplaceInviteLink(goal({ visibility: "private", orgId: "org1" }), otherOrg)).toBe(false);
    expect(canReplaceInviteLink(goal({ visibility: "public", orgId: "org1" }), org)).toBe(false);
  });
});
