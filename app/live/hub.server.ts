import { DurableObject } from "cloudflare:workers";

/**
 * The live-updates hub: holds server-sent-event connections by topic and fans out small events.
 * (Filled in by the live-updates work; for now it answers and echoes published events.)
 */
export class Hub extends DurableObject<Env> {
  async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname === "/publish" && request.method === "POST") {
      return new Response(await request.text());
    }
    return new Response("hub", { status: 200 });
  }
}
