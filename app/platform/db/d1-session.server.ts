/**
 * One D1 session per request (read replication, ADR 200): reads may go to a replica; the bookmark the
 * request ends at goes back in a cookie so the same browser's next request reads its own writes.
 */
import { bookmarkFromCookies, bookmarkSetCookie, sessionConstraint } from "#app/lib/d1-bookmark";
import { createSessionDb } from "./db.server";
import { isDevelopment } from "#app/platform/http/env.server";

export function openD1Session(request: Request, env: Env) {
  const sent = bookmarkFromCookies(request.headers.get("Cookie"));
  const session = env.DB.withSession(sessionConstraint(sent, request.method));
  return {
    db: createSessionDb(session),
    /**
     * After a mutation that succeeded (a POST the app took: it wrote), the response carries the bookmark
     * so the browser's next request reads at least that far. Reads and refusals leave the cookie alone.
     */
    carryBookmark(response: Response): Response {
      if (request.method === "GET" || request.method === "HEAD" || response.status >= 400) return response;
      const cookie = bookmarkSetCookie(session.getBookmark(), sent, !isDevelopment(env));
      if (!cookie) return response;
      try {
        response.headers.append("Set-Cookie", cookie);
        return response;
      } catch {
        // Immutable headers (a fetched or cached response): copy once.
        const copy = new Response(response.body, response);
        copy.headers.append("Set-Cookie", cookie);
        return copy;
      }
    },
  };
}
