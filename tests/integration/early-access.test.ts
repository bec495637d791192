import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FIRST_RETRY_DELAY_S } from "#app/lib/backoff";
import { forwardLater } from "#app/features/mail/crm.server";
import { OUTBOUND_DEAD_LETTER_QUEUE, OUTBOUND_QUEUE } from "#app/features/mail/outbound-queue.server";
import { deliverMessage } from "../support/queue";
import { count, flashCookieFrom, get, postForm, uniqueEmail } from "../support/http";
import { signedInUser } from "../support/factories";

const setMode = (mode: "closed" | "request" | "open") =>
  env.DB.prepare("UPDATE settings SET early_access = ? WHERE id = 1").bind(mode).run();

const request = (overrides: Record<string, string> = {}) => ({
  name_first: "Zoë",
  name_last: "Okafor",
  location_city: "Leeds",
  location_state: "West Yorkshire",
  email: uniqueEmail("early"),
  ...overrides,
});

afterEach(() => setMode("open"));

describe("/signup by the early-access setting", () => {
  it("closed: 'Currently Closed' with a link to the marketing page, and refuses posts", async () => {
    await setMode("closed");
    const html = await (await get("/signup")).text();
    expect(html).toContain("<title>Early Access Closed</title>");
    expect(html).toContain("Currently Closed");
    expect(html).toContain("Sorry, early access is currently closed.");
    expect(html).toContain('href="/marketing"');
    expect(html).not.toContain("<form");
    const users = await count("users");
    expect(
      (await postForm("/signup", { first: "A", last: "B", email: uniqueEmail(), password: "password123" })).status,
    ).toBe(403);
    expect(await count("users")).toBe(users);
  });

  it("request: stores the five fields and thanks the visitor", async () => {
    await setMode("request");
    const html = await (await get("/signup")).text();
    expect(html).toContain("<title>Request Early Access</title>");
    expect(html).toContain("Sign up below to be notified when early access opens.");
    for (const name of ["name_first", "name_last", "location_city", "location_state", "email"])
      expect(html).toContain(`name="${name}"`);

    const values = request();
    const response = await postForm("/signup", values);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/signup");
    const row = await env.DB.prepare("SELECT * FROM early_access_requests WHERE email = ?")
      .bind(values.email)
      .first<any>();
    expect(row).toMatchObject({
      name_first: "Zoë",
      name_last: "Okafor",
      location_city: "Leeds",
      location_state: "West Yorkshire",
      forwarded_at: null,
    });
    expect(await (await get("/signup", flashCookieFrom(response))).text()).toContain("Your request is in");
  });

  it("request: the spec's check answers on the fields and stores nothing", async () => {
    await setMode("request");
    const before = await count("early_access_requests");
    const response = await postForm("/signup", request({ name_first: "   ", email: "no spaces@allowed" }));
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toMatch(/id="early-access-name_first-error"[^>]*>Must have a value</);
    expect(html).toMatch(/id="early-access-email-error"[^>]*>Enter a valid email address</);
    expect(await count("early_access_requests")).toBe(before);
  });

  it("request: the same address asking twice updates its request instead of queueing twice", async () => {
    await setMode("request");
    const first = request();
    expect((await postForm("/signup", first)).status).toBe(302);
    const again = await postForm("/signup", { ...first, email: first.email.toUpperCase(), location_city: "York" });
    expect(again.status).toBe(302);
    expect(again.headers.get("Location")).toBe("/signup");
    const { results } = await env.DB.prepare("SELECT * FROM early_access_requests WHERE email = ?")
      .bind(first.email)
      .all<any>();
    expect(results).toHaveLength(1);
    expect(results[0].location_city).toBe("York");
    const page = await (await get("/signup", flashCookieFrom(again))).text();
    expect(page).toContain("Your request was already in: we updated your details and kept your place.");
  });

  it("request: someone who already has an account is sent to sign in, and nothing is queued", async () => {
    await setMode("request");
    const member = await signedInUser();
    const response = await postForm("/signup", request({ email: member.email }));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/signin");
    const row = await env.DB.prepare("SELECT count(*) AS n FROM early_access_requests WHERE email = ?")
      .bind(member.email)
      .first<{ n: number }>();
    expect(row!.n).toBe(0);
    const page = await (await get("/signin", flashCookieFrom(response))).text();
    expect(page).toContain("You already have an account with that address: sign in below.");
  });

  it("request: throttles one address asking again and again", async () => {
    await setMode("request");
    const email = uniqueEmail("keen");
    for (let i = 0; i < 3; i++) expect((await postForm("/signup", request({ email }))).status).toBe(302);
    const throttled = await postForm("/signup", request({ email }));
    expect(throttled.status).toBe(429);
    expect(await throttled.text()).toContain("Too Many Requests Try Again Later");
  });

  it("open: 'Get Started', the sign-up form and a sign-in link", async () => {
    await setMode("open");
    const html = await (await get("/signup")).text();
    expect(html).toContain("<title>Sign Up</title>");
    expect(html).toContain("Get Started");
    expect(html).toMatch(/Already have an account\?.*Sign In/s);
    const response = await postForm("/signup", {
      first: "Ana",
      last: "Lima",
      email: uniqueEmail(),
      password: "password123",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/main");
  });

  it("/tester is the sign-up form whatever the setting", async () => {
    for (const mode of ["closed", "request"] as const) {
      await setMode(mode);
      const html = await (await get("/tester")).text();
      expect(html).toContain("Get Started");
      expect(html).toContain('name="password"');
      expect(
        (await postForm("/tester", { first: "T", last: "M", email: uniqueEmail(), password: "password123" })).status,
      ).toBe(302);
    }
  });
});

describe("invitations while access is by request", () => {
  async function invite(email: string) {
    const token = `invite${crypto.randomUUID().replace(/-/g, "")}`;
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token));
    const hash = Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
    await env.DB.prepare(
      "INSERT INTO password_resets (token_hash, email, purpose, expires_at) VALUES (?, ?, 'invite', ?)",
    )
      .bind(hash, email, Date.now() + 86_400_000)
      .run();
    return `/signup?invite=${token}`;
  }

  it("an invitation link opens the sign-up form once; a made-up one does not", async () => {
    await setMode("request");
    const email = uniqueEmail("invited");
    const path = await invite(email);
    const html = await (await get(path)).text();
    expect(html).toContain("You are invited!");
    expect(html).toContain(`value="${email}"`);
    const created = await postForm(path, { first: "Ivy", last: "Invited", email, password: "password123" });
    expect(created.status).toBe(302);
    expect(created.headers.get("Location")).toBe("/main");

    const again = await get(path);
    expect(await again.text()).toContain("Sign up below to be notified when early access opens.");
    const users = await count("users");
    expect(
      (await postForm(path, { first: "Eve", last: "Again", email: uniqueEmail(), password: "password123" })).status,
    ).toBe(403);
    expect(
      (
        await postForm("/signup?invite=made-up-token-made-up-token", {
          first: "M",
          last: "U",
          email: uniqueEmail(),
          password: "password123",
        })
      ).status,
    ).toBe(403);
    expect(await count("users")).toBe(users);
  });
});

