/**
 * Removes metadata from an uploaded image before it is stored (ADR 109): a phone photo's EXIF carries
 * where it was taken (GPS), when, and on which device; XMP and comments can carry names. Pure, one
 * pass over the bytes (no decoding, no re-encoding: the pixels are untouched).
 *
 * JPEG: every segment is copied except APP1 (EXIF, XMP), APP3-APP13, APP15 and COM; APP0 (JFIF),
 * APP2 (the ICC colour profile) and APP14 (Adobe colour transform) stay, as they change how the
 * pixels look. Markers between progressive scans are handled the same way; bytes after EOI are dropped.
 * PNG: every chunk is copied except tEXt, zTXt, iTXt, eXIf and tIME; bytes after IEND are dropped.
 * A truncated file keeps what was complete, and a metadata segment cut short is dropped whole.
 */

const JPEG_KEEP_APP = new Set([0xe0, 0xe2, 0xee]);
const PNG_DROP = new Set(["tEXt", "zTXt", "iTXt", "eXIf", "tIME"]);

export function stripImageMetadata(bytes: Uint8Array, ext: "png" | "jpg"): Uint8Array {
  return ext === "png" ? stripPng(bytes) : stripJpeg(bytes);
}

/** A marker segment that is metadata (dropped). */
const isJpegMetadata = (marker: number) =>
  marker === 0xfe || (marker >= 0xe0 && marker <= 0xef && !JPEG_KEEP_APP.has(marker));

/** Markers with no length field: SOI, EOI, RST0-7, TEM. */
const standalone = (marker: number) =>
  marker === 0xd8 || marker === 0xd9 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01;

function stripJpeg(bytes: Uint8Array): Uint8Array {
  const out = new Chunks(bytes);
  if (bytes.length < 2 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return bytes;
  out.keep(0, 2);
  let at = 2;
  // Entropy-coded data (after SOS) is copied up to the next marker that is not a stuffed 0xFF00 or RST.
  let inScan = false;
  while (at < bytes.length) {
    if (inScan) {
      const start = at;
      while (at < bytes.length) {
        if (bytes[at] === 0xff && at + 1 < bytes.length) {
          const next = bytes[at + 1]!;
          if (next !== 0x00 && !(next >= 0xd0 && next <= 0xd7) && next !== 0xff) break;
        }
        at++;
      }
      out.keep(start, at);
      inScan = false;
      continue;
    }
    if (bytes[at] !== 0xff) {
      // Not a marker where one must be: keep the rest as it is (a broken file, nothing we can read).
      out.keep(at, bytes.length);
      break;
    }
    // Fill bytes (0xFF repeated) before a marker.
    let markerAt = at;
    while (markerAt + 1 < bytes.length && bytes[markerAt + 1] === 0xff) markerAt++;
    if (markerAt + 1 >= bytes.length) break;
    const marker = bytes[markerAt + 1]!;
    if (standalone(marker)) {
      out.keep(markerAt, markerAt + 2);
      at = markerAt + 2;
      if (marker === 0xd9) break; // EOI: anything after it is dropped
      continue;
    }
    if (markerAt + 4 > bytes.length) break; // a length field cut short
    const end = markerAt + 2 + ((bytes[markerAt + 2]! << 8) | bytes[markerAt + 3]!);
    if (isJpegMetadata(marker)) {
      at = end; // dropped, whole or cut short
      continue;
    }
    out.keep(markerAt, Math.min(end, bytes.length));
    at = end;
    if (marker === 0xda) inScan = true;
  }
  return out.join();
}

const PNG_SIGNATURE_BYTES = 8;

function stripPng(bytes: Uint8Array): Uint8Array {
  const out = new Chunks(bytes);
  if (bytes.length < PNG_SIGNATURE_BYTES) return bytes;
  out.keep(0, PNG_SIGNATURE_BYTES);
  let at = PNG_SIGNATURE_BYTES;
  while (at + 8 <= bytes.length) {
    const length = ((bytes[at]! << 24) | (bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!) >>> 0;
    const type = String.fromCharCode(bytes[at + 4]!, bytes[at + 5]!, bytes[at + 6]!, bytes[at + 7]!);
    const end = at + 12 + length; // length, type, data, CRC
    if (!PNG_DROP.has(type)) out.keep(at, Math.min(end, bytes.length));
    at = end;
    if (type === "IEND") break; // anything after it is dropped
  }
  return out.join();
}

/** Ranges of the input to copy, joined once at the end. */
class Chunks {
  private ranges: [number, number][] = [];
  constructor(private readonly source: Uint8Array) {}
  keep(start: number, end: number) {
    if (end <= start) return;
    const last = this.ranges[this.ranges.length - 1];
    if (last && last[1] === start) last[1] = end;
    else this.ranges.push([start, end]);
  }
  join(): Uint8Array {
    const size = this.ranges.reduce((sum, [s, e]) => sum + e - s, 0);
    const out = new Uint8Array(size);
    let at = 0;
    for (const [s, e] of this.ranges) {
      out.set(this.source.subarray(s, e), at);
      at += e - s;
    }
    return out;
  }
}
