/**
 * React 18 closes the document (`</body></html>`) as soon as the shell is rendered; Remix then streams
 * its data scripts (single fetch) after it, and every deferred chunk too. Browsers move such scripts
 * back into the body, but the HTML is invalid ("Stray start tag script", ADR 122). This holds the
 * closing tags back and sends them after the last byte, so the scripts land inside the body.
 * The scan stops at the first match: only the shell can contain it (text and data are escaped).
 */
const CLOSE = new TextEncoder().encode("</body></html>");

/** Index of `CLOSE` in `bytes` from `from`, or -1. */
function indexOfClose(bytes: Uint8Array, from: number): number {
  const last = bytes.length - CLOSE.length;
  outer: for (let i = from; i <= last; i++) {
    if (bytes[i] !== 0x3c) continue; // "<"
    for (let j = 1; j < CLOSE.length; j++) if (bytes[i + j] !== CLOSE[j]) continue outer;
    return i;
  }
  return -1;
}

/** Length of the longest end of `bytes` that is a start of `CLOSE` (a tag split across chunks). */
function partialCloseAtEnd(bytes: Uint8Array): number {
  for (let n = Math.min(CLOSE.length - 1, bytes.length); n > 0; n--) {
    let match = true;
    for (let j = 0; j < n; j++)
      if (bytes[bytes.length - n + j] !== CLOSE[j]) {
        match = false;
        break;
      }
    if (match) return n;
  }
  return 0;
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

/**
 * The same HTML stream with `</body></html>` moved after everything streamed behind it. Pull-based (not
 * a TransformStream piped in the background), so a reader that stops early cancels React's stream
 * and no write is left to fail unobserved.
 */
export function closeDocumentLast(body: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  let found = false;
  let carry: Uint8Array = new Uint8Array(0);
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) {
          if (carry.length) controller.enqueue(carry);
          if (found) controller.enqueue(CLOSE);
          controller.close();
          return;
        }
        if (found) return controller.enqueue(value);
        const bytes = carry.length ? concat(carry, value) : value;
        const at = indexOfClose(bytes, 0);
        if (at >= 0) {
          found = true;
          carry = new Uint8Array(0);
          const out = concat(bytes.subarray(0, at), bytes.subarray(at + CLOSE.length));
          if (out.length) return controller.enqueue(out);
          continue;
        }
        const keep = partialCloseAtEnd(bytes);
        carry = keep ? bytes.slice(bytes.length - keep) : new Uint8Array(0);
        if (bytes.length > keep) return controller.enqueue(bytes.subarray(0, bytes.length - keep));
      }
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}
