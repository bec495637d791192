/** @type {import('@remix-run/dev').AppConfig} */
export default {
  server: "./server.ts",
  serverBuildPath: "build/index.js",
  serverConditions: ["workerd", "worker", "browser"],
  serverMainFields: ["browser", "module", "main"],
  // Bundle every dependency except the runtime's own `cloudflare:` modules.
  serverDependenciesToBundle: [/^(?!cloudflare:).*/],
  serverModuleFormat: "esm",
  serverPlatform: "neutral",
  // bench/profile.mjs builds without minifying, so a CPU profile names React's, Remix's and the app's
  // functions; everything else ships minified.
  serverMinify: process.env.SERVER_MINIFY !== "false",
  assetsBuildDirectory: "public/build",
  publicPath: "/build/",
  ignoredRouteFiles: ["**/.*", "**/*.test.*"],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    // The whole route manifest up front (one cacheable /build/manifest-<hash>.js, 2.1 KB gzip) instead of a
    // partial manifest computed and inlined by every render: /main -8%, /signin -11% CPU per request in an
    // A/B (docs/benchmarks.md). Revisit past a few hundred routes.
    v3_lazyRouteDiscovery: false,
    v3_singleFetch: true,
  },
};
