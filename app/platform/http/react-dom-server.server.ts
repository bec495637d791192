/**
 * React's streaming renderer for the edge, alone (ADR 306). `react-dom/server` under the worker's
 * conditions is server.edge.js, a CommonJS file that also requires React's legacy renderer
 * (renderToString, renderToStaticMarkup: 90 KiB of the worker, ~24 KiB gzip) that nothing here calls,
 * and a bundler cannot leave out a CommonJS require. This requires the one file server.edge.js takes
 * renderToReadableStream from; the build's NODE_ENV keeps only one of the two branches, as React's own
 * index.js does. The package's exports map does not list its cjs/ files, hence the relative paths.
 */
import type { renderToReadableStream as RenderToReadableStream } from "react-dom/server";

declare const require: (path: string) => { renderToReadableStream: typeof RenderToReadableStream };
declare const process: { env: { NODE_ENV?: string } };

let server: { renderToReadableStream: typeof RenderToReadableStream };
if (process.env.NODE_ENV === "production")
  server = require("../../../node_modules/react-dom/cjs/react-dom-server.edge.production.js");
else server = require("../../../node_modules/react-dom/cjs/react-dom-server.edge.development.js");

export const renderToReadableStream = server.renderToReadableStream;
