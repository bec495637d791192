/**
 * Links with working tokens (reset, set-password, invitation) are stored in the mail outbox sealed:
 * AES-GCM under a key derived from SESSION_SECRET, which lives in the Worker's secrets, not in the
 * database. Whoever reads the database sees a placeholder in the text and ciphertext beside it
 * (ADR 103). The key is derived with its own label, so it opens nothing else.
 */
const keys = new Map<string, Promise<CryptoKey>>();

function keyFor(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = (async () => {
      const hmacKey = await crypto.subtle.importKey(
        "raw",
        new TextEncoder().encode(secret),
        { name: "HMAC", hash: "SHA-256" },
        false,
        ["sign"],
      );
      const raw = await crypto.subtle.sign("HMAC", hmacKey, new TextEncoder().encode("mail-link-seal:v1"));
      return crypto.subtle.importKey("raw", raw, { name: "AES-GCM" }, false, ["encrypt", "decrypt"]);
    })();
    keys.set(secret, key);
  }
  return key;
}

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/** `iv.ciphertext`, base64. */
export async function sealLink(secret: string, link: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv },
    await keyFor(secret),
    new TextEncoder().encode(link),
  );
  return `${toBase64(iv)}.${toBase64(new Uint8Array(sealed))}`;
}

/** The link, or null when the seal is not ours (another secret, tampered, malformed). */
export async function unsealLink(secrets: string[], sealed: string): Promise<string | null> {
  const [iv, data] = sealed.split(".");
  if (!iv || !data) return null;
  for (const secret of secrets) {
    try {
      const plain = await crypto.subtle.decrypt(
        { name: "AES-GCM", iv: fromBase64(iv) },
        await keyFor(secret),
        fromBase64(data),
      );
      return new TextDecoder().decode(plain);
    } catch {
      // Not this secret: try the next (rotation keeps the previous one for a while).
    }
  }
  return null;
}
