/** Friends (ADR 182): a personal link, accept, remove, renew, invite by e-mail. */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { flashCookieFrom, get, post, signUpUser, uniqueEmail } from "../support/http";
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

  it("an e-mail invite answers the same for members and strangers: a stranger gets the link, a member a request; 10 an hour", async () => {
    const ana = await signUpUser({ first: "Ana" });
    const ben = await signUpUser({ first: "Ben" });
    const stranger = uniqueEmail("stranger");
    const code = await linkOf(ana.cookie);
    const answers: string[] = [];
    for (const to of [ben.email, stranger]) {
      const sent = await post("/friends", { intent: "invite", email: to }, ana.cookie);
      expect(sent.status).toBe(302);
      expect(sent.headers.get("Location")).toBe("/friends");
      const page = await (await get("/friends", `${ana.cookie}; ${flashCookieFrom(sent)}`)).text();
      answers.push(page.match(/Invite sent to [^<]+/)![0].replace(to, "{address}"));
    }
    // The inviter cannot tell a member's address from a stranger's.
    expect(answers).toEqual(["Invite sent to {address}.", "Invite sent to {address}."]);
    const inviteMail = (to: string) =>
      env.DB.prepare("SELECT text FROM mail_outbox WHERE \"to\" = ? AND kind = 'friend-invite'")
        .bind(to)
        .first<{ text: string }>();
    expect((await inviteMail(stranger))!.text).toContain(`/friends/add/${code}`);
    // The member hears it in the bell (and by e-mail from the cron, under the "friends" switch).
    expect(await inviteMail(ben.email)).toBeNull();
    expect(await (await get("/notifications", ben.cookie)).text()).toContain("Ana User wants to be your friend.");
    for (let i = 0; i < 8; i++) await post("/friends", { intent: "invite", email: uniqueEmail() }, ana.cookie);
    const blocked = await post("/friends", { intent: "invite", email: uniqueEmail() }, ana.cookie);
    expect(blocked.status).toBe(429);
    expect(await blocked.text()).toContain("Wait an hour");
    const bad = await post("/friends", { intent: "invite", email: "not-an-email" }, ana.cookie);
    expect(bad.status).toBe(400);
  });

  it("invites sent at once never pass the limit: exactly 10 of 15 are sent, the rest are a 429 that mails nobody", async () => {
    const ana = await signUpUser({ first: "Ana" });
    const to = Array.from({ length: 15 }, () => uniqueEmail("burst"));
    const answers = await Promise.all(to.map((email) => post("/friends", { intent: "invite", email }, ana.cookie)));
    expect(answers.filter((r) => r.status === 302)).toHaveLength(10);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(5);
    const mailed = await env.DB.prepare(
      `SELECT count(*) AS n FROM mail_outbox WHERE kind = 'friend-invite' AND "to" IN (${to.map(() => "?").join(", ")})`,
    )
      .bind(...to)
      .first<{ n: number }>();
    expect(mailed!.n).toBe(10);
  });

  it("a member invited by e-mail accepts the request on /friends; both are friends and the inviter is told", async () => {
    const ana = await signUpUser({ first: "Ana" });
    const ben = await signUpUser({ first: "Ben" });
    const anaId = (await userByEmail(ana.email)).id;
    // Asked twice the same day: one request.
    for (let i = 0; i < 2; i++)
      expect((await post("/friends", { intent: "invite", email: ben.email.toUpperCase() }, ana.cookie)).status).toBe(
        302,
      );
    const requests = await env.DB.prepare(
      "SELECT count(*) AS n FROM notifications WHERE actor_id = ? AND kind = 'friend-request'",
    )
      .bind(anaId)
      .first("n");
    expect(requests).toBe(1);
    const page = await (await get("/friends", ben.cookie)).text();
    expect(page).toContain("Friend requests (1)");
    expect(page).toContain(`name="fromId" value="${anaId}"`);

    // Nobody else can accept for Ben, and an id that never asked is refused.
    const carl = await signUpUser({ first: "Carl" });
    expect((await post("/friends", { intent: "accept", fromId: anaId }, carl.cookie)).status).toBe(404);
    expect((await post("/friends", { intent: "accept", fromId: "nobody" }, ben.cookie)).status).toBe(404);
    expect((await post("/friends", { intent: "accept", fromId: "" }, ben.cookie)).status).toBe(400);
    expect(await friendNames(carl.cookie)).toEqual([]);

    const accepted = await post("/friends", { intent: "accept", fromId: anaId }, ben.cookie);
    expect(accepted.status).toBe(302);
    expect(await (await get("/friends", `${ben.cookie}; ${flashCookieFrom(accepted)}`)).text()).toContain(
      "You and Ana are friends now.",
    );
    expect(await friendNames(ben.cookie)).toEqual(["Ana User"]);
    expect(await friendNames(ana.cookie)).toEqual(["Ben User"]);
    expect(await (await get("/friends", ben.cookie)).text()).not.toContain("Friend requests");
    expect(await (await get("/notifications", ana.cookie)).text()).toContain("Ben User accepted your invite");
    // Once friends, inviting again asks nothing.
    expect((await post("/friends", { intent: "invite", email: ana.email }, ben.cookie)).status).toBe(302);
    expect(await (await get("/friends", ana.cookie)).text()).not.toContain("Friend requests");
  });

  it("declining forgets the request without telling the inviter", async () => {
    const ana = await signUpUser({ first: "Ana" });
    const ben = await signUpUser({ first: "Ben" });
    const anaId = (await userByEmail(ana.email)).id;
    expect((await post("/friends", { intent: "invite", email: ben.email }, ana.cookie)).status).toBe(302);
    const declined = await post("/friends", { intent: "decline", fromId: anaId }, ben.cookie);
    expect(declined.status).toBe(302);
    expect(await (await get("/friends", ben.cookie)).text()).not.toContain("Friend requests");
    expect(await friendNames(ben.cookie)).toEqual([]);
    expect(await (await get("/notifications", ana.cookie)).text()).not.toContain("Ben User");
    expect((await post("/friends", { intent: "accept", fromId: anaId }, ben.cookie)).status).toBe(404);
  });
});
