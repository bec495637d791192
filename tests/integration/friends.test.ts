/** Friends (issue 17, ADR 182): a personal link, accept, remove, renew, invite by e-mail. */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { get, post, signUpUser, uniqueEmail } from "../support/http";
import { userByEmail } from "../support/goals";

const linkOf = async (cookie: string) => {
  const html = await (await get("/friends", cookie)).text();
  return html.match(/\/friends\/add\/([A-Za-z0-9_-]{22})/)![1]!;
};
const friendNames = async (cookie: string) =>
  [...(await (await get("/friends", cookie)).text()).matchAll(/class="friend__name">([^<]+)</g)].map((m) =>
    m[1]!.replace(/<!-- -->/g, "").trim(),
  );

describe("friends", () => {
  it("accepting a member's link makes both friends, once, and tells the inviter", async () => {
    const ana = await signUpUser({ first: "Ana" });
    const ben = await signUpUser({ first: "Ben" });
    const code = await linkOf(ana.cookie);
    expect(await linkOf(ana.cookie)).toBe(code); // the same link every time

    const page = await (await get(`/friends/add/${code}`, ben.cookie)).text();
    expect(page).toContain("Ana User");
    expect(page).toContain("Accept");
    const accepted = await post(`/friends/add/${code}`, {}, ben.cookie);
    expect(accepted.status).toBe(302);
    expect(accepted.headers.get("Location")).toBe("/friends");
    expect((await post(`/friends/add/${code}`, {}, ben.cookie)).status).toBe(302);

    expect(await friendNames(ana.cookie)).toEqual(["Ben User"]);
    expect(await friendNames(ben.cookie)).toEqual(["Ana User"]);
    expect(await (await get(`/friends/add/${code}`, ben.cookie)).text()).toContain("already friends");
    const anaId = (await userByEmail(ana.email)).id;
    const told = await env.DB.prepare(
      "SELECT count(*) AS n FROM notifications WHERE user_id = ? AND kind = 'friend-accepted'",
    )
      .bind(anaId)
      .first("n");
    expect(told).toBe(1);
    expect(await (await get("/notifications", ana.cookie)).text()).toContain("Ben User accepted your invite");
  });

  it("refuses one's own link, and a renewed link replaces the old one", async () => {
    const ana = await signUpUser();
    const ben = await signUpUser();
    const code = await linkOf(ana.cookie);
    expect((await post(`/friends/add/${code}`, {}, ana.cookie)).status).toBe(400);
    expect((await post("/friends", { intent: "renew" }, ana.cookie)).status).toBe(302);
    const renewed = await linkOf(ana.cookie);
    expect(renewed).not.toBe(code);
    expect((await get(`/friends/add/${code}`, ben.cookie)).status).toBe(404);
    expect((await post(`/friends/add/${code}`, {}, ben.cookie)).status).toBe(400);
    expect(await friendNames(ben.cookie)).toEqual([]);
  });

  it("removing a friend ends it both ways; only friends can be removed", async () => {
    const ana = await signUpUser({ first: "Ana" });
    const ben = await signUpUser({ first: "Ben" });
    const stranger = await signUpUser();
    await post(`/friends/add/${await linkOf(ana.cookie)}`, {}, ben.cookie);
    const strangerId = (await userByEmail(stranger.email)).id;
    expect((await post("/friends", { intent: "remove", friendId: strangerId }, ana.cookie)).status).toBe(404);
    const benId = (await userByEmail(ben.email)).id;
    expect((await post("/friends", { intent: "remove", friendId: benId }, ana.cookie)).status).toBe(302);
    expect(await friendNames(ana.cookie)).toEqual([]);
    expect(await friendNames(ben.cookie)).toEqual([]);
  });

  it("a signed-out visitor is asked to sign in or up, with the way back kept", async () => {
    const ana = await signUpUser({ first: "Ana" });
    const code = await linkOf(ana.cookie);
    const response = await get(`/friends/add/${code}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Sign in or sign up");
    expect(html).toContain(`/signin?redirectTo=%2Ffriends%2Fadd%2F${code}`);
    expect((await get("/friends/add/not-a-code")).status).toBe(404);
  });

  it("an e-mail invite carries the link and reads the same for members and strangers; 10 an hour", async () => {
    const ana = await signUpUser({ first: "Ana" });
    const { email: member } = await signUpUser();
    const code = await linkOf(ana.cookie);
    for (const to of [member, uniqueEmail("stranger")]) {
      const sent = await post("/friends", { intent: "invite", email: to }, ana.cookie);
      expect(sent.status).toBe(302);
      expect(sent.headers.get("Location")).toBe("/friends");
      const mail = await env.DB.prepare("SELECT text FROM mail_outbox WHERE \"to\" = ? AND kind = 'friend-invite'")
        .bind(to)
        .first<{ text: string }>();
      expect(mail!.text).toContain(`/friends/add/${code}`);
    }
    for (let i = 0; i < 8; i++) await post("/friends", { intent: "invite", email: uniqueEmail() }, ana.cookie);
    const blocked = await post("/friends", { intent: "invite", email: uniqueEmail() }, ana.cookie);
    expect(blocked.status).toBe(429);
    expect(await blocked.text()).toContain("Wait an hour");
    const bad = await post("/friends", { intent: "invite", email: "not-an-email" }, ana.cookie);
    expect(bad.status).toBe(400);
  });
});
