/**
 * The one place for the small crypto every link and secret uses (ADR 012, 111): random tokens, SHA-256
 * hex digests of tokens (only digests are stored, ADR 012), base64 / base64url and a constant-time
 * comparison. HMAC signing of links lives with the links (invites.server.ts); PBKDF2 with passwords
 * (password.server.ts).
 */
const encoder = new TextEncoder();

export const toBase64 = (bytes: Uint8Array): string => btoa(String.fromCharCode(...bytes));
export const fromBase64 = (text: string): Uint8Array => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/** base64url without padding: safe in a path segment or a query value. */
export const toBase64Url = (bytes: Uint8Array): string =>
  toBase64(bytes).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

export const toHex = (bytes: Uint8Array): string => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");

/** A URL-safe random token: 32 bytes (256 bits) unless asked for fewer. */
export function randomToken(byteLength = 32): string {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(byteLength)));
}

/** The SHA-256 of a text, as lowercase hex: what is stored in place of a link token. */
export async function sha256Hex(text: string): Promise<string> {
  return toHex(new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(text))));
}

/** A link token's stored form (password_resets.token_hash). */
export const hashToken = sha256Hex;

/** Equal bytes, compared in constant time (workerd's crypto.subtle.timingSafeEqual). */
export function timingSafeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.byteLength !== b.byteLength) return false;
  // workerd's extension of SubtleCrypto; the DOM lib's SubtleCrypto type (also loaded) lacks it.
  return (crypto.subtle as unknown as { timingSafeEqual(a: Uint8Array, b: Uint8Array): boolean }).timingSafeEqual(a, b);
}
