import { describe, expect, it } from "vitest";
import { stripImageMetadata } from "#app/lib/image-metadata";
import { GPS_JPEG, GPS_PNG, GPS_TAG, METADATA_TEXT } from "../fixtures/gps-images";

const latin1 = (bytes: Uint8Array) => String.fromCharCode(...bytes);
const u16 = (bytes: Uint8Array, at: number) => (bytes[at]! << 8) | bytes[at + 1]!;
const concat = (...parts: (Uint8Array | number[])[]) => {
  const out: number[] = [];
  for (const part of parts) out.push(...part);
  return new Uint8Array(out);
};

/** The chunk types of a PNG, in order. */
function pngChunks(bytes: Uint8Array) {
  const types: string[] = [];
  for (let at = 8; at + 8 <= bytes.length;) {
    const length = (u16(bytes, at) << 16) | u16(bytes, at + 2);
    types.push(latin1(bytes.subarray(at + 4, at + 8)));
    at += 12 + length;
  }
  return types;
}

describe("image metadata is removed before storing", () => {
  it("a phone JPEG loses its EXIF (GPS, camera, a person's name) and its comment; every scan stays byte for byte", () => {
    for (const text of [...METADATA_TEXT, "Exif", GPS_TAG]) expect(latin1(GPS_JPEG)).toContain(text);
    const stripped = stripImageMetadata(GPS_JPEG, "jpg");
    for (const text of [...METADATA_TEXT, "Exif", GPS_TAG]) expect(latin1(stripped)).not.toContain(text);
    // The fixture is SOI, APP1 (EXIF), COM, then the image itself (tables, progressive scans, EOI).
    const exifEnd = 4 + u16(GPS_JPEG, 4);
    expect(GPS_JPEG[exifEnd + 1]).toBe(0xfe);
    const imageStart = exifEnd + 2 + u16(GPS_JPEG, exifEnd + 2);
    expect(stripped).toEqual(concat([0xff, 0xd8], GPS_JPEG.subarray(imageStart)));
  });

  it("a PNG loses its eXIf, tEXt, iTXt and tIME chunks and keeps the others in order", () => {
    expect(pngChunks(GPS_PNG)).toEqual(["IHDR", "tEXt", "iTXt", "tIME", "pHYs", "eXIf", "IDAT", "IEND"]);
    const stripped = stripImageMetadata(GPS_PNG, "png");
    expect(pngChunks(stripped)).toEqual(["IHDR", "pHYs", "IDAT", "IEND"]);
    for (const text of [...METADATA_TEXT, GPS_TAG, "52.52 N"]) {
      expect(latin1(GPS_PNG)).toContain(text);
      expect(latin1(stripped)).not.toContain(text);
    }
  });

  it("JPEG: keeps JFIF, the colour profile and stuffed or restart bytes in a scan; drops comments between scans, XMP and bytes after the end", () => {
    const segment = (marker: number, payload: string) =>
      concat([0xff, marker, (payload.length + 2) >> 8, (payload.length + 2) & 255], new TextEncoder().encode(payload));
    const jfif = segment(0xe0, "JFIF\0....");
    const icc = segment(0xe2, "ICC_PROFILE\0..");
    const sos = segment(0xda, "\x01\x01\x00\x00\x3f\x00");
    const scan = [0x12, 0xff, 0x00, 0x34, 0xff, 0xd0, 0x56];
    const image = concat(
      [0xff, 0xd8],
      jfif,
      segment(0xe1, "http://ns.adobe.com/xap/1.0/\0<x:xmpmeta>Alice</x:xmpmeta>"),
      icc,
      sos,
      scan,
      segment(0xfe, "between scans: Alice"),
      sos,
      scan,
      [0xff, 0xd9],
      new TextEncoder().encode("trailing: Alice"),
    );
    expect(stripImageMetadata(image, "jpg")).toEqual(
      concat([0xff, 0xd8], jfif, icc, sos, scan, sos, scan, [0xff, 0xd9]),
    );
  });

  it("a file cut short keeps what was complete and drops a metadata segment cut short", () => {
    const truncatedJfif = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46]);
    expect(stripImageMetadata(truncatedJfif, "jpg")).toEqual(truncatedJfif);
    const cutExif = GPS_JPEG.subarray(0, 100);
    expect(stripImageMetadata(cutExif, "jpg")).toEqual(new Uint8Array([0xff, 0xd8]));
    const truncatedPng = new Uint8Array([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
    ]);
    expect(stripImageMetadata(truncatedPng, "png")).toEqual(truncatedPng);
  });

  it("a run of fill bytes with no marker after it ends the file", () => {
    const junk = new Uint8Array(64 * 1024).fill(0xff);
    junk[1] = 0xd8;
    expect(stripImageMetadata(junk, "jpg")).toEqual(new Uint8Array([0xff, 0xd8]));
  });
});
