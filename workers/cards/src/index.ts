/**
 * The card renderer Worker (ADR 272): POST a CardSpec as JSON, get the PNG (drawn by ./draw).
 */
import { parseCardSpec } from "../../../app/lib/card-spec";
import { draw } from "./draw";

export default {
  async fetch(request: Request): Promise<Response> {
    if (request.method !== "POST") return new Response("POST a card", { status: 405 });
    const spec = parseCardSpec(await request.json().catch(() => null));
    if (!spec) return new Response("Not a card", { status: 400 });
    const started = Date.now();
    const { png } = await draw(spec);
    return new Response(png as Uint8Array<ArrayBuffer>, {
      headers: { "Content-Type": "image/png", "Server-Timing": `render;dur=${Date.now() - started}` },
    });
  },
};
