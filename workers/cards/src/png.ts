/**
 * The card's PNG from resvg's pixels (ADR 239): 8-bit RGBA, no row filter, compressed by the platform's
 * zlib at level 3. resvg's own encoder took 17-22 ms a card (filter search, then deflate in WebAssembly);
 * this takes ~5 ms for a file within a few KiB of its size. A PNG is a signature and three chunks (length,
 * type, data, CRC-32); the work is the deflate, and that is zlib's.
 *
 * resvg's pixels are premultiplied; a card paints an opaque background over its whole canvas, where
 * premultiplied and straight alpha are the same bytes (tests/integration/cards.test.ts checks it is opaque).
 */
import { crc32, deflateSync } from "node:zlib";

const SIGNATURE = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]);

function chunk(type: string, data: Uint8Array) {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)) >>> 0);
  return out;
}

export function encodePng(width: number, height: number, rgba: Uint8Array): Uint8Array {
  const stride = width * 4;
  // Each row starts with its filter type: 0, none (filters cost more CPU than they save here).
  const rows = new Uint8Array((stride + 1) * height);
  for (let y = 0; y < height; y++) rows.set(rgba.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header[8] = 8; // bits per channel
  header[9] = 6; // RGBA; compression, filter method and interlace stay 0
  const parts = [
    SIGNATURE,
    chunk("IHDR", header),
    chunk("IDAT", new Uint8Array(deflateSync(rows, { level: 3 }))),
    chunk("IEND", new Uint8Array(0)),
  ];
  const png = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    png.set(part, at);
    at += part.length;
  }
  return png;
}
