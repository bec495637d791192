/**
 * The honeypot on public forms (sign-up, early access, sign-in, password reset): a hidden field bots
 * fill and people never see, plus an encrypted render time. Built per request: remix-utils draws a
 * random seed in its constructor, which workerd forbids at module scope; the fixed HONEYPOT_SEED
 * lets any instance read what another one rendered.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { Honeypot, SpamError } from "remix-utils/honeypot/server";

export const HONEYPOT_FIELD = "name__confirm";

function honeypot(env: Env) {
  if (!env.HONEYPOT_SEED) throw new Error("HONEYPOT_SEED is not set (see .dev.vars.example)");
  return new Honeypot({ encryptionSeed: env.HONEYPOT_SEED, nameFieldName: HONEYPOT_FIELD });
}

/** Props for <HoneypotProvider> in the route that renders the form. */
export function honeypotInputProps(context: AppLoadContext) {
  return honeypot(context.cloudflare.env).getInputProps();
}

/**
 * Throws a 400 when the form did not come from our page: the trap field filled in, or missing
 * (remix-utils skips the check when both fields are absent; every real form renders them), or a
 * render time that does not decrypt (a forged value can make crypto-js throw "Malformed UTF-8 data"
 * rather than a SpamError: that is a bad form too, never a 500).
 */
export function checkHoneypot(context: AppLoadContext, formData: FormData) {
  const trap = honeypot(context.cloudflare.env); // a missing seed is our fault: let it throw
  try {
    if (!formData.has(HONEYPOT_FIELD)) throw new SpamError("Missing honeypot input");
    trap.check(formData);
  } catch (error) {
    console.warn("honeypot:", error instanceof Error ? error.message : String(error));
    throw new Response("Form not submitted properly", { status: 400 });
  }
}
