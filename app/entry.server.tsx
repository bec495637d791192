import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/cloudflare";
import { RemixServer } from "@remix-run/react";
import { renderToReadableStream } from "#app/platform/http/react-dom-server.server";
import { NonceProvider } from "#app/components/Nonce";
import { applyDocumentHeaders } from "#app/platform/http/headers.server";
import { routeOf } from "#app/platform/http/log.server";
import { reportError } from "#app/platform/http/report.server";
import { shipsNoScripts } from "#app/lib/scripts";
import { installTextEncoderFastPath } from "#app/platform/http/text-encoder.server";

// React encodes every small piece of HTML separately; keep that in JavaScript (ADR 052).
installTextEncoderFastPath();

const ABORT_DELAY = 5_000;

/** Every unexpected loader, action or render error, once, to the reporter; not an aborted request. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  reportError(error, { where: "remix", requestId: context.requestId, route: routeOf(request.url) }, context.cloudflare);
};

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // A page without scripts (the marketing page) gets no nonce: its CSP allows no script (ADR 116).
  const scriptless = shipsNoScripts(
    remixContext.staticHandlerContext.matches.map((m) => remixContext.routeModules[m.route.id]?.handle),
  );
  const nonce = scriptless ? "" : loadContext.nonce;
  const controller = new AbortController();
  const timeoutId = setTimeout(() => controller.abort(), ABORT_DELAY);
  // An error in the shell rejects renderToReadableStream: Remix then calls handleError with it and renders
  // the error boundary, so reporting it here too would make two reports of one error. Only errors after
  // the shell (in a streamed Suspense boundary) are this callback's to report.
  let shellRendered = false;
  const body = await renderToReadableStream(
    <NonceProvider value={nonce}>
      <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
    </NonceProvider>,
    {
      nonce,
      // Every Suspense boundary in place, however large (ADR 237): React 19 otherwise moves a finished
      // boundary of more than 12,800 bytes out of the flow, as a hidden segment an inline script reveals,
      // so that a streamed shell could flush sooner. The document leaves in one piece anyway (ADR 208),
      // and without JavaScript a moved section would never show.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      signal: controller.signal,
      onError(error: unknown) {
        if (shellRendered && !controller.signal.aborted)
          reportError(
            error,
            { where: "render", requestId: loadContext.requestId, route: routeOf(request.url) },
            loadContext.cloudflare,
          );
        responseStatusCode = 500;
      },
    },
  );
  shellRendered = true;
  // The whole document in one piece (ADR 208): the loaders are done before React starts and no route
  // streams a Suspense boundary, so waiting for the last byte costs the browser nothing, and the page
  // leaves as one body with its length instead of dozens of small chunks (bench: less CPU per page).
  // React 19 writes `</body></html>` after Remix's streamed data scripts itself (ADR 122 no longer needs
  // to move it).
  await body.allReady;
  clearTimeout(timeoutId);
  const html = await new Response(body).arrayBuffer();

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  applyDocumentHeaders(responseHeaders, scriptless ? null : nonce, loadContext.cloudflare.env);
  return new Response(html, { headers: responseHeaders, status: responseStatusCode });
}
