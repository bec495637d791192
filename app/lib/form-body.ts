/**
 * What a mutation's body may be (ADR 071): every form of the app posts
 * application/x-www-form-urlencoded or multipart/form-data, so anything else is refused with a 415
 * before an action could trip over it, and oversized bodies with a 413: at once when Content-Length
 * says so, else while the body streams in (the guard counts the bytes and stops at `cap`, ADR 105).
 */
/**
 * 128 KiB (ADR 115): twice the largest body a form of the app can legally send (admin communication:
 * 5,000 + 150 characters, each up to 12 bytes once a 4-byte UTF-8 character is percent-encoded, about
 * 62 KB). Reading and decoding a 1 MB form cost 26-156 ms of CPU before any check could refuse it.
 */
export const MAX_URLENCODED_BYTES = 128 * 1024;
/** Above the upload screens' own 8 MB limit, which answers with a field message. */
export const MAX_MULTIPART_BYTES = 10 * 1024 * 1024;

export type BodyVerdict =
  | { ok: true; multipart: boolean; /** bytes the body may hold (0: no body is read) */ cap: number }
  | { ok: false; status: 413 | 415; reason: string };

export const TOO_LARGE = { form: "The form is too large.", upload: "The upload is too large." } as const;

export function checkFormBody(method: string, headers: Headers): BodyVerdict {
  if (["GET", "HEAD", "OPTIONS"].includes(method.toUpperCase())) return { ok: true, multipart: false, cap: 0 };
  const type = (headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
  const length = Number(headers.get("Content-Length") ?? 0);
  if (type === "application/x-www-form-urlencoded") {
    if (length > MAX_URLENCODED_BYTES) return { ok: false, status: 413, reason: TOO_LARGE.form };
    return { ok: true, multipart: false, cap: MAX_URLENCODED_BYTES };
  }
  if (type === "multipart/form-data") {
    if (!/;\s*boundary=/i.test(headers.get("Content-Type")!))
      return { ok: false, status: 415, reason: "The form has no boundary." };
    if (length > MAX_MULTIPART_BYTES) return { ok: false, status: 413, reason: TOO_LARGE.upload };
    return { ok: true, multipart: true, cap: MAX_MULTIPART_BYTES };
  }
  return { ok: false, status: 415, reason: "Send the form from the page." };
}
