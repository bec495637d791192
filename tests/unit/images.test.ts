import { describe, expect, it } from "vitest";
import { IMAGE_MESSAGES, imageProblem, MAX_IMAGE_BYTES, sniffImageType } from "#app/lib/images";

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16]);
const EXE = new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0]);
const SVG = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"></svg>');
const GIF = new TextEncoder().encode("GIF89a....");

describe("image type by content", () => {
  it("recognises PNG and JPEG by their signatures", () => {
    expect(sniffImageType(PNG)).toEqual({ contentType: "image/png", ext: "png" });
    expect(sniffImageType(JPEG)).toEqual({ contentType: "image/jpeg", ext: "jpg" });
  });

  it("refuses executables, SVG, GIF and truncated signatures", () => {
    expect(sniffImageType(EXE)).toBeNull();
    expect(sniffImageType(SVG)).toBeNull();
    expect(sniffImageType(GIF)).toBeNull();
    expect(sniffImageType(PNG.slice(0, 7))).toBeNull();
    expect(sniffImageType(new Uint8Array())).toBeNull();
  });
});

describe("upload problems", () => {
  it("accepts a PNG or JPEG up to exactly 2 MB", () => {
    expect(imageProblem(1, PNG)).toBeNull();
    expect(imageProblem(MAX_IMAGE_BYTES, JPEG)).toBeNull();
  });

  it("refuses empty files, files over 2 MB (before looking at content), and other types", () => {
    expect(imageProblem(0, null)).toBe(IMAGE_MESSAGES.empty);
    expect(imageProblem(MAX_IMAGE_BYTES + 1, PNG)).toBe(IMAGE_MESSAGES.tooLarge);
    expect(imageProblem(5 * 1024 * 1024, EXE)).toBe(IMAGE_MESSAGES.tooLarge);
    expect(imageProblem(100, EXE)).toBe(IMAGE_MESSAGES.wrongType);
    expect(imageProblem(100, SVG)).toBe(IMAGE_MESSAGES.wrongType);
  });
});
