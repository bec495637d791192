/**
 * Images in R2 (env.IMAGES): reading an upload from a form, storing it, deleting it, and serving it back
 * at /images/{key}. Used for profile pictures and goal icons; the rules live in app/lib/images.ts.
 *
 *   const upload = await readImageUpload(formData.get("icon"));
 *   if (upload.error) -> field error (nothing stored);  if (upload.image) key = await storeImage(env, "goal-icons", upload.image)
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { stripImageMetadata } from "#app/lib/image-metadata";
import { imageProblem, sniffImageType, type ImageType } from "#app/lib/images";
import { newId } from "#app/lib/ids";

/** Refuse request bodies far beyond any allowed image before parsing them (a 2 MB image + fields). */
export const MAX_UPLOAD_REQUEST_BYTES = 8 * 1024 * 1024;

export type ImageFolder = "avatars" | "goal-icons";
export type CheckedImage = ImageType & { bytes: ArrayBuffer };

export type ImageUpload = { image: CheckedImage | null; error?: undefined } | { image?: undefined; error: string };

/**
 * A missing or blank file input means "no new image"; anything else must be a real PNG or JPEG, and
 * leaves here without its metadata (EXIF with GPS, comments, text chunks: ADR 109).
 */
export async function readImageUpload(value: FormDataEntryValue | null): Promise<ImageUpload> {
  if (value === null || typeof value === "string") return { image: null };
  if (value.size === 0 && !value.name) return { image: null }; // the browser's "no file chosen"
  const head = value.size > 0 ? new Uint8Array(await value.slice(0, 16).arrayBuffer()) : null;
  const problem = imageProblem(value.size, head);
  if (problem) return { error: problem };
  const type = sniffImageType(head!)!;
  const bytes = stripImageMetadata(new Uint8Array(await value.arrayBuffer()), type.ext);
  return { image: { ...type, bytes: bytes.buffer as ArrayBuffer } };
}

/**
 * The submitted form of an upload screen, or null when the body is too large to be one we accept. A
 * multipart body was already read and parsed once by the request guard (ADR 105): that form is used.
 */
export async function readUploadForm(request: Request, context: AppLoadContext): Promise<FormData | null> {
  const bytes = context.body?.bytes ?? Number(request.headers.get("Content-Length") ?? 0);
  if (bytes > MAX_UPLOAD_REQUEST_BYTES) return null;
  return context.body?.form ?? request.formData();
}

/**
 * Stored keys: `{folder}/{random id}.{ext}`. Avatars stored before ADR 109 sit at
 * `avatars/{user id}/{random id}.{ext}` and are still served and deleted under that key.
 */
const KEY = /^(avatars|goal-icons)\/[a-z0-9-]+(\/[a-z0-9-]+)?\.(png|jpg)$/;

/** Stores an image under a random key that says nothing about who uploaded it (ADR 109). */
export async function storeImage(env: Env, folder: ImageFolder, image: CheckedImage): Promise<string> {
  const key = `${folder}/${newId()}.${image.ext}`;
  await env.IMAGES.put(key, image.bytes, {
    httpMetadata: { contentType: image.contentType, cacheControl: "public, max-age=31536000, immutable" },
  });
  return key;
}

export async function deleteImage(env: Env, key: string | null | undefined) {
  if (key && KEY.test(key)) await env.IMAGES.delete(key);
}

/** Serves a stored image. Keys are never reused, so responses are cacheable forever. */
export async function serveImage(request: Request, env: Env, key: string): Promise<Response> {
  if (!KEY.test(key)) return new Response("Not Found", { status: 404 });
  const object = await env.IMAGES.get(key, { onlyIf: request.headers });
  if (!object) return new Response("Not Found", { status: 404 });
  const headers = new Headers({
    "Content-Type": object.httpMetadata?.contentType ?? "application/octet-stream",
    "Cache-Control": "public, max-age=31536000, immutable",
    ETag: object.httpEtag,
    "Content-Security-Policy": "default-src 'none'; sandbox",
  });
  // With a matching If-None-Match, R2 returns the object's metadata without a body.
  if (!("body" in object) || !object.body) return new Response(null, { status: 304, headers });
  headers.set("Content-Length", String(object.size));
  return new Response(object.body, { headers });
}
