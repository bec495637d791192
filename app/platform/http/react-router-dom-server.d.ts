/**
 * tsconfig.json's `paths` sends "react-router-dom/server" to its ES module build (server.mjs) so the
 * worker's bundler can leave out what the server does not use (ADR 306); server.mjs has no types of
 * its own, so TypeScript takes them from the CommonJS build's declaration, which is the same API.
 */
declare module "react-router-dom/server" {
  export * from "react-router-dom/server.js";
}
