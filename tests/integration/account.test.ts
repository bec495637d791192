/** The member's own account (ADR 180): password, e-mail, picture, data download, deletion. */
import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { BASE, cookieFrom, count, get, post, postForm, setType, signUpUser, uniqueEmail } from "../support/http";
import { insertGoal, userByEmail } from "../support/goals";
import { mailedTo } from "../support/mail";
import { insertMeasuredGoal, logEntry } from "../support/progress";

const PASSWORD = "password123";

async function signIn(email: string, password = PASSWORD) {
  return postForm("/signin", { email, password });
}

/** The mails of a kind to an address, newest first, their text as the inbox (/dev/mail) shows it: links are sealed at rest (ADR 103). */
async function mailTo(to: string, kind: string) {
  const rows = await env.DB.prepare('SELECT * FROM mail_outbox WHERE "to" = ? AND kind = ? ORDER BY created_at DESC')
    .bind(to, kind)
    .all<{ text: string; subject: string }>()
    .then((r) => r.results);
  const shown = (await mailedTo(to)).filter((m) => m.kind === kind);
  return rows.map((row, i) => ({ ...row, text: shown[i]?.text ?? row.text }));
}

const linkIn = (text: string) => text.match(/\/profile\/email\/([A-Za-z0-9_-]+)/)?.[1];

describe("change password", () => {
  it("needs the current password, then keeps this session, ends the others and mails the member", async () => {
    const { cookie, email } = await signUpUser();
    const other = cookieFrom(await signIn(email));
    const before = (await userByEmail(email)).password_hash;

    const wrong = await post("/profile/password", { current: "not-my-password", password: "brand-new-pass" }, cookie);
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("That is not your current password");
    expect((await userByEmail(email)).password_hash).toBe(before);

    const short = await post("/profile/password", { current: PASSWORD, password: "short" }, cookie);
    expect(short.status).toBe(400);
    expect(await short.text()).toContain("Use at least 8 characters");

    const ok = await post("/profile/password", { current: PASSWORD, password: "brand-new-pass" }, cookie);
    expect(ok.status).toBe(302);
    expect(ok.headers.get("Location")).toBe("/profile");
    expect(ok.headers.get("Set-Cookie")).toContain("__flash=");

    expect((await get("/profile", cookie)).status).toBe(200); // this device stays signed in
    expect((await get("/profile", other)).headers.get("Location")).toBe("/"); // the other one is out
    expect((await signIn(email)).status).toBe(400);
    expect((await signIn(email, "brand-new-pass")).headers.get("Location")).toBe("/main");
    expect(await mailTo(email, "password-changed")).toHaveLength(1);
  });

  it("stops guessing the current password after 10 tries in 15 minutes", async () => {
    const { cookie } = await signUpUser();
    for (let i = 0; i < 10; i++) {
      expect(
        (await post("/profile/password", { current: `guess-${i}`, password: "brand-new-pass" }, cookie)).status,
      ).toBe(400);
    }
    const blocked = await post("/profile/password", { current: PASSWORD, password: "brand-new-pass" }, cookie);
    expect(blocked.status).toBe(429);
    expect(await blocked.text()).toContain("Too many tries");
  });

  it("is for signed-in members only", async () => {
    const response = await post("/profile/password", { current: PASSWORD, password: "brand-new-pass" });
    expect(response.headers.get("Location")).toBe("/");
  });
});

