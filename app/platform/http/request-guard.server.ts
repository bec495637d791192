/**
 * The gate every request passes in server.ts before Remix (ADR 071, 105): mutations must come from our
 * own origin and carry a well-formed form body of a sane size. A refusal is a short plain-text 4xx,
 * never a 500 from deeper down (Remix's CSRF check throws, and request.formData() throws on a truncated
 * multipart body).
 *
 * The body is read here, once, counting bytes as they arrive: a body without Content-Length (chunked)
 * is cut off at the cap with a 413, not buffered whole. A multipart body is parsed here, once; the
 * parsed form goes to Remix in the load context (`context.body`, read by `readUploadForm`).
 */
import { checkFormBody, TOO_LARGE } from "#app/lib/form-body";
import { checkSameOrigin } from "#app/lib/same-origin";

/** What the guard read of a mutation's body: its size, and the form when it was multipart. */
export interface ReadBody {
  bytes: number;
  form: FormData | null;
}

export type Guarded = { refused: Response } | { refused?: undefined; request: Request; body: ReadBody | null };

const refuse = (status: number, message: string): { refused: Response } => ({
  refused: new Response(message, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  }),
});

/** The whole stream, or null as soon as it passes `cap` bytes (the rest is never read). */
export async function readAtMost(stream: ReadableStream<Uint8Array>, cap: number): Promise<ArrayBuffer | null> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > cap) {
      reader.cancel("body over the cap").catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes.buffer;
}

export async function guardRequest(request: Request): Promise<Guarded> {
  const origin = checkSameOrigin(request.method, request.url, request.headers);
  if (!origin.ok) return refuse(403, "Forbidden: this form must be sent from Goals with Friends itself.");
  const verdict = checkFormBody(request.method, request.headers);
  if (!verdict.ok) return refuse(verdict.status, verdict.reason);
  if (verdict.cap === 0) return { request, body: null };
  // An empty body reads as zero bytes: an empty multipart body is a 400 below, not a 500 in an action.
  const bytes = request.body ? await readAtMost(request.body, verdict.cap) : new ArrayBuffer(0);
  if (!bytes) return refuse(413, verdict.multipart ? TOO_LARGE.upload : TOO_LARGE.form);
  const read = new Request(request, { body: bytes });
  if (!verdict.multipart) return { request: read, body: { bytes: bytes.byteLength, form: null } };
  try {
    // Parsed once, here: a truncated or malformed upload is a 400 now instead of a 500 in an action.
    // Its own copy of the bytes: a body built on an ArrayBuffer may take it over, and the Request
    // handed to Remix must keep its bytes for actions that read them themselves.
    const form = await new Response(bytes.slice(0), {
      headers: { "Content-Type": request.headers.get("Content-Type")! },
    }).formData();
    return { request: read, body: { bytes: bytes.byteLength, form } };
  } catch {
    return refuse(400, "The form could not be read. Please try again.");
  }
}
