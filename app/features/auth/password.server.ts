/**
 * Password hashing: PBKDF2-SHA256 through WebCrypto with a per-user salt.
 * Production workerd rejects more than 100,000 iterations (local workerd does not), so we use exactly
 * that and store the count with each hash, which lets us raise it later without breaking old hashes.
 */
import { fromBase64, timingSafeEqual, toBase64 } from "#app/platform/session/crypto.server";

export const PBKDF2_ITERATIONS = 100_000;
const MAX_ITERATIONS = 100_000;
const ALGORITHM = "pbkdf2-sha256";

async function derive(password: string, salt: Uint8Array, iterations: number): Promise<Uint8Array> {
  if (!Number.isInteger(iterations) || iterations < 1 || iterations > MAX_ITERATIONS) {
    throw new RangeError(`PBKDF2 iterations must be 1..${MAX_ITERATIONS}, got ${iterations}`);
  }
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(password), "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits(
    { name: "PBKDF2", hash: "SHA-256", salt: salt as BufferSource, iterations },
    key,
    256,
  );
  return new Uint8Array(bits);
}

export async function hashPassword(password: string, iterations = PBKDF2_ITERATIONS): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const hash = await derive(password, salt, iterations);
  return `${ALGORITHM}$${iterations}$${toBase64(salt)}$${toBase64(hash)}`;
}

export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  if (!stored) return false;
  const [algorithm, iterationsText, saltText, hashText] = stored.split("$");
  if (algorithm !== ALGORITHM || !saltText || !hashText) return false;
  const expected = fromBase64(hashText);
  const actual = await derive(password, fromBase64(saltText), Number(iterationsText));
  return timingSafeEqual(actual, expected);
}
