/**
 * The card renderer Worker (ADR 272): POST a CardSpec as JSON, get the PNG. satori lays the card out as
 * SVG (text as paths, with the bundled Inter), resvg-wasm rasterises it. Both WebAssembly modules are
 * imported compiled (Workers cannot compile WebAssembly from bytes) and initialised once per isolate.
 */
import satori, { init as initSatori } from "satori/standalone";
import { initWasm, Resvg } from "@resvg/resvg-wasm";
import yoga from "satori/yoga.wasm";
import resvgWasm from "@resvg/resvg-wasm/index_bg.wasm";
import inter400 from "@fontsource/inter/files/inter-latin-400-normal.woff";
import inter700 from "@fontsource/inter/files/inter-latin-700-normal.woff";
import interExt400 from "@fontsource/inter/files/inter-latin-ext-400-normal.woff";
import interExt700 from "@fontsource/inter/files/inter-latin-ext-700-normal.woff";
import { CARD_FORMATS, parseCardSpec } from "../../../app/lib/card-spec";
import { cardTree } from "./card";

let ready: Promise<unknown> | null = null;
const start = () => (ready ??= Promise.all([initSatori(yoga), initWasm(resvgWasm)]));

// wrangler's Data rule (wrangler.toml) makes a .woff import its bytes; the app's typings call it a URL string.
const bytes = (woff: unknown) => woff as ArrayBuffer;
const FONTS = [
  { name: "Inter", data: bytes(inter400), weight: 400 as const, style: "normal" as const },
  { name: "Inter", data: bytes(inter700), weight: 700 as const, style: "normal" as const },
  { name: "Inter", data: bytes(interExt400), weight: 400 as const, style: "normal" as const },
  { name: "Inter", data: bytes(interExt700), weight: 700 as const, style: "normal" as const },
];

export default {
  async fetch(request: Request): Promise<Response> {
    if (request.method !== "POST") return new Response("POST a card", { status: 405 });
    const spec = parseCardSpec(await request.json().catch(() => null));
    if (!spec) return new Response("Not a card", { status: 400 });
    await start();
    const { width, height } = CARD_FORMATS[spec.format];
    const started = Date.now();
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- satori takes React elements; ours are the same plain shape
    const svg = await satori(cardTree(spec) as any, { width, height, fonts: FONTS });
    const png = new Resvg(svg, { fitTo: { mode: "width", value: width } }).render().asPng();
    return new Response(png as Uint8Array<ArrayBuffer>, {
      headers: { "Content-Type": "image/png", "Server-Timing": `render;dur=${Date.now() - started}` },
    });
  },
};
