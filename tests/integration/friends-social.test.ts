/**
 * Friends on the home screen (ADR 185): Suggested has a "From friends" group (goals my friends
 * pursue that I may join) and the home feed tells what my friends started, joined and completed. Nothing
 * of a goal I may not see shows, and a stranger sees none of it.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { get } from "../support/http";
import { befriend, createGoal, join, signedInUser } from "../support/factories";

const suggestedDrawer = (html: string) => html.match(/id="suggested-heading"[\s\S]*?<\/nav>/)?.[0] ?? "";
const fromFriendsGroup = (html: string) => html.match(/id="from-friends-heading"[\s\S]*?<\/ul>/)?.[0] ?? "";
// The whole feed, every goal's group (ADR 223): up to the end of its section.
const feed = (html: string) =>
  html.match(/data-testid="home-feed"[\s\S]*?<\/section>/)?.[0]?.replace(/<!-- -->/g, "") ?? "";

describe("friends on the home screen", () => {
  it("suggests what my friends pursue under From friends, and tells their activity in my feed", async () => {
    const ana = await signedInUser({ first: "Ana" });
    const fred = await signedInUser({ first: "Fred", last: "Friend" });
    const stan = await signedInUser({ first: "Stan" });
    const zed = await signedInUser({ first: "Zed" });
    const org = await signedInUser({ type: "org" });
    await befriend(ana.id, fred.id);
    const mine = await createGoal({ cause: "Ana's own walk" });
    await join(ana.id, mine.id);
    await join(stan.id, mine.id);

    const personal = await createGoal({ cause: "Fred's sunrise swims", visibility: "friends", orgId: fred.id });
    const publicGoal = await createGoal({ cause: "City 10k together" });
    const zedsGoal = await createGoal({ cause: "Zed's secret circle", visibility: "friends", orgId: zed.id });
    const clubGoal = await createGoal({ cause: "Club members only", visibility: "private", orgId: org.id });
    const demo = await createGoal({ cause: "Demo of friends", demo: true });
    for (const g of [personal, publicGoal, zedsGoal, clubGoal, demo]) await join(fred.id, g.id);
    await join(zed.id, zedsGoal.id);

    const home = await (await get("/main", ana.cookie)).text();
    const group = fromFriendsGroup(home);
    expect(group).toContain("From friends");
    expect(group).toContain("Fred&#x27;s sunrise swims");
    expect(group).toContain("City 10k together");
    for (const hidden of ["Zed&#x27;s secret circle", "Club members only", "Demo of friends"])
      expect(home).not.toContain(hidden);
    // A goal in the group is not listed twice.
    expect(suggestedDrawer(home).split("City 10k together").length - 1).toBe(1);

    const told = feed(home);
    expect(told).toContain("Your friend Fred Friend started");
    expect(told).toContain("Your friend Fred Friend joined");
    expect(told).toContain("City 10k together");
    expect(told).not.toContain("secret circle");
    expect(told).not.toContain("Club members only");

    // The stranger: no group, none of Fred's personal goal, no friends' activity; the public goal stays
    // in the ordinary suggestions.
    const strangers = await (await get("/main", stan.cookie)).text();
    expect(strangers).not.toContain("From friends");
    expect(strangers).not.toContain("sunrise swims");
    expect(strangers).not.toContain("Your friend");
    expect(strangers).toContain("City 10k together");
  });

  it("tells a friend's completion, and drops a goal from From friends once I join it", async () => {
    const ana = await signedInUser({ first: "Ana" });
    const fred = await signedInUser({ first: "Fred", last: "Friend" });
    await befriend(ana.id, fred.id);
    const mine = await createGoal({ cause: "Ana's reading" });
    await join(ana.id, mine.id);
    const done = await createGoal({ cause: "Plank a day" });
    await join(fred.id, done.id, { completed: true, completedAt: new Date() });
    const open = await createGoal({ cause: "Cycle to work" });
    await join(fred.id, open.id);

    const home = await (await get("/main", ana.cookie)).text();
    expect(feed(home)).toContain("Your friend Fred Friend completed");
    // A completed membership is not pursuing: only the open goal is suggested from friends.
    expect(fromFriendsGroup(home)).toContain("Cycle to work");
    expect(fromFriendsGroup(home)).not.toContain("Plank a day");

    await join(ana.id, open.id);
    expect(fromFriendsGroup(await (await get("/main", ana.cookie)).text())).not.toContain("Cycle to work");
    const count = await env.DB.prepare("SELECT count(*) AS n FROM friendships WHERE user_id = ?")
      .bind(ana.id)
      .first("n");
    expect(count).toBe(1);
  });
});
