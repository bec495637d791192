#!/usr/bin/env node
/**
 * Route matching done once per isolate instead of on every call (ADR 149). @remix-run/router's
 * `matchRoutes` flattens and ranks every route branch and `compilePath` builds each path's RegExp
 * again on every call; a page request makes three such calls (Remix's server routes, the static
 * handler's data routes, the static router's render), about 5-9% of a page's CPU in the profile
 * (docs/benchmarks.md, round 3). Both results depend only on their inputs:
 *
 * 1. `compilePath(path, caseSensitive, end)` is a pure function of its three arguments: its answer
 *    (a RegExp without the global flag, so matching keeps no state in it, and the params list nobody
 *    writes to) is kept in a Map. Patterns come from route definitions, a bounded set; the Map is
 *    emptied past 1,000 entries all the same.
 * 2. The ranked branches of a routes array are kept in a WeakMap keyed by that array. Remix builds
 *    its server routes once per isolate, so those arrays answer from the map; a per-request routes
 *    array (the static router's) is flattened once for that request and dropped with it. The router
 *    itself changes a routes tree in one place only, `patchRoutesImpl` (lazy route discovery, off in
 *    remix.config.js), which now empties the map.
 *
 * 3. The server renderer's routes (ADR 212): Remix's `RemixServer` rebuilt its route objects from the
 *    build's manifest on every request (`createServerRoutes`) and react-router-dom's
 *    `createStaticRouter` converted them to data routes again, so the render's `matchRoutes` met a new
 *    routes array each time and flattened and ranked all ~60 routes per request (point 2 missed).
 *    Both depend only on the build (the manifest's routes object is the build's own, one per isolate;
 *    the route modules are the build's), so each is kept per input: a WeakMap keyed by the manifest's
 *    routes, and one keyed by the server routes array. Nothing writes to either result: the static
 *    router keeps its per-request state (matches, loader data) in objects of its own.
 *
 * The patched router file is the ESM build the Remix compiler bundles into build/index.js (the server)
 * and the browser bundle alike; the other two are server-only. Run by `postinstall` (so by `npm ci`) and by `npm run build` (so a
 * node_modules installed before this script existed is patched before the next build). Idempotent.
 * Fails loudly when the code it replaces is gone (an upgrade changed it): then check whether upstream
 * caches these itself and drop the patch, or adapt it.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const MARK = "patched by scripts/patch-remix-router.mjs";

const ROUTER_PATCHES = [
  {
    before: `function compilePath(path, caseSensitive, end) {
  if (caseSensitive === void 0) {
    caseSensitive = false;
  }
  if (end === void 0) {
    end = true;
  }
`,
    after: `// ${MARK} (ADR 149): one RegExp per pattern and isolate.
const compiledPaths = new Map();
function compilePath(path, caseSensitive, end) {
  if (caseSensitive === void 0) {
    caseSensitive = false;
  }
  if (end === void 0) {
    end = true;
  }
  let key = (caseSensitive ? "1" : "0") + (end ? "1" : "0") + path;
  let compiled = compiledPaths.get(key);
  if (compiled === undefined) {
    if (compiledPaths.size >= 1000) compiledPaths.clear();
    compiled = compilePathOnce(path, caseSensitive, end);
    compiledPaths.set(key, compiled);
  }
  return compiled;
}
function compilePathOnce(path, caseSensitive, end) {
`,
  },
  {
    before: `  let branches = flattenRoutes(routes);
  rankRouteBranches(branches);
  let matches = null;
  let decoded = decodePath(pathname);`,
    after: `  // ${MARK} (ADR 149): ranked once per routes array.
  let branches = rankedBranches.get(routes);
  if (branches === undefined) {
    branches = flattenRoutes(routes);
    rankRouteBranches(branches);
    rankedBranches.set(routes, branches);
  }
  let matches = null;
  let decoded = decodePath(pathname);`,
  },
  {
    before: `function matchRoutesImpl(routes, locationArg, basename, allowPartial) {`,
    after: `let rankedBranches = new WeakMap(); // ${MARK} (ADR 149)
function matchRoutesImpl(routes, locationArg, basename, allowPartial) {`,
  },
  {
    before: `function patchRoutesImpl(routeId, children, routesToUse, manifest, mapRouteProperties) {
`,
    after: `function patchRoutesImpl(routeId, children, routesToUse, manifest, mapRouteProperties) {
  rankedBranches = new WeakMap(); // ${MARK} (ADR 149): a routes tree changes here
`,
  },
];

const SERVER_ROUTES_PATCHES = [
  {
    before: `  let routes = createServerRoutes(manifest.routes, routeModules, context.future, context.isSpaMode);`,
    after: `  // ${MARK} (ADR 212): the build's server routes, made once per isolate.
  let routes = serverRoutes.get(manifest.routes);
  if (routes === undefined) {
    routes = createServerRoutes(manifest.routes, routeModules, context.future, context.isSpaMode);
    serverRoutes.set(manifest.routes, routes);
  }`,
  },
  {
    before: `function RemixServer({`,
    after: `const serverRoutes = new WeakMap(); // ${MARK} (ADR 212)
function RemixServer({`,
  },
];

/**
 * react-router-dom/server in its CommonJS (server.js) and ESM (server.mjs) builds, which name the two
 * helpers differently (`convert(routes, mapProperties, undefined, manifest)`).
 */
