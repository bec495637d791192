/**
 * Drawing a card (ADR 272, 276, 239): satori lays the tree out as SVG (text as paths, with the bundled Inter),
 * the QR code is put in place as a drawing (./inline-qr), resvg-wasm rasterises it, and ./png encodes it. Both WebAssembly modules are imported compiled (Workers
 * cannot compile WebAssembly from bytes) and initialised once per isolate; the fonts array is one
 * module-scope constant, which satori keys its parsed fonts on, so a warm isolate never parses them again.
 */
import satori, { init as initSatori } from "satori/standalone";
import { initWasm, Resvg } from "@resvg/resvg-wasm";
import yoga from "satori/yoga.wasm";
import resvgWasm from "@resvg/resvg-wasm/index_bg.wasm";
import inter400 from "@fontsource/inter/files/inter-latin-400-normal.woff";
import inter700 from "@fontsource/inter/files/inter-latin-700-normal.woff";
import interExt400 from "@fontsource/inter/files/inter-latin-ext-400-normal.woff";
import interExt700 from "@fontsource/inter/files/inter-latin-ext-700-normal.woff";
import { CARD_FORMATS, type CardSpec } from "../../../app/lib/card-spec";
import { cardQr, cardTree } from "./card";
import { inlineQr } from "./inline-qr";
import { encodePng } from "./png";

let ready: Promise<unknown> | null = null;
export const start = () => (ready ??= Promise.all([initSatori(yoga), initWasm(resvgWasm)]));

// wrangler's Data rule (wrangler.toml) makes a .woff import its bytes; the app's typings call it a URL string.
const bytes = (woff: unknown) => woff as ArrayBuffer;
const LATIN = [
  { name: "Inter", data: bytes(inter400), weight: 400 as const, style: "normal" as const },
  { name: "Inter", data: bytes(inter700), weight: 700 as const, style: "normal" as const },
];
const LATIN_EXT = [
  ...LATIN,
  // A family of its own: satori uses one font per family and weight, and falls back to other families
  // for a character the first lacks (under one name, the latin-ext files were never used: "Ł" drew as a box).
  { name: "Inter Latin Ext", data: bytes(interExt400), weight: 400 as const, style: "normal" as const },
  { name: "Inter Latin Ext", data: bytes(interExt700), weight: 700 as const, style: "normal" as const },
];
/** What @fontsource's latin subset covers (its unicode-range, less a few rare marks). */
const LATIN_ONLY = /^[\u0000-\u00ff\u0131\u0152\u0153\u02c6\u02da\u02dc\u2000-\u206f\u20ac\u2122\u2212]*$/;

/**
 * The fonts a card needs: the latin subset alone when every word on it is in it (satori then looks each
 * character up in two fonts, not four), else latin and latin-ext. Both arrays are module constants, the
 * key of satori's parsed-font cache (ADR 276).
 */
const fontsFor = (spec: CardSpec) =>
  [spec.kicker, spec.title, spec.figure, spec.figureNote, spec.badge, spec.charity, spec.link, spec.linkLabel].every(
    (text) => text === null || LATIN_ONLY.test(text),
  )
    ? LATIN
    : LATIN_EXT;

/** The card's PNG; with a clock (bench/cards/phases.mjs), the time each phase took by that clock. */
export async function draw(spec: CardSpec, clock?: () => number) {
  await start();
  const { width, height } = CARD_FORMATS[spec.format];
  const phases: Record<string, number> = {};
  let mark = clock?.() ?? 0;
  const lap = (name: string) => {
    if (!clock) return;
    const now = clock();
    phases[name] = now - mark;
    mark = now;
  };
  const qr = cardQr(spec.link);
  const tree = cardTree(spec, qr);
  lap("tree");
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- satori takes React elements; ours are the same plain shape
  const svg = inlineQr(await satori(tree as any, { width, height, fonts: fontsFor(spec) }), qr);
  lap("satori");
  // Both wasm-bindgen objects are freed at once: left to the garbage collector, their WebAssembly memory
  // piles up in a busy isolate and every later card's raster slows down, 2 -> 30 ms for a plain canvas (ADR 239).
  const resvg = new Resvg(svg, { fitTo: { mode: "width", value: width } });
  try {
    const rendered = resvg.render();
    lap("resvg");
    try {
      const png = encodePng(rendered.width, rendered.height, rendered.pixels);
      lap("png");
      return { png, phases };
    } finally {
      rendered.free();
    }
  } finally {
    resvg.free();
  }
}
