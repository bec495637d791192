/**
 * A Web Push device and push service for tests (ADR 281, 283): a browser's subscription made of a
 * fresh P-256 key pair and auth secret, and a push service at the worker's fetch boundary that keeps
 * every POST to the device's endpoint and answers with the status the test asks for. `open` reads a
 * received push as the device would: it decrypts the aes128gcm body with the device's private key
 * (RFC 8291, RFC 8188), written here from the RFCs with Web Crypto, apart from the library the app uses.
 */
import { vi } from "vitest";

const b64url = (bytes: ArrayBuffer | Uint8Array) => {
  let text = "";
  for (const byte of new Uint8Array(bytes)) text += String.fromCharCode(byte);
  return btoa(text).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
};
export const fromB64url = (value: string) =>
  Uint8Array.from(atob(value.replaceAll("-", "+").replaceAll("_", "/")), (c) => c.charCodeAt(0));

export interface Device {
  endpoint: string;
  p256dh: string;
  auth: string;
  privateKey: CryptoKey;
}

export async function newDevice(): Promise<Device> {
  const pair = (await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, [
    "deriveBits",
  ])) as CryptoKeyPair;
  return {
    endpoint: `https://fcm.googleapis.com/fcm/send/test-${crypto.randomUUID()}`,
    p256dh: b64url(await crypto.subtle.exportKey("raw", pair.publicKey)),
    auth: b64url(crypto.getRandomValues(new Uint8Array(16))),
    privateKey: pair.privateKey,
  };
}

export interface Received {
  endpoint: string;
  headers: Headers;
  body: Uint8Array;
}

/** Where the stand-in push service's redirects point: an address the app must never POST to. */
export const REDIRECT_TARGET = "https://169.254.169.254/latest/meta-data/";

/**
 * The push service: keeps POSTs to `https://fcm.googleapis.com/...` and answers `status()`. A 3xx answer
 * names REDIRECT_TARGET as its Location, and the stand-in then does what fetch does with the sender's
 * `redirect` option: "follow" (fetch's default) sends the request on there (kept in `received` too),
 * "manual" hands the 3xx back, "error" fails.
 */
export function pushService(status: () => number = () => 201) {
  const received: Received[] = [];
  const real = globalThis.fetch;
  const answer = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const atTarget = request.url === REDIRECT_TARGET;
    if (!atTarget && !request.url.startsWith("https://fcm.googleapis.com/")) return real(input, init);
    const body = new Uint8Array(await request.arrayBuffer());
    received.push({ endpoint: request.url, headers: request.headers, body });
    if (atTarget) return new Response("instance credentials", { status: 200 });
    const code = status();
    if (code < 300 || code >= 400) return new Response(null, { status: code });
    if (request.redirect === "error") throw new TypeError("fetch failed: redirect");
    if (request.redirect === "follow") {
      // A 307 keeps the method and the body.
      return answer(REDIRECT_TARGET, { method: request.method, headers: request.headers, body, redirect: "follow" });
    }
    return new Response(null, { status: code, headers: { Location: REDIRECT_TARGET } });
  };
  vi.spyOn(globalThis, "fetch").mockImplementation(answer);
  return received;
}

const concat = (...parts: Uint8Array[]): Uint8Array<ArrayBuffer> => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};
const text = (s: string) => new TextEncoder().encode(s);

async function hkdf(
  salt: Uint8Array<ArrayBuffer>,
  ikm: Uint8Array<ArrayBuffer>,
  info: Uint8Array<ArrayBuffer>,
  bytes: number,
) {
  const key = await crypto.subtle.importKey("raw", ikm, "HKDF", false, ["deriveBits"]);
  return new Uint8Array(await crypto.subtle.deriveBits({ name: "HKDF", hash: "SHA-256", salt, info }, key, bytes * 8));
}

/** The plaintext of an aes128gcm push body, decrypted as the device does (RFC 8291 §3.4, RFC 8188 §2). */
export async function open(device: Device, body: Uint8Array): Promise<string> {
  // Header: salt (16) | record size (4) | key id length (1) | key id = the server's ephemeral public key.
  const salt = body.slice(0, 16);
  const idLength = body[20]!;
  const serverPublic = body.slice(21, 21 + idLength);
  const ciphertext = body.slice(21 + idLength);
  const serverKey = await crypto.subtle.importKey(
    "raw",
    serverPublic,
    { name: "ECDH", namedCurve: "P-256" },
    false,
    [],
  );
  const ecdhSecret = new Uint8Array(
    await crypto.subtle.deriveBits({ name: "ECDH", public: serverKey }, device.privateKey, 256),
  );
  const keyInfo = concat(text("WebPush: info\0"), fromB64url(device.p256dh), serverPublic);
  const ikm = await hkdf(fromB64url(device.auth), ecdhSecret, keyInfo, 32);
  const cek = await hkdf(salt, ikm, text("Content-Encoding: aes128gcm\0"), 16);
  const nonce = await hkdf(salt, ikm, text("Content-Encoding: nonce\0"), 12);
  const key = await crypto.subtle.importKey("raw", cek, "AES-GCM", false, ["decrypt"]);
  const padded = new Uint8Array(await crypto.subtle.decrypt({ name: "AES-GCM", iv: nonce }, key, ciphertext));
  // The last record: the data, then the delimiter 0x02, then zeros.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 0x02) throw new Error("no last-record delimiter");
  return new TextDecoder().decode(padded.slice(0, end));
}

/**
 * The VAPID header (RFC 8292): `vapid t=<JWT>, k=<server public key>`; the JWT's signature checks with
 * that key. Returns the key and the JWT's claims.
 */
export async function vapidOf(headers: Headers) {
  const match = /^vapid t=([^,]+), k=(\S+)$/.exec(headers.get("authorization") ?? "");
  if (!match) throw new Error(`not a vapid authorization: ${headers.get("authorization")}`);
  const [, jwt, k] = match;
  const [head, claims, signature] = jwt!.split(".");
  const key = await crypto.subtle.importKey("raw", fromB64url(k!), { name: "ECDSA", namedCurve: "P-256" }, false, [
    "verify",
  ]);
  const valid = await crypto.subtle.verify(
    { name: "ECDSA", hash: "SHA-256" },
    key,
    fromB64url(signature!),
    text(`${head}.${claims}`),
  );
  return { publicKey: k!, valid, claims: JSON.parse(new TextDecoder().decode(fromB64url(claims!))) };
}
