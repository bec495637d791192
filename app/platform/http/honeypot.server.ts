/**
 * The honeypot on public forms (sign-up, early access, sign-in, password reset, pledges): a hidden
 * field bots fill and people never see, plus an encrypted render time. Built per request: remix-utils
 * draws a random seed in its constructor, which workerd forbids at module scope; the fixed
 * HONEYPOT_SEED lets any instance read what another one rendered.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { Honeypot, SpamError } from "remix-utils/honeypot/server";
import { FORM_EXPIRED, honeypotTimeProblem } from "#app/lib/honeypot-time";
import { log } from "./log.server";

export const HONEYPOT_FIELD = "name__confirm";
const RENDERED_AT_FIELD = "from__confirm";

/** remix-utils' honeypot, with the render time readable so its shape and age can be checked (ADR 107). */
class TimedHoneypot extends Honeypot {
  renderedAt(formData: FormData): string {
    const value = formData.get(RENDERED_AT_FIELD);
    return typeof value === "string" ? this.decrypt(value) : "";
  }
}

function honeypot(env: Env) {
  if (!env.HONEYPOT_SEED) throw new Error("HONEYPOT_SEED is not set (see .dev.vars.example)");
  return new TimedHoneypot({
    encryptionSeed: env.HONEYPOT_SEED,
    nameFieldName: HONEYPOT_FIELD,
    validFromFieldName: RENDERED_AT_FIELD,
  });
}

/** Props for <HoneypotProvider> in the route that renders the form. */
export function honeypotInputProps(context: AppLoadContext) {
  return honeypot(context.cloudflare.env).getInputProps();
}

/**
 * Throws a 400 when the form did not come from our page: the trap field filled in, or missing
 * (remix-utils skips the check when both fields are absent; every real form renders them), or a
 * render time that does not decrypt to a 13-digit time in the past (a forged value can make crypto-js
 * throw "Malformed UTF-8 data" rather than a SpamError: that is a bad form too, never a 500), or one
 * older than HONEYPOT_MAX_AGE_MS (a replayed body). A refusal is one info line: it is the form working.
 */
export function checkHoneypot(context: AppLoadContext, formData: FormData) {
  const trap = honeypot(context.cloudflare.env); // a missing seed is our fault: let it throw
  let reason: string;
  try {
    if (!formData.has(HONEYPOT_FIELD)) throw new SpamError("Missing honeypot input");
    trap.check(formData);
    const problem = honeypotTimeProblem(trap.renderedAt(formData), Date.now());
    if (!problem) return;
    if (problem === "expired") {
      log("info", "honeypot refused", { reason: "form expired", requestId: context.requestId });
      throw new Response(FORM_EXPIRED, { status: 400 });
    }
    reason = "forged render time";
  } catch (error) {
    if (error instanceof Response) throw error;
    reason = error instanceof Error ? error.message : String(error);
  }
  log("info", "honeypot refused", { reason, requestId: context.requestId });
  throw new Response("Form not submitted properly", { status: 400 });
}
