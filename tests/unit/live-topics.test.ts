import { describe, expect, it } from "vitest";
import {
  byInstance,
  canHear,
  instanceFor,
  parseTopics,
  publishInstances,
  SITE_SHARDS,
  siteShard,
  topicKey,
  type GoalAccess,
} from "#app/features/live/topics";

const member = { id: "u1", type: "user" as const };
const org = { id: "o1", type: "org" as const };
const admin = { id: "a1", type: "admin" as const };
const privateGoal: GoalAccess = { visibility: "private", orgId: "o1", isParticipant: false };
const publicGoal: GoalAccess = { visibility: "public", orgId: null, isParticipant: false };

describe("live topics", () => {
  it("parses a topic list into a sorted, de-duplicated set and refuses anything unknown", () => {
    expect(parseTopics("goals,goal:abc,goals,user:u1")).toEqual(["goal:abc", "goals", "user:u1"]);
    expect(parseTopics("goals,secrets")).toBeNull();
    expect(parseTopics("goal:a b")).toBeNull();
    expect(parseTopics("")).toBeNull();
    expect(parseTopics(Array.from({ length: 17 }, (_, i) => `goal:g${i}`).join(","))).toBeNull();
    expect(topicKey(["user:u1", "goals", "user:u1"])).toBe("goals,user:u1");
  });

  it("gives every goal its own hub instance and shards the site-wide topics (ADR 202)", () => {
    expect(instanceFor("goal:abc")).toBe("goal:abc");
    const home = `site#${siteShard("u1")}`;
    expect(instanceFor("user:u1")).toBe(home);
    // A member's page: their own topic and the lists on their shard, one stream; each goal on its own.
    expect([...byInstance(["goal:a", "goals", "goal:b", "user:u1"])]).toEqual([
      ["goal:a", ["goal:a"]],
      [home, ["goals", "user:u1"]],
      ["goal:b", ["goal:b"]],
    ]);
    // Visitors: by their client address, else at random.
    expect([...byInstance(["settings"], "203.0.113.9")]).toEqual([[`site#${siteShard("203.0.113.9")}`, ["settings"]]]);
    expect([...byInstance(["settings"], null, () => 0)]).toEqual([["site#0", ["settings"]]]);
    expect([...byInstance(["settings"], null, () => 0.99)]).toEqual([[`site#${SITE_SHARDS - 1}`, ["settings"]]]);
  });

  it("spreads members evenly over the shards", () => {
    const counts = new Array(SITE_SHARDS).fill(0);
    for (let i = 0; i < 8000; i++) counts[siteShard(`${i.toString(16).padStart(32, "0")}`)]++;
    for (const c of counts) expect(c).toBeGreaterThan(700);
    for (const c of counts) expect(c).toBeLessThan(1300);
  });

  it("publishes a broadcast topic to every shard and a member's topic to theirs", () => {
    const groups = publishInstances(["settings", "user:u1", "goal:g"]);
    for (let k = 0; k < SITE_SHARDS; k++) expect(groups.get(`site#${k}`)).toContain("settings");
    expect(groups.get(instanceFor("user:u1"))).toContain("user:u1");
    expect(groups.get("goal:g")).toEqual(["goal:g"]);
    expect(groups.size).toBe(SITE_SHARDS + 1);
  });

  it("lets visitors hear only the settings", () => {
    expect(canHear(null, "settings")).toBe(true);
    for (const t of ["goals", "admin", "user:u1"] as const) expect(canHear(null, t)).toBe(false);
    expect(canHear(null, "goal:g", publicGoal)).toBe(false);
  });

  it("lets a member hear lists, public goals and their own user topic, not someone else's or admin", () => {
    expect(canHear(member, "goals")).toBe(true);
    expect(canHear(member, "user:u1")).toBe(true);
    expect(canHear(member, "user:u2")).toBe(false);
    expect(canHear(member, "admin")).toBe(false);
    expect(canHear(admin, "admin")).toBe(true);
    expect(canHear(member, "goal:g", publicGoal)).toBe(true);
    expect(canHear(member, "goal:missing", undefined)).toBe(false);
  });

  it("keeps a private goal's topic to the owning org, its participants and admins", () => {
    expect(canHear(member, "goal:p", privateGoal)).toBe(false);
    expect(canHear(member, "goal:p", { ...privateGoal, isParticipant: true })).toBe(true);
    expect(canHear(org, "goal:p", privateGoal)).toBe(true);
    expect(canHear({ id: "o2", type: "org" }, "goal:p", privateGoal)).toBe(false);
    expect(canHear(admin, "goal:p", privateGoal)).toBe(true);
  });

  it("keeps a friends goal's topic to its creator, their friends, its participants and admins", () => {
    const friendsGoal: GoalAccess = { visibility: "friends", orgId: "u9", isParticipant: false };
    expect(canHear(member, "goal:f", friendsGoal)).toBe(false);
    expect(canHear(org, "goal:f", friendsGoal)).toBe(false);
    expect(canHear(member, "goal:f", { ...friendsGoal, isFriendOfOwner: true })).toBe(true);
    expect(canHear(member, "goal:f", { ...friendsGoal, isParticipant: true })).toBe(true);
    expect(canHear({ id: "u9", type: "user" }, "goal:f", friendsGoal)).toBe(true);
    expect(canHear(admin, "goal:f", friendsGoal)).toBe(true);
    // Only a friends goal opens to the owner's friends: a private goal does not.
    expect(canHear(member, "goal:p", { ...privateGoal, isFriendOfOwner: true })).toBe(false);
  });
});
