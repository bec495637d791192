/**
 * Security headers (docs/security.md, ADR 070). Every response the Worker sends passes through
 * `secureResponse` in server.ts; HTML documents also get a nonce-based Content-Security-Policy from
 * entry.server.tsx. Static files served by the assets layer get the same headers from public/_headers.
 */
import { isDevelopment } from "./env.server";

/** A fresh nonce per request: only scripts carrying it may run (CSP below). */
export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/**
 * The policy of an HTML document. Scripts run only with this request's nonce (no 'unsafe-inline', so
 * inline event handlers and injected <script> tags never run); a document without scripts (`nonce`
 * null: the marketing page) allows none at all, so its stored copy is right for every visitor (ADR 116).
 * Styles allow inline style attributes: the user's chosen colour is one.
 */
export function documentCsp(nonce: string | null, env: Env): string {
  return [
    "default-src 'self'",
    nonce === null ? "script-src 'none'" : `script-src 'self' 'nonce-${nonce}'`,
    "script-src-attr 'none'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "connect-src 'self'",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(isDevelopment(env) ? [] : ["upgrade-insecure-requests"]),
  ].join("; ");
}

/** The policy of everything that is not one of our documents: nothing in it may run or be framed. */
export const RESOURCE_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

export const PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()";
export const HSTS = "max-age=63072000; includeSubDomains";

/** Sets the document CSP (entry.server.tsx, for every HTML page Remix renders, errors included). */
export function applyDocumentHeaders(headers: Headers, nonce: string | null, env: Env) {
  headers.set("Content-Security-Policy", documentCsp(nonce, env));
  applyCommonHeaders(headers, env);
}

/** Headers every response carries, HTML or not. A response without a CSP gets the strict one. */
export function applyCommonHeaders(headers: Headers, env: Env) {
  if (!headers.has("Content-Security-Policy")) headers.set("Content-Security-Policy", RESOURCE_CSP);
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  headers.set("Permissions-Policy", PERMISSIONS_POLICY);
  if (isDevelopment(env)) headers.delete("Strict-Transport-Security");
  else headers.set("Strict-Transport-Security", HSTS);
}

/** A copy of `response` with mutable headers and every common security header set. */
export function secureResponse(response: Response, env: Env): Response {
  // A WebSocket upgrade (status 101) cannot be re-wrapped; nothing here serves one today.
  if (response.status === 101) return response;
  const secured = new Response(response.body, response);
  applyCommonHeaders(secured.headers, env);
  return secured;
}
