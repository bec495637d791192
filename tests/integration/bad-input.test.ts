/**
 * Bad input on every visitor form: empty, whitespace, 10 KB strings, wrong types and odd unicode all
 * give field errors and a 4xx (never a 500), and nothing is stored.
 */
import { env, SELF } from "cloudflare:test";
import { afterAll, describe, expect, it } from "vitest";
import { BASE, count, honeypotFields, postForm, signUpUser } from "../support/http";
import { signedInUser } from "../support/factories";
import { latestLinkPath } from "../support/mail";

type Mode = "closed" | "request" | "open";
const setMode = (mode: Mode) => env.DB.prepare("UPDATE settings SET early_access = ? WHERE id = 1").bind(mode).run();
afterAll(() => setMode("open"));

const TABLES = ["users", "sessions", "early_access_requests", "password_resets", "mail_outbox"];
const snapshot = async () =>
  Object.fromEntries(await Promise.all(TABLES.map(async (t) => [t, await count(t)] as const)));

async function resetLinkPath() {
  const { email } = await signedInUser();
  await postForm("/passwordreset", { email });
  return latestLinkPath(email, "reset");
}

const FORMS: { name: string; path: () => Promise<string>; mode?: Mode; fields: string[] }[] = [
  { name: "sign-up (/tester)", path: async () => "/tester", fields: ["first", "last", "email", "password"] },
  {
    name: "sign-up (/signup, open)",
    path: async () => "/signup",
    mode: "open",
    fields: ["first", "last", "email", "password"],
  },
  {
    name: "early access (/signup, request)",
    path: async () => "/signup",
    mode: "request",
    fields: ["name_first", "name_last", "location_city", "location_state", "email"],
  },
  { name: "sign-in", path: async () => "/signin", fields: ["email", "password"] },
  { name: "password reset", path: async () => "/passwordreset", fields: ["email"] },
  { name: "new password (reset link)", path: resetLinkPath, fields: ["password"] },
];

const fill = (fields: string[], value: string) => Object.fromEntries(fields.map((f) => [f, value]));

const CASES: { name: string; values: (fields: string[]) => Record<string, string>; expect: RegExp }[] = [
  { name: "empty", values: (f) => fill(f, ""), expect: /Must have a value/ },
  {
    name: "whitespace",
    values: (f) => fill(f, " \t  "),
    expect: /Must have a value|Use at least 8 characters|Enter a valid email address/,
  },
  { name: "10 KB strings", values: (f) => fill(f, "x".repeat(10_240)), expect: /must be at most \d+ characters/ },
  {
    name: "control characters and lookalike unicode",
    values: (f) => ({ ...fill(f, "\u0000\u202e"), email: "ｊｏ\u200b@exam ple" }),
    expect: /Remove the unusual characters|Enter a valid email address|Use at least 8 characters/,
  },
];

describe.each(FORMS)("$name", (form) => {
  it.each(CASES)("refuses $name input with field errors and a 4xx, storing nothing", async (kase) => {
    if (form.mode) await setMode(form.mode);
    const path = await form.path();
    const before = await snapshot();
    const response = await postForm(path, kase.values(form.fields));
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    const html = await response.text();
    expect(html).toMatch(kase.expect);
    expect(html).toMatch(/class="field__error"/);
    expect(await snapshot()).toEqual(before);
  });

  it("refuses wrong types (repeated fields, a file, a JSON body, no body) with a 4xx, storing nothing", async () => {
    if (form.mode) await setMode(form.mode);
    const path = await form.path();
    const before = await snapshot();
    const honeypot = await honeypotFields();

    const repeated = new URLSearchParams(honeypot);
    for (const f of form.fields) (repeated.append(f, "a@b.co"), repeated.append(f, "c@d.co"));
    const multipart = new FormData();
    for (const [k, v] of Object.entries(honeypot)) multipart.append(k, v);
    for (const f of form.fields) multipart.append(f, new File(["<svg/>"], "x.svg", { type: "image/svg+xml" }));

    const bodies: [string, BodyInit | null, Record<string, string>][] = [
      ["repeated fields", repeated, { "Content-Type": "application/x-www-form-urlencoded" }],
      ["files", multipart, {}],
      ["JSON", JSON.stringify(fill(form.fields, "a@b.co")), { "Content-Type": "application/json" }],
      ["no body", null, { "Content-Type": "application/x-www-form-urlencoded" }],
    ];
    for (const [label, body, headers] of bodies) {
      const response = await SELF.fetch(BASE + path, { method: "POST", body, headers, redirect: "manual" });
      expect(response.status, label).toBeGreaterThanOrEqual(400);
      expect(response.status, label).toBeLessThan(500);
      await response.text();
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe("honeypot", () => {
  it("turns away public forms posted without the page's hidden fields, or with the trap filled", async () => {
    const before = await snapshot();
    const values = { first: "Bot", last: "Bot", email: "bot@example.com", password: "password123" };
    const missing = await SELF.fetch(BASE + "/tester", {
      method: "POST",
      body: new URLSearchParams(values),
      redirect: "manual",
    });
    expect(missing.status).toBe(400);
    const filled = await postForm("/tester", { ...values, name__confirm: "I am a bot" });
    expect(filled.status).toBe(400);
    // A forged render time (no signature, a malformed one, an invented one) is a bad form, never a 500.
    const statuses = new Set<number>();
    for (const forged of ["not-encrypted", "1700000000000", "1700000000000.", `1700000000000.${"A".repeat(43)}`, "."])
      statuses.add((await postForm("/tester", { ...values, from__confirm: forged })).status);
    expect([...statuses]).toEqual([400]);
    expect(await snapshot()).toEqual(before);
  });

  it("accepts real unicode names and keeps them intact", async () => {
    const { email } = await signUpUser({ first: "Zoë 山田", last: "Ñúñez-O'Brien 🙂" });
    const user = await env.DB.prepare("SELECT first, last FROM users WHERE email = ?").bind(email).first();
    expect(user).toEqual({ first: "Zoë 山田", last: "Ñúñez-O'Brien 🙂" });
  });
});
