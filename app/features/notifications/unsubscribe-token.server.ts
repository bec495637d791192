/**
 * The one-click unsubscribe token (ADR 234): opaque, so a mail (or whoever it is forwarded to, or the
 * mail provider) learns neither the member's id nor their address from it, and bound to the address the
 * mail went to, so an e-mail change ends every link mailed before it.
 *
 * token = base64url(iv ‖ AES-GCM("{topic}:{user id}:{address tag}")), the key derived from
 * SESSION_SECRET under its own label (opened under SESSION_SECRET_PREVIOUS too while a rotation
 * settles, ADR 111); the address tag is the first 12 bytes of SHA-256 of the address. Nothing is stored.
 */
import { sessionSecrets } from "#app/platform/http/env.server";

const LABEL = "unsubscribe-token:v1";
const IV_BYTES = 12;
/** iv + the shortest plaintext + the GCM tag, and the longest token a mail of ours carries. */
const MIN_LENGTH = 60;
const MAX_LENGTH = 200;

const encoder = new TextEncoder();
const keys = new Map<string, Promise<CryptoKey>>();

function keyFor(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = (async () => {
      const hmac = await crypto.subtle.importKey(
        "raw",
        encoder.encode(secret),
        { name: "HMAC", hash: "SHA-256" },
        false,
        ["sign"],
      );
      const raw = await crypto.subtle.sign("HMAC", hmac, encoder.encode(LABEL));
      return crypto.subtle.importKey("raw", raw, { name: "AES-GCM" }, false, ["encrypt", "decrypt"]);
    })();
    keys.set(secret, key);
  }
  return key;
}

const toBase64Url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");

/** The bytes of a token, or null when it is not shaped like one (the length is checked first). */
function fromBase64Url(text: string): Uint8Array | null {
  if (text.length < MIN_LENGTH || text.length > MAX_LENGTH || !/^[A-Za-z0-9_-]+$/.test(text)) return null;
  try {
    return Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

/** Which address a token was made for, without the address: 12 bytes of its SHA-256. */
export async function addressTag(email: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", encoder.encode(email.trim().toLowerCase()));
  return toBase64Url(new Uint8Array(digest).slice(0, 12));
}

export async function unsubscribeToken(env: Env, topic: string, userId: string, email: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const plain = encoder.encode(`${topic}:${userId}:${await addressTag(email)}`);
  const sealed = new Uint8Array(
    await crypto.subtle.encrypt({ name: "AES-GCM", iv }, await keyFor(env.SESSION_SECRET), plain),
  );
  const token = new Uint8Array(IV_BYTES + sealed.length);
  token.set(iv);
  token.set(sealed, IV_BYTES);
  return toBase64Url(token);
}

/** What a token says (its topic, member and address tag), or null when it is not one of ours. */
export async function openUnsubscribeToken(
  env: Env,
  token: string,
): Promise<{ topic: string; userId: string; tag: string } | null> {
  const bytes = fromBase64Url(token);
  if (!bytes) return null;
  for (const secret of sessionSecrets(env)) {
    try {
      const plain = await crypto.subtle.decrypt(
        { name: "AES-GCM", iv: bytes.slice(0, IV_BYTES) },
        await keyFor(secret),
        bytes.slice(IV_BYTES),
      );
      const [topic, userId, tag] = new TextDecoder().decode(plain).split(":");
      return topic && userId && tag ? { topic, userId, tag } : null;
    } catch {
      // Not this secret: try the next (a rotation keeps the previous one for a while).
    }
  }
  return null;
}
