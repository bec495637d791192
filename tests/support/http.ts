/** Helpers for integration tests that drive the whole worker through SELF.fetch. */
import { env, SELF } from "cloudflare:test";

export const BASE = "http://localhost";

export function form(values: Record<string, string> | URLSearchParams) {
  const body = new URLSearchParams(values);
  return {
    method: "POST",
    body,
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: BASE, Host: "localhost" },
  };
}

export async function post(path: string, values: Record<string, string> | URLSearchParams, cookie?: string) {
  const init = form(values);
  if (cookie) (init.headers as Record<string, string>).Cookie = cookie;
  return SELF.fetch(BASE + path, { ...init, redirect: "manual" });
}

export async function get(path: string, cookie?: string) {
  return SELF.fetch(BASE + path, { redirect: "manual", headers: cookie ? { Cookie: cookie } : {} });
}

/** The session cookie a response set, ready to send back. */
export function cookieFrom(response: Response): string {
  const header = response.headers.get("Set-Cookie") ?? "";
  return header.split(";")[0]!;
}

/** The flash-message cookie a redirect set (ADR 160), ready to send back with the next request. */
export function flashCookieFrom(response: Response): string {
  const flash = response.headers.getSetCookie().find((c) => c.startsWith("__flash="));
  if (!flash) throw new Error("no flash message on this response");
  return flash.split(";")[0]!;
}

let honeypot: Record<string, string> | null = null;
/**
 * The honeypot fields a real page renders (public forms refuse a post without them). Read once from
 * /tester: every public form shares the same seed, and the encrypted render time stays valid.
 */
export async function honeypotFields(): Promise<Record<string, string>> {
  if (honeypot) return honeypot;
  const html = await (await get("/tester")).text();
  const from = html.match(/name="from__confirm"[^>]*value="([^"]*)"/)?.[1];
  if (!from) throw new Error("no honeypot fields on /tester");
  return (honeypot = { name__confirm: "", from__confirm: from.replace(/&#x2F;/g, "/").replace(/&amp;/g, "&") });
}

/** POSTs a public form the way the browser does: with the honeypot fields the page rendered. */
export async function postForm(
  path: string,
  values: Record<string, string>,
  options: { cookie?: string; ip?: string } = {},
) {
  const init = form({ ...(await honeypotFields()), ...values });
  const headers = init.headers as Record<string, string>;
  if (options.cookie) headers.Cookie = options.cookie;
  if (options.ip) headers["CF-Connecting-IP"] = options.ip;
  return SELF.fetch(BASE + path, { ...init, redirect: "manual" });
}

let counter = 0;
/** A fresh e-mail address for one test. */
export const uniqueEmail = (prefix = "user") => `${prefix}${Date.now()}${++counter}@example.com`;

/** Signs up a fresh user through the real /tester form and returns their cookie and e-mail. */
export async function signUpUser(overrides: Partial<Record<"first" | "last" | "email" | "password", string>> = {}) {
  const email = overrides.email ?? uniqueEmail();
  const response = await postForm("/tester", {
    first: "Test",
    last: "User",
    email,
    password: "password123",
    ...overrides,
  });
  if (response.status !== 302) throw new Error(`sign-up failed: ${response.status}`);
  return { cookie: cookieFrom(response), email };
}

/** Sets a user's type straight in D1 (tests only). */
export async function setType(email: string, type: "admin" | "org" | "user") {
  await env.DB.prepare("UPDATE users SET type = ? WHERE email = ?").bind(type, email).run();
}

export async function count(table: string): Promise<number> {
  const row = await env.DB.prepare(`SELECT count(*) AS n FROM ${table}`).first<{ n: number }>();
  return row!.n;
}

/** A user's id, by e-mail (tests only). */
export async function userId(email: string): Promise<string> {
  const row = await env.DB.prepare("SELECT id FROM users WHERE email = ?")
    .bind(email.toLowerCase())
    .first<{ id: string }>();
  return row!.id;
}

export interface SseEvent {
  event: string;
  data: any;
}

/** Reads a server-sent-event response one event at a time (comments such as `: ping` are skipped). */
export function sseReader(response: Response) {
  const reader = response.body!.getReader();
  reader.closed.catch(() => {});
  const decoder = new TextDecoder();
  let buffer = "";
  return {
    /** The next event, or null when the stream ends; throws after `ms` with nothing. */
    async next(ms = 2_000): Promise<SseEvent | null> {
      const deadline = Date.now() + ms;
      for (;;) {
        const cut = buffer.indexOf("\n\n");
        if (cut !== -1) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const lines = block.split("\n").filter((l) => !l.startsWith(":"));
          if (lines.length === 0) continue;
          const field = (name: string) =>
            lines
              .find((l) => l.startsWith(`${name}:`))
              ?.slice(name.length + 1)
              .trim();
          const data = field("data");
          return { event: field("event") ?? "message", data: data ? JSON.parse(data) : null };
        }
        let timer: ReturnType<typeof setTimeout> | undefined;
        const timeout = new Promise<never>((_, reject) => {
          timer = setTimeout(
            () => reject(new Error("no server-sent event in time")),
            Math.max(0, deadline - Date.now()),
          );
        });
        try {
          const { done, value } = await Promise.race([reader.read(), timeout]);
          if (done) return null;
          buffer += decoder.decode(value, { stream: true });
        } finally {
          clearTimeout(timer);
        }
      }
    },
    cancel: () => reader.cancel().catch(() => {}),
  };
}
