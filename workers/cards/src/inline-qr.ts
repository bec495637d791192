/**
 * satori embeds the QR code as an <image> of an SVG; resvg then parses and rasterises that SVG as a
 * picture of its own, clipped and masked to its box: ~5-10 ms a card. The same drawing put in place as a
 * group, scaled to the box satori laid out, draws the same pixels for a fraction of that (ADR 239).
 */
import type { CardQr } from "./card";

// Each runs on the few attributes before the image's href (tens of characters), one number each.
const X = / x="(\d{1,5}(?:\.\d{1,6})?)"/;
const Y = / y="(\d{1,5}(?:\.\d{1,6})?)"/;
const WIDTH = / width="(\d{1,5}(?:\.\d{1,6})?)"/;

/** The SVG with the QR code's image drawn in place; unchanged if satori's output is not as expected. */
export function inlineQr(svg: string, qr: CardQr): string {
  const href = svg.indexOf(`href="${qr.src}"`);
  const start = href < 0 ? -1 : svg.lastIndexOf("<image ", href);
  const end = href < 0 ? -1 : svg.indexOf("/>", href);
  if (start < 0 || end < 0) return svg;
  const head = svg.slice(start, href);
  const [x, y, width] = [X, Y, WIDTH].map((pattern) => Number(pattern.exec(head)?.[1]));
  if (![x, y, width].every(Number.isFinite)) return svg;
  const group = `<g transform="translate(${x} ${y}) scale(${width / qr.modules})" shape-rendering="crispEdges">${qr.body}</g>`;
  return svg.slice(0, start) + group + svg.slice(end + 2);
}
