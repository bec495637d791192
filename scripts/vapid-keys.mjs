#!/usr/bin/env node
/**
 * Makes a VAPID key pair for Web Push (ADR 281): a P-256 key, the public half as the browser's
 * applicationServerKey (base64url, 65 bytes uncompressed) and the private scalar (base64url, 32 bytes).
 * Prints them; store them with `wrangler secret put VAPID_PUBLIC_KEY` / `VAPID_PRIVATE_KEY` (docs/deploy.md).
 * Changing the pair later ends every subscription: browsers must subscribe again.
 */
const { subtle } = globalThis.crypto;
const pair = await subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, ["sign", "verify"]);
const publicKey = Buffer.from(await subtle.exportKey("raw", pair.publicKey)).toString("base64url");
const { d } = await subtle.exportKey("jwk", pair.privateKey);
console.log(`VAPID_PUBLIC_KEY=${publicKey}\nVAPID_PRIVATE_KEY=${d}`);
