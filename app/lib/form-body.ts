/**
 * What a mutation's body may be (ADR 071): every form of the app posts
 * application/x-www-form-urlencoded or multipart/form-data, so anything else is refused with a 415
 * before an action could trip over it, and oversized bodies with a 413 before they are read.
 */
export const MAX_URLENCODED_BYTES = 1024 * 1024;
/** Above the upload screens' own 8 MB limit, which answers with a field message. */
export const MAX_MULTIPART_BYTES = 10 * 1024 * 1024;

export type BodyVerdict = { ok: true; multipart: boolean } | { ok: false; status: 413 | 415; reason: string };

export function checkFormBody(method: string, headers: Headers): BodyVerdict {
  if (["GET", "HEAD", "OPTIONS"].includes(method.toUpperCase())) return { ok: true, multipart: false };
  const type = (headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
  const length = Number(headers.get("Content-Length") ?? 0);
  if (type === "application/x-www-form-urlencoded") {
    if (length > MAX_URLENCODED_BYTES) return { ok: false, status: 413, reason: "The form is too large." };
    return { ok: true, multipart: false };
  }
  if (type === "multipart/form-data") {
    if (!/;\s*boundary=/i.test(headers.get("Content-Type")!))
      return { ok: false, status: 415, reason: "The form has no boundary." };
    if (length > MAX_MULTIPART_BYTES) return { ok: false, status: 413, reason: "The upload is too large." };
    return { ok: true, multipart: true };
  }
  return { ok: false, status: 415, reason: "Send the form from the page." };
}
