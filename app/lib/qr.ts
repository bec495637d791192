/**
 * A QR code of a link as one SVG path, made with uqr (any runtime, no canvas). Pure, so the card Worker
 * (workers/cards) draws the very path the app's pages do (ADR 276). Pages call it in their loaders: the
 * browser gets a few hundred bytes of markup and no QR library (components import only the type).
 */
import { encode } from "uqr";

export interface QrCode {
  /** Modules per side, border included: the SVG's viewBox. */
  size: number;
  /** One path of 1x1 squares, one per dark module. */
  path: string;
}

export function qrCode(text: string): QrCode {
  const { size, data } = encode(text, { ecc: "M", border: 2 });
  let path = "";
  data.forEach((row, y) => {
    let x = 0;
    while (x < row.length) {
      if (!row[x]) {
        x++;
        continue;
      }
      // A run of dark modules on a row is one rectangle.
      let end = x;
      while (end < row.length && row[end]) end++;
      path += `M${x} ${y}h${end - x}v1h-${end - x}z`;
      x = end;
    }
  });
  return { size, path };
}
