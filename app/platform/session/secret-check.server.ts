/**
 * Refuses to serve outside development while a secret is unusable (ADR 110): a plain 500 page for
 * visitors (which secret is wrong is for the operator, not the public) and one error line in the log
 * per isolate naming the problems, instead of a stack on every request.
 */
import { secretProblems } from "#app/lib/secret-check";
import { log } from "#app/platform/http/log.server";

export const NOT_CONFIGURED =
  "Goals with Friends is not configured yet. If you run this site, the log says which secret to set.";

const PAGE = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Not configured - Goals with Friends</title></head><body><main><h1>Not configured</h1><p>${NOT_CONFIGURED}</p></main></body></html>`;

/** How long the queue consumer puts messages back for while the secrets are unusable (server.ts `queue`). */
export const UNCONFIGURED_RETRY_DELAY_S = 300;

let logged = false;

export function refuseUnconfigured(env: Env): Response | null {
  const problems = secretProblems(env);
  if (problems.length === 0) return null;
  if (!logged) {
    logged = true;
    log("error", "refusing to serve: secrets not configured (docs/deploy.md)", { problems: problems.join("; ") });
  }
  return new Response(PAGE, {
    status: 500,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
  });
}
