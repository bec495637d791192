/**
 * Drawing a card (ADR 272, 276): satori lays the tree out as SVG (text as paths, with the bundled Inter),
 * resvg-wasm rasterises it and encodes the PNG. Both WebAssembly modules are imported compiled (Workers
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
import { cardTree } from "./card";

let ready: Promise<unknown> | null = null;
export const start = () => (ready ??= Promise.all([initSatori(yoga), initWasm(resvgWasm)]));

// wrangler's Data rule (wrangler.toml) makes a .woff import its bytes; the app's typings call it a URL string.
const bytes = (woff: unknown) => woff as ArrayBuffer;
const FONTS = [
  { name: "Inter", data: bytes(inter400), weight: 400 as const, style: "normal" as const },
  { name: "Inter", data: bytes(inter700), weight: 700 as const, style: "normal" as const },
  { name: "Inter", data: bytes(interExt400), weight: 400 as const, style: "normal" as const },
  { name: "Inter", data: bytes(interExt700), weight: 700 as const, style: "normal" as const },
];

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
  const tree = cardTree(spec);
  lap("tree");
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- satori takes React elements; ours are the same plain shape
  const svg = await satori(tree as any, { width, height, fonts: FONTS });
  lap("satori");
  const rendered = new Resvg(svg, { fitTo: { mode: "width", value: width } }).render();
  lap("resvg");
  const png = rendered.asPng();
  lap("png");
  return { png, phases };
}
