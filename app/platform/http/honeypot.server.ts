/**
 * The honeypot on public forms (sign-up, early access, sign-in, password reset, pledges; checked by
 * readPublicForm, public-form.server.ts): a hidden
 * field bots fill and people never see, plus the page's render time signed with an HMAC over WebCrypto
 * (HONEYPOT_SEED as the key), as the app signs its links (ADR 061, 231). The time itself is no secret:
 * the signature proves our page rendered it, and its shape and age are checked (ADR 107).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { FORM_EXPIRED, honeypotTimeProblem } from "#app/lib/honeypot-time";
import { fromBase64, toBase64Url } from "#app/platform/session/crypto.server";
import { log } from "./log.server";

export const HONEYPOT_FIELD = "name__confirm";
export const RENDERED_AT_FIELD = "from__confirm";
/** What the signature covers besides the time, so no other HMAC under the same key passes for one. */
const PURPOSE = "honeypot rendered at ";
/** 13 digits, a dot, 43 base64url characters (an HMAC-SHA256): anything longer is refused unread. */
const MAX_VALUE_LENGTH = 13 + 1 + 43;

const encoder = new TextEncoder();
const keys = new Map<string, Promise<CryptoKey>>();

/** The HMAC key for a seed, imported once per isolate (a seed rotation adds a second one). */
function hmacKey(seed: string): Promise<CryptoKey> {
  let key = keys.get(seed);
  if (!key) {
    key = crypto.subtle.importKey("raw", encoder.encode(seed), { name: "HMAC", hash: "SHA-256" }, false, [
      "sign",
      "verify",
    ]);
    keys.set(seed, key);
  }
  return key;
}

function seedOf(env: Env): string {
  if (!env.HONEYPOT_SEED) throw new Error("HONEYPOT_SEED is not set (see .dev.vars.example)");
  return env.HONEYPOT_SEED;
}

/** The render-time field's value for a page rendered at `time`: "<ms since 1970>.<HMAC, base64url>". */
export async function signRenderTime(env: Env, time: number): Promise<string> {
  const text = String(time);
  const signature = await crypto.subtle.sign("HMAC", await hmacKey(seedOf(env)), encoder.encode(PURPOSE + text));
  return `${text}.${toBase64Url(new Uint8Array(signature))}`;
}

/**
 * The render time a field's value carries when its signature is ours, else null. Length and characters
 * are checked before any decoding; the signature is compared by crypto.subtle.verify (constant time).
 */
async function verifiedRenderTime(env: Env, value: string): Promise<string | null> {
  if (value.length > MAX_VALUE_LENGTH) return null;
  const dot = value.indexOf(".");
  if (dot < 1) return null;
  const text = value.slice(0, dot);
  const signature = value.slice(dot + 1);
  if (signature.length !== 43) return null;
  for (const char of signature) {
    if (!/[A-Za-z0-9_-]/.test(char)) return null;
  }
  const bytes = fromBase64(signature.replace(/-/g, "+").replace(/_/g, "/") + "=");
  const key = await hmacKey(seedOf(env));
  const ok = await crypto.subtle.verify("HMAC", key, bytes as Uint8Array<ArrayBuffer>, encoder.encode(PURPOSE + text));
  return ok ? text : null;
}

/** Props for <HoneypotProvider> in the route that renders the form. */
export async function honeypotInputProps(context: AppLoadContext) {
  return {
    nameFieldName: HONEYPOT_FIELD,
    validFromFieldName: RENDERED_AT_FIELD,
    signedRenderedAt: await signRenderTime(context.cloudflare.env, Date.now()),
  };
}

/**
 * Throws a 400 when the form did not come from our page: the trap field missing or filled in, the
 * render time missing, not signed by us, not a 13-digit time in the past, or older than
 * HONEYPOT_MAX_AGE_MS (a replayed body: it says so, FORM_EXPIRED). A refusal is one info line: it is
 * the form working. A missing seed is our fault: that throws (a 500), it is no refusal.
 */
export async function checkHoneypot(context: AppLoadContext, formData: FormData): Promise<void> {
  const env = context.cloudflare.env;
  seedOf(env);
  const trap = formData.get(HONEYPOT_FIELD);
  const renderedAt = formData.get(RENDERED_AT_FIELD);
  let reason: string;
  if (trap === null) reason = "Missing honeypot input";
  else if (trap !== "") reason = "Honeypot input not empty";
  else if (typeof renderedAt !== "string" || renderedAt === "") reason = "Missing honeypot valid from input";
  else {
    const time = await verifiedRenderTime(env, renderedAt);
    const problem = time === null ? "forged" : honeypotTimeProblem(time, Date.now());
    if (!problem) return;
    if (problem === "expired") {
      log("info", "honeypot refused", { reason: "form expired", requestId: context.requestId });
      throw new Response(FORM_EXPIRED, { status: 400 });
    }
    reason = time === null ? "render time not signed by us" : "forged render time";
  }
  log("info", "honeypot refused", { reason, requestId: context.requestId });
  throw new Response("Form not submitted properly", { status: 400 });
}
