/**
 * D1 read replication (ADR 200): every request reads through a D1 session; a write's
 * bookmark comes back in a cookie so the member's next request reads their own write, wherever it lands.
 */
import { describe, expect, it } from "vitest";
import { get, post } from "../support/http";
import { createGoal, signedInUser } from "../support/factories";

const bookmarkOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .find((c) => c.startsWith("__d1="))
    ?.split(";")[0];

describe("read your own writes across requests", () => {
  it("a join returns the bookmark, and /main read after it shows the goal", async () => {
    const { cookie } = await signedInUser();
    const goal = await createGoal({ cause: "Read my own join" });
    const joined = await post(`/join/${goal.id}`, {}, cookie);
    expect(joined.status).toBe(302);
    const bookmark = bookmarkOf(joined);
    expect(bookmark).toMatch(/^__d1=[0-9A-Za-z-]+$/);
    expect(joined.headers.getSetCookie().find((c) => c.startsWith("__d1="))).toMatch(/HttpOnly; SameSite=Lax/);

    const home = await get("/main", `${cookie}; ${bookmark}`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain("Read my own join");
  });

  it("pages that only read, and refused posts, leave the bookmark cookie alone", async () => {
    const { cookie } = await signedInUser();
    expect(bookmarkOf(await get("/main", cookie))).toBeUndefined();
    const refused = await post("/profile/delete", { confirm: "not my address" }, cookie);
    expect(refused.status).toBe(400);
    expect(bookmarkOf(refused)).toBeUndefined();
  });

  it("a forged or stale bookmark cookie never breaks a page", async () => {
    const { cookie } = await signedInUser();
    for (const forged of ["__d1=not%20a%20bookmark", `__d1=${"f".repeat(5000)}`, "__d1=;"]) {
      const page = await get("/main", `${cookie}; ${forged}`);
      expect(page.status).toBe(200);
    }
  });
});
