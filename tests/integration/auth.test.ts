import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { cookieFrom, count, get, post, postForm, signUpUser } from "../support/http";

describe("sign-up", () => {
  it("writes a new user as SPEC says and signs them in to /main", async () => {
    const response = await postForm("/tester", {
      first: " Jane ",
      last: "Doe",
      email: "Jane@Example.com",
      password: "password123",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/main");
    const setCookie = response.headers.get("Set-Cookie")!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);

    const user = await env.DB.prepare("SELECT * FROM users WHERE email = ?").bind("jane@example.com").first<any>();
    expect(user).toMatchObject({
      first: "Jane",
      last: "Doe",
      type: "user",
      status: "new",
      activegoals: 0,
      color: "#6b7280",
    });
    expect(user.password_hash).toMatch(/^pbkdf2-sha256\$100000\$/);
    expect(user.password_hash).not.toContain("password123");

    const main = await get("/main", cookieFrom(response));
    expect(main.status).toBe(200);
    expect(await main.text()).toContain("Jane");
  });

  it("answers empty fields with 'Must have a value' on each, a 400, and writes nothing", async () => {
    const before = await count("users");
    const response = await postForm("/tester", { first: "", last: "  ", email: "", password: "" });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html.match(/Must have a value/g)?.length).toBeGreaterThanOrEqual(4);
    expect(await count("users")).toBe(before);
  });

  it("says so on the email field when the address is already used", async () => {
    const { email } = await signUpUser();
    const before = await count("users");
    const response = await postForm("/tester", {
      first: "A",
      last: "B",
      email: email.toUpperCase(),
      password: "password123",
    });
    expect(response.status).toBe(409);
    expect(await response.text()).toContain("An account with this email already exists");
    expect(await count("users")).toBe(before);
  });

  it("refuses 10 KB values and odd types with field errors, never a 500", async () => {
    const before = await count("users");
    const huge = "x".repeat(10_000);
    const response = await postForm("/tester", {
      first: huge,
      last: "\u0000",
      email: "not-an-email",
      password: "short",
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("First name must be at most 50 characters");
    expect(html).toContain("Enter a valid email address");
    expect(await count("users")).toBe(before);
  });
});

describe("sign-in and sign-out", () => {
  it("signs in with a fresh session id each time, and sign-out ends it on the server", async () => {
    const { email, cookie: fromSignup } = await signUpUser();
    const response = await postForm("/signin", { email, password: "password123" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/main");
    const session = cookieFrom(response);
    expect(session).not.toBe(fromSignup);
    expect((await get("/main", session)).status).toBe(200);

    const out = await post("/signout", {}, session);
    expect(out.status).toBe(302);
    expect(out.headers.get("Location")).toBe("/signin");
    // Replaying the cookie after sign-out does not work: the session ended on the server.
    expect((await get("/main", session)).headers.get("Location")).toBe("/");
    // Other sessions of the same user are untouched.
    expect((await get("/main", fromSignup)).status).toBe(200);
  });

  it("shows SPEC's messages on the right fields", async () => {
    const { email } = await signUpUser();
    const wrong = await postForm("/signin", { email, password: "nope-nope" });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("Wrong Password");
    const unknown = await postForm("/signin", { email: "nobody@example.com", password: "whatever1" });
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain("Email Address Not Found");
    const empty = await postForm("/signin", { email: "", password: "" });
    expect(empty.status).toBe(400);
    expect((await empty.text()).match(/Must have a value/g)?.length).toBeGreaterThanOrEqual(2);
  });
});

describe("guards", () => {
  it("sends a logged-out visitor on a logged-in route to /", async () => {
    for (const path of ["/main"]) {
      const response = await get(path);
      expect(response.status, path).toBe(302);
      expect(response.headers.get("Location"), path).toBe("/");
    }
  });

  it("sends a logged-in user on / or /signin to /main", async () => {
    const { cookie } = await signUpUser();
    for (const path of ["/", "/signin"]) {
      const response = await get(path, cookie);
      expect(response.status, path).toBe(302);
      expect(response.headers.get("Location"), path).toBe("/main");
    }
    expect((await get("/marketing", cookie)).status).toBe(200);
  });

  it("answers unknown routes and /404 with the page-not-found screen", async () => {
    for (const path of ["/no-such-page", "/404"]) {
      const response = await get(path);
      expect(response.status).toBe(404);
      const html = await response.text();
      expect(html).toContain("Page not found");
      expect(html).toContain("Back to the main page or contact support.");
    }
  });
});

describe("hardening", () => {
  it("treats a mangled session cookie as signed out, never a 500", async () => {
    for (const cookie of ["__session=%%%not-base64%%%.sig", "__session=e30.!!!", "__session=" + "A".repeat(5000)]) {
      const page = await get("/main", cookie);
      expect(page.status, cookie.slice(0, 40)).toBe(302);
      expect(page.headers.get("Location")).toBe("/");
      expect((await get("/signin", cookie)).status).toBe(200);
    }
  });

  it("keeps a suspended account signed out even with the right password", async () => {
    const { email } = await signUpUser();
    await env.DB.prepare("UPDATE users SET status = 'suspended' WHERE email = ?").bind(email).run();
    const response = await postForm("/signin", { email, password: "password123" });
    expect(response.status).toBe(403);
    expect(response.headers.get("Set-Cookie") ?? "").not.toContain("__session=ey");
    expect(await response.text()).toContain("This account is suspended");
  });
});