describe("change e-mail", () => {
  it("moves the account only when the link sent to the new address is used, and tells the old address", async () => {
    const { cookie, email } = await signUpUser();
    const next = uniqueEmail("moved");

    const same = await post("/profile/email", { email, current: PASSWORD }, cookie);
    expect(same.status).toBe(400);
    expect(await same.text()).toContain("That is already your e-mail address");
    const wrong = await post("/profile/email", { email: next, current: "nope-nope" }, cookie);
    expect(wrong.status).toBe(400);
    expect(await mailTo(next, "email-change")).toHaveLength(0);

    const asked = await post("/profile/email", { email: next, current: PASSWORD }, cookie);
    expect(asked.status).toBe(302);
    expect(asked.headers.get("Location")).toBe("/profile");
    expect((await userByEmail(email)).email).toBe(email); // nothing moves yet
    const [mail] = await mailTo(next, "email-change");
    const token = linkIn(mail!.text)!;
    expect(token).toBeTruthy();

    const page = await get(`/profile/email/${token}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(next);
    expect((await userByEmail(email)).email).toBe(email); // opening the link alone changes nothing

    const confirmed = await post(`/profile/email/${token}`, {}, cookie);
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get("Location")).toBe("/profile");
    expect(await userByEmail(email)).toBeNull();
    expect((await userByEmail(next)).first).toBe("Test");
    expect(await mailTo(email, "email-changed")).toHaveLength(1);

    const again = await post(`/profile/email/${token}`, {}, cookie);
    expect(again.status).toBe(410);
    expect((await signIn(next)).headers.get("Location")).toBe("/main");
  });

  it("answers the same for an address that has an account, and mails that address no link", async () => {
    const { cookie } = await signUpUser();
    const { email: taken } = await signUpUser();
    const links = await count("password_resets");
    const asked = await post("/profile/email", { email: taken, current: PASSWORD }, cookie);
    expect(asked.status).toBe(302);
    expect(asked.headers.get("Location")).toBe("/profile");
    const [mail] = await mailTo(taken, "email-change");
    expect(linkIn(mail!.text)).toBeUndefined();
    expect(mail!.text).toContain("already has an account");
    expect(await count("password_resets")).toBe(links);
  });

  it("refuses a link whose address got an account meanwhile, and changes nothing", async () => {
    const { cookie, email } = await signUpUser();
    const next = uniqueEmail("race");
    await post("/profile/email", { email: next, current: PASSWORD }, cookie);
    const token = linkIn((await mailTo(next, "email-change"))[0]!.text)!;
    await signUpUser({ email: next });
    const confirmed = await post(`/profile/email/${token}`, {}, cookie);
    expect(confirmed.status).toBe(409);
    expect(await confirmed.text()).toContain("belongs to another account");
    expect((await userByEmail(email)).email).toBe(email);
  });

  it("shows an expired page for a made-up link", async () => {
    const response = await get(`/profile/email/${"x".repeat(43)}`);
    expect(response.status).toBe(410);
    expect(await response.text()).toContain("expired or was already used");
  });
});

describe("remove picture", () => {
  it("clears the picture and deletes it from R2", async () => {
    const { cookie, email } = await signUpUser();
    const body = new FormData();
    body.append("first", "Pat");
    body.append("last", "Lee");
    body.append("color", "#0f766e");
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    body.append("picture", new File([png], "me.png", { type: "image/png" }));
    await SELF.fetch(BASE + "/profile", {
      method: "POST",
      body,
      headers: { Cookie: cookie, Origin: BASE, Host: "localhost" },
      redirect: "manual",
    });
    const key = (await userByEmail(email)).img as string;
    expect(key).toBeTruthy();
    expect(await get("/profile", cookie).then((r) => r.text())).toContain("Remove profile picture");

    const removed = await post("/profile/picture", {}, cookie);
    expect(removed.status).toBe(302);
    expect(removed.headers.get("Location")).toBe("/profile");
    expect((await userByEmail(email)).img).toBeNull();
    await expect.poll(async () => await env.IMAGES.head(key)).toBeNull();
    expect(await get("/profile", cookie).then((r) => r.text())).not.toContain("Remove profile picture");
  });
});

describe("download my data", () => {
  it("is a JSON file of the member's profile, goals and messages, with no secrets in it", async () => {
    const { cookie, email } = await signUpUser({ first: "Dana" });
    const goal = await insertGoal({ cause: "Read 12 books" });
    expect((await post(`/join/${goal.id}`, {}, cookie)).status).toBe(302);
    const user = await userByEmail(email);
    await env.DB.prepare("INSERT INTO messages (id, goal_id, user_id, body) VALUES (?, ?, ?, ?)")
      .bind(`m-${Date.now()}`, goal.id, user.id, "Chapter 3 done")
      .run();

    const response = await get("/profile/data.json", cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Disposition")).toContain("attachment");
    const text = await response.text();
    const json = JSON.parse(text);
    expect(json.profile).toMatchObject({ first: "Dana", email });
    expect(json.goals.map((g: { cause: string }) => g.cause)).toContain("Read 12 books");
    expect(json.messages[0]).toMatchObject({ body: "Chapter 3 done", cause: "Read 12 books" });
    expect(text).not.toContain("pbkdf2");
    expect(text).not.toContain(user.id);
  });

  it("holds the bell, the e-mail switches, friend requests sent, goals owned and per-unit pledge terms (ADR 218)", async () => {
    const { cookie, email } = await signUpUser({ first: "Dana" });
    const user = await userByEmail(email);
    const owned = await post(
      "/goals/new",
      {
        cause: "My own walk",
        start: new Date().toISOString().slice(0, 10),
        end: new Date().toISOString().slice(0, 10),
        unit: "none",
      },
      cookie,
    );
    expect(owned.status).toBe(302);
    expect((await post("/friends", { intent: "invite", email: uniqueEmail("asked") }, cookie)).status).toBe(302);
    const friend = await signUpUser({ first: "Fay" });
    expect((await post("/friends", { intent: "invite", email: friend.email }, cookie)).status).toBe(302);
    const goal = await insertMeasuredGoal({ cause: "Walk for the hospice" });
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO pledges (id, goal_id, user_id, name, amount, per_unit, max_amount) VALUES (?, ?, ?, 'Dana User', 0, 50, 5000)",
      ).bind(`p-${Date.now()}`, goal.id, user.id),
      env.DB.prepare("INSERT INTO email_preferences (user_id, topic, enabled) VALUES (?, 'cheer', 0)").bind(user.id),
      env.DB.prepare(
        "INSERT INTO notifications (id, user_id, kind, goal_id, event_key) VALUES (?, ?, 'goal-starts', ?, 'test:export')",
      ).bind(`n-${Date.now()}`, user.id, goal.id),
    ]);
    const json = await (await get("/profile/data.json", cookie)).json<any>();
    expect(json.goalsOwned.map((g: { cause: string }) => g.cause)).toEqual(["My own walk"]);
    expect(json.friendRequestsSent).toEqual([expect.objectContaining({ toFirst: "Fay" })]);
    expect(json.emailPreferences).toEqual([{ topic: "cheer", enabled: false }]);
    expect(json.notifications).toEqual([
      expect.objectContaining({ kind: "goal-starts", cause: "Walk for the hospice" }),
    ]);
    expect(json.pledges).toEqual([
      expect.objectContaining({ perUnit: 50, maximum: 5000, cause: "Walk for the hospice" }),
    ]);
  });

  it("lists the member's progress entries: goal, day, amount with its unit and note, left goals too", async () => {
    const { cookie } = await signUpUser({ first: "Runner" });
    const other = await signUpUser({ first: "Someone" });
    const run = await insertMeasuredGoal({ cause: "Run 100 km in November" });
    const read = await insertMeasuredGoal({ cause: "Read every night", unit: "Chapters" });
    for (const goal of [run, read]) expect((await post(`/join/${goal.id}`, {}, cookie)).status).toBe(302);
    expect((await post(`/join/${run.id}`, {}, other.cookie)).status).toBe(302);
    const day = new Date().toISOString().slice(0, 10);
    expect((await logEntry(run.id, cookie, { amount: "7.25", day, note: "Along the canal" })).status).toBe(302);
    expect((await logEntry(read.id, cookie, { amount: "3", day })).status).toBe(302);
    expect((await logEntry(run.id, other.cookie, { amount: "42", day, note: "Not mine" })).status).toBe(302);
    // Entries stay after leaving a goal, so they are in the file too.
    expect((await post(`/active/${read.id}`, { intent: "leave" }, cookie)).status).toBe(302);

    const json = await (await get("/profile/data.json", cookie)).json<{ entries: Record<string, unknown>[] }>();
    const byCause = (cause: string) => json.entries.filter((e) => e.cause === cause);
    expect(json.entries).toHaveLength(2);
    expect(byCause("Run 100 km in November")).toEqual([
      expect.objectContaining({ goalId: run.id, day, amount: 7.25, unit: "km", note: "Along the canal" }),
    ]);
    expect(byCause("Read every night")).toEqual([
      expect.objectContaining({ goalId: read.id, day, amount: 3, unit: "Chapters", note: null }),
    ]);
    expect(JSON.stringify(json)).not.toContain("Not mine");
    expect(JSON.stringify(json)).not.toContain("idempotency");
  });
});

describe("delete account", () => {
  it("needs the member's own e-mail typed, and writes nothing otherwise", async () => {
    const { cookie, email } = await signUpUser();
    const response = await post("/profile/delete", { confirm: "someone@else.com", current: "password123" }, cookie);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Type your e-mail address exactly as shown to confirm");
    expect(await userByEmail(email)).not.toBeNull();
  });

  it("needs the current password too: without it or with a wrong one nothing is deleted, and tries are counted", async () => {
    const { cookie, email } = await signUpUser();
    const missing = await post("/profile/delete", { confirm: email }, cookie);
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain("Must have a value");
    const wrong = await post("/profile/delete", { confirm: email, current: "not-my-password" }, cookie);
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("That is not your current password");
    expect(await userByEmail(email)).not.toBeNull();
    const counted = await env.DB.prepare("SELECT count FROM signin_attempts WHERE key = ?")
      .bind(`account-password:email:${email}`)
      .first("count");
    expect(counted).toBe(1);
    const page = await (await get("/profile/delete", cookie)).text();
    expect(page).toMatch(/autocomplete="current-password"/i);
  });

  it("removes personal data, keeps messages as 'Deleted member' and pledges for the charity's totals", async () => {
    const { cookie, email } = await signUpUser({ first: "Leaving" });
    const { cookie: friend } = await signUpUser({ first: "Staying" });
    const goal = await insertGoal({ cause: "Walk for the hospice" });
    await env.DB.prepare(
      "UPDATE goals SET charity_name = 'Hospice', charity_url = 'https://example.org', currency = 'GBP', target_amount = 100000 WHERE id = ?",
    )
      .bind(goal.id)
      .run();
    await post(`/join/${goal.id}`, {}, cookie);
    await post(`/join/${goal.id}`, {}, friend);
    const user = await userByEmail(email);
    await env.DB.batch([
      env.DB.prepare("INSERT INTO messages (id, goal_id, user_id, body) VALUES (?, ?, ?, 'Day one done!')").bind(
        `m-${Date.now()}`,
        goal.id,
        user.id,
      ),
      env.DB.prepare(
        "INSERT INTO pledges (id, goal_id, user_id, name, message, amount) VALUES (?, ?, ?, 'Leaving Person', 'Go team', 2500)",
      ).bind(`p-${Date.now()}`, goal.id, user.id),
    ]);
    const total = () =>
      env.DB.prepare("SELECT sum(amount) AS s, count(*) AS n FROM pledges WHERE goal_id = ?").bind(goal.id).first();
    const before = await total();

    const response = await post(
      "/profile/delete",
      { confirm: ` ${email.toUpperCase()} `, current: "password123" },
      cookie,
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    expect(await userByEmail(email)).toBeNull();
    expect((await get("/main", cookie)).headers.get("Location")).toBe("/");
    expect(await total()).toEqual(before);
    const pledge = await env.DB.prepare("SELECT * FROM pledges WHERE goal_id = ?").bind(goal.id).first<any>();
    expect(pledge).toMatchObject({ user_id: null, name: "Anonymous", message: null, anonymous: 1 });
    expect(await env.DB.prepare('SELECT count(*) AS n FROM mail_outbox WHERE "to" = ?').bind(email).first("n")).toBe(0);

    const screen = await (await get(`/active/${goal.id}`, friend)).text();
    expect(screen).toContain("Deleted member");
    expect(screen).toContain("Day one done!");
    expect(screen).not.toContain("Leaving");
  });

  it("refuses the last admin, and changes nothing", async () => {
    // Make every other admin a member for this test's world: the only admin is this one.
    const { cookie, email } = await signUpUser();
    const admins = await env.DB.prepare("SELECT id FROM users WHERE type = 'admin'").all<{ id: string }>();
    await env.DB.prepare("UPDATE users SET type = 'user' WHERE type = 'admin'").run();
    await setType(email, "admin");
    try {
      const response = await post("/profile/delete", { confirm: email, current: "password123" }, cookie);
      expect(response.status).toBe(409);
      expect(await response.text()).toContain("You are the last admin");
      expect(await userByEmail(email)).not.toBeNull();
    } finally {
      for (const { id } of admins.results) {
        await env.DB.prepare("UPDATE users SET type = 'admin' WHERE id = ?").bind(id).run();
      }
    }
  });
});
