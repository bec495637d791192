/**
 * The gate every request passes in server.ts before Remix (ADR 071): mutations must come from our own
 * origin and carry a well-formed form body of a sane size. A refusal is a short plain-text 4xx, never
 * a 500 from deeper down (Remix's CSRF check throws, and request.formData() throws on a truncated
 * multipart body).
 */
import { checkFormBody } from "#app/lib/form-body";
import { checkSameOrigin } from "#app/lib/same-origin";

const refuse = (status: number, message: string) =>
  new Response(message, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });

export async function guardRequest(request: Request): Promise<Response | null> {
  const origin = checkSameOrigin(request.method, request.url, request.headers);
  if (!origin.ok) return refuse(403, "Forbidden: this form must be sent from Goals with Friends itself.");
  const body = checkFormBody(request.method, request.headers);
  if (!body.ok) return refuse(body.status, body.reason);
  if (body.multipart) {
    // Parse a copy once, so a truncated or malformed upload is a 400 here instead of a 500 in an action.
    try {
      await request.clone().formData();
    } catch {
      return refuse(400, "The form could not be read. Please try again.");
    }
  }
  return null;
}
