/**
 * React's streaming renderer calls TextEncoder.encode once per small piece of HTML (a tag, an
 * attribute, an escaped text node): thousands of calls for a goal list. In workerd each call crosses
 * from JavaScript into the runtime, and the bench measured ~0.4 us a call, 2-4 ms of CPU per page.
 * For short pure-ASCII strings (almost every piece) the UTF-8 bytes ARE the char codes, so a plain
 * loop in JavaScript gives identical bytes without the crossing. Anything else goes to the runtime's
 * own encoder. See ADR 052.
 */
const SHORT = 256;

/** UTF-8 bytes of `input` when it is a short ASCII string, else null. */
export function encodeShortAscii(input: string): Uint8Array<ArrayBuffer> | null {
  const length = input.length;
  if (length > SHORT) return null;
  const out = new Uint8Array(length);
  for (let i = 0; i < length; i++) {
    const code = input.charCodeAt(i);
    if (code > 0x7f) return null;
    out[i] = code;
  }
  return out;
}

const FLAG = Symbol.for("gwf.textEncoderFastPath");

/** Installs the fast path on TextEncoder.prototype.encode, once per isolate. */
export function installTextEncoderFastPath() {
  const proto = TextEncoder.prototype as TextEncoder & { [FLAG]?: true };
  if (proto[FLAG]) return;
  const native = proto.encode;
  proto.encode = function encode(this: TextEncoder, input?: string) {
    if (typeof input === "string") {
      const bytes = encodeShortAscii(input);
      if (bytes) return bytes;
    }
    return native.call(this, input);
  };
  proto[FLAG] = true;
}
