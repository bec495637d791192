import type { AppLoadContext } from "@remix-run/cloudflare";
import { isDevelopment } from "./env.server";

/** A fresh nonce per request: only scripts carrying it may run (CSP below). */
export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/** Security headers for every HTML document (see docs/security.md). */
export function applySecurityHeaders(headers: Headers, context: AppLoadContext) {
  const nonce = context.nonce;
  headers.set(
    "Content-Security-Policy",
    [
      "default-src 'self'",
      `script-src 'self' 'nonce-${nonce}'`,
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "connect-src 'self'",
      "font-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ].join("; "),
  );
  applyCommonHeaders(headers, context.cloudflare.env);
}

/** Headers every response carries, HTML or not. */
export function applyCommonHeaders(headers: Headers, env: Env) {
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
  if (!isDevelopment(env)) headers.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
}
