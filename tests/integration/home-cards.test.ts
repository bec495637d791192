/**
 * The home's goal cards (ADR 315): the first 6 (the current goal's first), and "Show all N goals", a plain
 * link to the home with every card that lands on the first one past the cut.
 */
import { describe, expect, it } from "vitest";
import { get } from "../support/http";
import { createGoal, join, signedInUser } from "../support/factories";

const cardLinks = (html: string) =>
  [...(html.match(/data-testid="home-cards"[\s\S]*?<\/ul>/)?.[0] ?? "").matchAll(/href="\/active\/([^"]+)"/g)].map(
    (m) => m[1],
  );

/** A member of `count` goals, joined one a minute apart: the first joined is the current goal. */
async function memberOf(count: number) {
  const viewer = await signedInUser({ first: "Cara", last: "Cards" });
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const goal = await createGoal({ cause: `Card goal ${i + 1}` });
    await join(viewer.id, goal.id, { joinedAt: new Date(Date.UTC(2026, 0, 1, 0, i)) });
    ids.push(goal.id);
  }
  return { viewer, ids };
}

describe("the home's goal cards", () => {
  it("shows the first 6, the current goal first, and a link to all of them", async () => {
    const { viewer, ids } = await memberOf(8);
    const html = await (await get("/main", viewer.cookie)).text();
    expect(cardLinks(html)).toEqual(ids.slice(0, 6));
    expect(html).toContain(`<h1 id="goal-title">Card goal 1</h1>`);
    expect(html).toMatch(
      /<a href="\/main\?goals=all#home-cards-more" class="button button--secondary">Show all 8 goals<\/a>/,
    );
    // Every goal stays in the side navigation's Goals.
    for (const id of ids) expect(html).toContain(`href="/active/${id}" class="goal-card`);
  });

  it("?goals=all shows every card and marks the first one past the cut", async () => {
    const { viewer, ids } = await memberOf(8);
    const html = await (await get("/main?goals=all", viewer.cookie)).text();
    expect(cardLinks(html)).toEqual(ids);
    expect(html).toMatch(new RegExp(`<li class="home-card card" id="home-cards-more"><a href="/active/${ids[6]}"`));
    expect(html).not.toContain("Show all 8 goals");
  });

  it("a member with 6 goals sees every card and no link", async () => {
    const { viewer, ids } = await memberOf(6);
    const html = await (await get("/main", viewer.cookie)).text();
    expect(cardLinks(html)).toEqual(ids);
    expect(html).not.toContain("goals=all");
  });
});
