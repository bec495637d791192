/**
 * Headers on every kind of response, the same-origin rule for mutations, and the session cookie's
 * life (ASVS V3, V4 and V14; docs/security.md).
 */
import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { BASE, cookieFrom, count, get, honeypotFields, post, postForm } from "../support/http";
import { signedInUser } from "../support/factories";

function expectSecurityHeaders(response: Response, label: string) {
  const h = response.headers;
  expect(h.get("Content-Security-Policy"), label).toContain("frame-ancestors 'none'");
  expect(h.get("X-Content-Type-Options"), label).toBe("nosniff");
  expect(h.get("Referrer-Policy"), label).toBe("strict-origin-when-cross-origin");
  expect(h.get("Permissions-Policy"), label).toContain("camera=()");
  expect(h.get("X-Frame-Options"), label).toBe("DENY");
  // Tests run as development: no HSTS (tests/unit/headers.test.ts covers production).
  expect(h.get("Strict-Transport-Security"), label).toBeNull();
}

const newAccount = () => ({
  first: "Eve",
  last: "Cross",
  email: `eve${crypto.randomUUID()}@example.com`,
  password: "password123",
});

describe("security headers", () => {
  it("are on documents, with a fresh script nonce each time", async () => {
    const a = await get("/signin");
    const b = await get("/signin");
    expectSecurityHeaders(a, "document");
    const nonce = (r: Response) => r.headers.get("Content-Security-Policy")!.match(/'nonce-([^']+)'/)?.[1];
    expect(nonce(a)).toBeTruthy();
    expect(nonce(a)).not.toBe(nonce(b));
    const html = await a.text();
    expect(html).toContain(`nonce="${nonce(a)}"`);
    await b.text();
  });

  it("are on redirects, not-found pages, data requests, failed form posts and refusals", async () => {
    const { cookie } = await signedInUser();
    const cases: [string, Promise<Response>][] = [
      ["redirect", get("/main")],
      ["signed-in redirect", get("/signin", cookie)],
      ["404 page", get("/no-such-page")],
      ["data request", get("/main.data", cookie)],
      ["400 form reply", post("/signin", { email: "", password: "" })],
      ["sign-out redirect", post("/signout", {}, (await signedInUser()).cookie)],
      [
        "403 cross-site refusal",
        SELF.fetch(BASE + "/signin", { method: "POST", headers: { Origin: "https://evil.example" } }),
      ],
      ["405 method", SELF.fetch(BASE + "/main", { method: "PUT", headers: { Cookie: cookie }, redirect: "manual" })],
    ];
    for (const [label, pending] of cases) {
      const response = await pending;
      expectSecurityHeaders(response, label);
      expect(response.status, label).toBeLessThan(500);
      await response.arrayBuffer();
    }
  });

  it("give non-document responses a policy under which nothing runs", async () => {
    const redirect = await get("/main");
    expect(redirect.headers.get("Content-Security-Policy")).toMatch(/^default-src 'none'/);
  });
});

describe("same-origin rule for mutations", () => {
  it("refuses cross-site form posts with a clean 403 and writes nothing", async () => {
    const before = { users: await count("users"), sessions: await count("sessions") };
    const attempts: Record<string, string>[] = [
      { Origin: "https://evil.example" },
      { Origin: "null" },
      { Origin: "not a url" },
      { Origin: "http://localhost.evil.example" },
      { Origin: "https://localhost" },
      { "Sec-Fetch-Site": "cross-site" },
      { "Sec-Fetch-Site": "same-site" },
      { Origin: BASE, "X-Forwarded-Host": "evil.example" },
    ];
    for (const headers of attempts) {
      for (const path of ["/tester", "/signin", "/signout", "/main"]) {
        const response = await SELF.fetch(BASE + path, {
          method: "POST",
          body: new URLSearchParams(newAccount()),
          headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
          redirect: "manual",
        });
        const label = `${path} ${JSON.stringify(headers)}`;
        expect(response.status, label).toBe(403);
        expect(await response.text(), label).toContain("must be sent from Goals with Friends");
      }
    }
    expect({ users: await count("users"), sessions: await count("sessions") }).toEqual(before);
  });

  it("refuses a cross-site sign-out, so a foreign page cannot end someone's session", async () => {
    const { cookie } = await signedInUser();
    const response = await SELF.fetch(BASE + "/signout", {
      method: "POST",
      headers: { Cookie: cookie, Origin: "https://evil.example" },
      redirect: "manual",
    });
    expect(response.status).toBe(403);
    expect((await get("/main", cookie)).status).toBe(200);
  });

  it("accepts same-origin posts, and posts without Origin from non-browser clients", async () => {
    expect((await postForm("/tester", newAccount())).status).toBe(302);
    const sameOrigin = await SELF.fetch(BASE + "/tester", {
      method: "POST",
      body: new URLSearchParams({ ...(await honeypotFields()), ...newAccount() }),
      headers: { "Content-Type": "application/x-www-form-urlencoded", "Sec-Fetch-Site": "same-origin" },
      redirect: "manual",
    });
    expect(sameOrigin.status).toBe(302);
  });
});

