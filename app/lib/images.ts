/**
 * Image upload rules (SPEC: png, jpeg, jpg), decided by the file's content, never its name or the
 * browser's claimed type: a renamed executable or an SVG (which can carry script) is refused. Pure.
 */
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
/** What the file inputs advertise to the browser's picker; the server decides by content. */
export const IMAGE_ACCEPT = "image/png,image/jpeg,.png,.jpg,.jpeg";

export type ImageType = { contentType: "image/png"; ext: "png" } | { contentType: "image/jpeg"; ext: "jpg" };

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** The image type its first bytes prove, or null. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  if (bytes.length >= 8 && PNG_SIGNATURE.every((b, i) => bytes[i] === b))
    return { contentType: "image/png", ext: "png" };
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return { contentType: "image/jpeg", ext: "jpg" };
  }
  return null;
}

export const IMAGE_MESSAGES = {
  empty: "This file is empty. Choose a PNG or JPEG image.",
  tooLarge: "This image is larger than 2 MB. Choose a smaller one.",
  wrongType: "Only PNG and JPEG images (.png, .jpeg, .jpg) can be uploaded.",
} as const;

/** Checks size before content, so a huge upload is refused without reading it. */
export function imageProblem(size: number, head: Uint8Array | null): string | null {
  if (size === 0) return IMAGE_MESSAGES.empty;
  if (size > MAX_IMAGE_BYTES) return IMAGE_MESSAGES.tooLarge;
  if (!head || !sniffImageType(head)) return IMAGE_MESSAGES.wrongType;
  return null;
}
