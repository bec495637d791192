import { env, SELF } from "cloudflare:test";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FORM_EXPIRED, HONEYPOT_MAX_AGE_MS } from "#app/lib/honeypot-time";
import { checkHoneypot, signRenderTime } from "#app/platform/http/honeypot.server";
import { BASE, count, form, uniqueEmail } from "../support/http";

/** A render time signed the way the page signs it, with the app's seed. */
const renderedAt = (time: number) => signRenderTime(env, time);

const signUp = (fromConfirm: string) =>
  SELF.fetch(BASE + "/tester", {
    ...form({
      name__confirm: "",
      from__confirm: fromConfirm,
      first: "Hon",
      last: "Eypot",
      email: uniqueEmail("honeypot"),
      password: "password123",
    }),
    redirect: "manual",
  });

describe("honeypot render times", () => {
  it("refuses a captured form body replayed after the maximum age, with a message saying to reload", async () => {
    const users = await count("users");
    const response = await signUp(await renderedAt(Date.now() - HONEYPOT_MAX_AGE_MS - 60_000));
    expect(response.status).toBe(400);
    // On the page, in words (the root error boundary), not only in the response's data.
    expect(await response.text()).toContain(`<p>${FORM_EXPIRED}</p>`);
    expect(await count("users")).toBe(users);
  });

  it("accepts a form rendered a while ago but within the maximum age", async () => {
    const response = await signUp(await renderedAt(Date.now() - HONEYPOT_MAX_AGE_MS / 2));
    expect(response.status).toBe(302);
  });

  it("refuses a render time signed with another key, or whose signature or time was altered", async () => {
    const users = await count("users");
    const genuine = await renderedAt(Date.now());
    const [time, signature] = genuine.split(".");
    const otherKey = await signRenderTime(
      { ...env, HONEYPOT_SEED: "another-honeypot-seed-of-32-characters" },
      Date.now(),
    );
    const flipped = signature[0] === "A" ? "B" + signature.slice(1) : "A" + signature.slice(1);
    const earlier = `${Number(time) - 1000}.${signature}`;
    for (const forged of [otherKey, `${time}.${flipped}`, earlier, time, `${time}.`, `${genuine}x`, "x".repeat(5000)]) {
      const response = await signUp(forged);
      expect(response.status, forged.slice(0, 80)).toBe(400);
      expect(await response.text()).toContain("Form not submitted properly");
    }
    expect(await count("users")).toBe(users);
    // The genuine value still works: the refusals above were the changes, not the test's form.
    expect((await signUp(genuine)).status).toBe(302);
  });

  it("refuses render times no page renders, even correctly signed (7, 1e+21, a 9-digit time, the future)", async () => {
    const users = await count("users");
    for (const forged of [7, 1e21, 123_456_789, Date.now() + 10 * 60_000]) {
      const response = await signUp(await renderedAt(forged));
      expect(response.status, String(forged)).toBe(400);
      // Refused as a bad form (the error data Remix renders into the page), not as an old one.
      const html = await response.text();
      expect(html, String(forged)).toContain("Form not submitted properly");
      expect(html, String(forged)).not.toContain(FORM_EXPIRED);
    }
    expect(await count("users")).toBe(users);
  });
});

describe("honeypot refusals in the log (ADR 107)", () => {
  afterEach(() => vi.restoreAllMocks());

  it("a refusal is one info line with the reason and the request id: no warning, no error, no stack", async () => {
    const info = vi.spyOn(console, "log").mockImplementation(() => {});
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const context = { cloudflare: { env }, requestId: "req-honeypot" } as unknown as AppLoadContext;
    const trapFilled = new FormData();
    trapFilled.set("name__confirm", "I am a bot");
    trapFilled.set("from__confirm", await renderedAt(Date.now()));
    for (const body of [new FormData(), trapFilled]) {
      let thrown: unknown;
      try {
        await checkHoneypot(context, body);
      } catch (caught) {
        thrown = caught;
      }
      expect(thrown).toBeInstanceOf(Response);
      expect((thrown as Response).status).toBe(400);
    }
    expect(warn).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
    expect(info).toHaveBeenCalledTimes(2);
    for (const [line] of info.mock.calls) {
      expect(String(line)).not.toContain("\n");
      expect(JSON.parse(String(line))).toMatchObject({
        level: "info",
        message: "honeypot refused",
        requestId: "req-honeypot",
      });
    }
  });
});