describe("forwarding to the CRM through the outbound queue (ADR 125)", () => {
  const CRM = "https://crm.example/forms/early-access";
  const withCrm = { ...env, CRM_FORM_URL: CRM } as Env;

  async function pendingRow() {
    const email = uniqueEmail("crm");
    const id = crypto.randomUUID();
    await env.DB.prepare(
      "INSERT INTO early_access_requests (id, name_first, name_last, location_city, location_state, email, created_at) VALUES (?, 'Ann', 'Lee', 'Bath', 'Somerset', ?, 0)",
    )
      .bind(id, email)
      .run();
    return { email, id };
  }
  const row = (email: string) =>
    env.DB.prepare("SELECT * FROM early_access_requests WHERE email = ?").bind(email).first<any>();
  /** The CRM: answers from `script` in turn (a status, or "offline" for a network error). */
  function crm(script: (number | "offline")[]) {
    const sent: URLSearchParams[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      expect(String(input)).toBe(CRM);
      expect(init?.signal).toBeInstanceOf(AbortSignal);
      const step = script[Math.min(sent.length, script.length - 1)]!;
      sent.push(new URLSearchParams(String(init?.body)));
      if (step === "offline") throw new TypeError("network down");
      return new Response("", { status: step });
    });
    return sent;
  }
  afterEach(() => vi.restoreAllMocks());

  it("a stored request goes on the queue by id, only when a CRM is configured", async () => {
    const sendBatch = vi.fn(async () => {});
    const later = async (crmUrl: string | undefined, id: string) => {
      const ctx = createExecutionContext();
      forwardLater({ ...env, CRM_FORM_URL: crmUrl, OUTBOUND: { sendBatch } } as unknown as Env, ctx, id);
      await waitOnExecutionContext(ctx);
    };
    await later(undefined, "r1");
    expect(sendBatch).not.toHaveBeenCalled();
    await later(CRM, "r2");
    expect(sendBatch).toHaveBeenCalledExactlyOnceWith([{ body: { type: "crm", id: "r2" } }]);
  });

  it("POSTs the five fields and marks the request forwarded", async () => {
    const { email, id } = await pendingRow();
    const sent = crm([200]);
    expect(await deliverMessage(OUTBOUND_QUEUE, { type: "crm", id }, 1, withCrm)).toMatchObject({ acked: true });
    expect(Object.fromEntries(sent[0]!)).toEqual({
      name_first: "Ann",
      name_last: "Lee",
      location_city: "Bath",
      location_state: "Somerset",
      email,
    });
    expect((await row(email)).forwarded_at).not.toBeNull();
    // Delivered again (a queue may): not forwarded twice.
    expect(await deliverMessage(OUTBOUND_QUEUE, { type: "crm", id }, 2, withCrm)).toMatchObject({ acked: true });
    expect(sent).toHaveLength(1);
  });

  it("keeps a failed forward and retries it later, with a growing delay", async () => {
    const { email, id } = await pendingRow();
    const sent = crm([503, "offline", 200]);
    const message = { type: "crm", id } as const;
    expect(await deliverMessage(OUTBOUND_QUEUE, message, 1, withCrm)).toMatchObject({
      retried: true,
      delaySeconds: FIRST_RETRY_DELAY_S,
    });
    expect(await deliverMessage(OUTBOUND_QUEUE, message, 2, withCrm)).toMatchObject({
      retried: true,
      delaySeconds: 2 * FIRST_RETRY_DELAY_S,
    });
    expect(await row(email)).toMatchObject({ forwarded_at: null, forward_attempts: 2, last_error: "network down" });
    expect(await deliverMessage(OUTBOUND_QUEUE, message, 3, withCrm)).toMatchObject({ acked: true });
    expect(await row(email)).toMatchObject({ forward_attempts: 3, last_error: null });
    expect((await row(email)).forwarded_at).not.toBeNull();
    expect(sent).toHaveLength(3);
  });

  it("after the retry budget the request stays stored, pending, saying it was given up on", async () => {
    const { email, id } = await pendingRow();
    crm([503]);
    expect(await deliverMessage(OUTBOUND_QUEUE, { type: "crm", id }, 1, withCrm)).toMatchObject({ retried: true });
    expect(await deliverMessage(OUTBOUND_DEAD_LETTER_QUEUE, { type: "crm", id }, 1, withCrm)).toMatchObject({
      acked: true,
    });
    expect(await row(email)).toMatchObject({
      forwarded_at: null,
      last_error: "gave up after the retry budget: CRM answered 503",
    });
  });
});