describe("session cookie", () => {
  it("is HttpOnly and SameSite=Lax, and carries only an opaque signed id", async () => {
    const response = await postForm("/tester", newAccount());
    const setCookie = response.headers.get("Set-Cookie")!;
    expect(setCookie).toMatch(/^__session=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Path=\//i);
    // The value is base64 JSON of { sessionId } plus a signature: no user id, e-mail or role in it.
    const value = decodeURIComponent(cookieFrom(response).slice("__session=".length));
    const payload = atob(value.split(".")[0]!);
    expect(Object.keys(JSON.parse(decodeURIComponent(escape(payload))))).toEqual(["sessionId"]);
  });

  it("rotates at sign-in: a fresh id every time, and the session the browser carried is deleted", async () => {
    const { email, cookie: planted } = await signedInUser();
    // The carried session has lapsed (a signed-in browser is sent to /main instead of signing in again).
    await env.DB.prepare("UPDATE sessions SET expires_at = 0 WHERE user_id = (SELECT id FROM users WHERE email = ?)")
      .bind(email)
      .run();
    const response = await postForm("/signin", { email, password: "password123" }, { cookie: planted });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/main");
    const fresh = cookieFrom(response);
    expect(fresh).toMatch(/^__session=/);
    expect(fresh).not.toBe(planted);
    const rows = await env.DB.prepare(
      "SELECT expires_at FROM sessions WHERE user_id = (SELECT id FROM users WHERE email = ?)",
    )
      .bind(email)
      .all();
    expect(rows.results).toHaveLength(1);
    expect((await get("/main", planted)).headers.get("Location")).toBe("/");
    expect((await get("/main", fresh)).status).toBe(200);
  });

  it("a tampered or forged cookie signs no one in", async () => {
    const { cookie } = await signedInUser();
    const [name, value] = cookie.split("=");
    const forged = `${name}=${value!.slice(0, -3)}abc`;
    expect((await get("/main", forged)).headers.get("Location")).toBe("/");
    const session = await env.DB.prepare("SELECT id FROM sessions LIMIT 1").first<{ id: string }>();
    const unsigned = `__session=${btoa(JSON.stringify({ sessionId: session!.id }))}`;
    expect((await get("/main", unsigned)).headers.get("Location")).toBe("/");
  });

  it("ends at sign-out on the server: replaying the cookie afterwards fails", async () => {
    const { cookie } = await signedInUser();
    const out = await post("/signout", {}, cookie);
    expect(out.headers.get("Set-Cookie")).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
    expect((await get("/main", cookie)).headers.get("Location")).toBe("/");
  });

  it("an expired session row signs no one in", async () => {
    const { cookie, email } = await signedInUser();
    await env.DB.prepare("UPDATE sessions SET expires_at = 0 WHERE user_id = (SELECT id FROM users WHERE email = ?)")
      .bind(email)
      .run();
    expect((await get("/main", cookie)).headers.get("Location")).toBe("/");
  });
});

describe("form bodies", () => {
  const send = (path: string, body: BodyInit | null, headers: Record<string, string>) =>
    SELF.fetch(BASE + path, { method: "POST", body, headers, redirect: "manual" });

  it("refuses bodies no form sends (415), oversized ones (413) and broken uploads (400), writing nothing", async () => {
    const { cookie } = await signedInUser();
    const before = {
      users: await count("users"),
      sessions: await count("sessions"),
      userGoals: await count("user_goals"),
    };
    const boundary = "----gwf";
    const truncated = `--${boundary}\r\nContent-Disposition: form-data; name="first"\r\n\r\nEve\r\n--${boundary}\r\nContent-Disposition: form-da`;
    const cases: [string, string, BodyInit | null, Record<string, string>, number][] = [
      ["JSON", "/tester", JSON.stringify(newAccount()), { "Content-Type": "application/json" }, 415],
      ["text/plain", "/tester", "first=Eve", { "Content-Type": "text/plain" }, 415],
      ["no content type", "/active/goal-running", "intent=complete", { Cookie: cookie }, 415],
      ["multipart without boundary", "/tester", "x", { "Content-Type": "multipart/form-data" }, 415],
      [
        "truncated multipart",
        "/tester",
        truncated,
        { "Content-Type": `multipart/form-data; boundary=${boundary}` },
        400,
      ],
      [
        "truncated multipart, signed in",
        "/active/goal-running",
        truncated,
        { "Content-Type": `multipart/form-data; boundary=${boundary}`, Cookie: cookie },
        400,
      ],
      ["wrong boundary", "/signin", truncated, { "Content-Type": "multipart/form-data; boundary=other" }, 400],
      [
        "2 MB urlencoded",
        "/tester",
        `first=${"x".repeat(2 * 1024 * 1024)}`,
        { "Content-Type": "application/x-www-form-urlencoded" },
        413,
      ],
    ];
    for (const [label, path, body, headers, status] of cases) {
      const response = await send(path, body, headers);
      expect(response.status, label).toBe(status);
      expectSecurityHeaders(response, label);
      await response.arrayBuffer();
    }
    expect({
      users: await count("users"),
      sessions: await count("sessions"),
      userGoals: await count("user_goals"),
    }).toEqual(before);
  });
});