const staticRouterPatches = (convert, mapProperties) => [
  {
    before: `function createStaticRouter(routes, context, opts = {}) {
  let manifest = {};
  let dataRoutes = ${convert}(routes, ${mapProperties}, undefined, manifest);`,
    after: `const staticDataRoutes = new WeakMap(); // ${MARK} (ADR 212)
function createStaticRouter(routes, context, opts = {}) {
  // ${MARK} (ADR 212): the data routes of a routes array, converted once.
  let converted = staticDataRoutes.get(routes);
  if (converted === undefined) {
    let manifest = {};
    converted = { manifest, dataRoutes: ${convert}(routes, ${mapProperties}, undefined, manifest) };
    staticDataRoutes.set(routes, converted);
  }
  let { manifest, dataRoutes } = converted;`,
  },
];

const FILES = [
  { file: "../node_modules/@remix-run/router/dist/router.js", patches: ROUTER_PATCHES },
  { file: "../node_modules/@remix-run/react/dist/esm/server.js", patches: SERVER_ROUTES_PATCHES },
  {
    file: "../node_modules/react-router-dom/server.js",
    patches: staticRouterPatches("router.UNSAFE_convertRoutesToDataRoutes", "reactRouter.UNSAFE_mapRouteProperties"),
  },
  {
    file: "../node_modules/react-router-dom/server.mjs",
    patches: staticRouterPatches("UNSAFE_convertRoutesToDataRoutes", "UNSAFE_mapRouteProperties"),
  },
];

/** Applies the patches of one file not applied yet; returns what it did. */
function patchFile(file, patches) {
  const path = fileURLToPath(new URL(file, import.meta.url));
  if (!existsSync(path)) throw new Error(`${path} is missing: the app needs it (ADR 149, 212)`);
  let source = readFileSync(path, "utf8");
  let applied = 0;
  for (const { before, after } of patches) {
    if (source.includes(after)) continue;
    const count = source.split(before).length - 1;
    if (count !== 1)
      throw new Error(`${path}: expected the code to patch once, found it ${count} times; see ADR 149, 212`);
    source = source.replace(before, after);
    applied++;
  }
  if (applied === 0) return "already patched";
  // Written aside and renamed: a build in another terminal never reads half a file.
  writeFileSync(`${path}.tmp`, source);
  renameSync(`${path}.tmp`, path);
  return `patched (${applied} of ${patches.length} changes)`;
}

/** Applies every patch not applied yet; returns what it did, file by file. */
export function patchRemixRouter() {
  return FILES.map(({ file, patches }) => `${file.replace("../node_modules/", "")}: ${patchFile(file, patches)}`).join(
    "\n",
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(patchRemixRouter());
}
