/**
 * The assets layer answers a URL with a raw `$` (or `[ ]`) with a 307 to its percent-encoded form, so
 * scripts/encode-build-urls.mjs writes the route modules' URLs encoded after `remix build` (ADR 302).
 * tests/e2e/static-files.spec.ts checks the served app; this checks the rewrite, and the build on disk
 * when there is one.
 */
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { buildFileOf, encodeBuildUrl, encodeBuildUrls } from "../../scripts/encode-build-urls.mjs";

const root = new URL("../..", import.meta.url).pathname;

test("a /build/ URL's `$` and `[ ]` are percent-encoded, nothing else is touched, and a second run changes nothing", () => {
  const input =
    'x={"routes/active.$id":{id:"routes/active.$id",module:"/build/routes/active.$id-AB12.js",' +
    'imports:["/build/_shared/chunk-X.js"],css:["/build/_assets/goal-Y.css"]},other:"$ /build/$"};' +
    'c={module:"/build/routes/goals.$id.certificate[.png]-CD34.js"};';
  const once = encodeBuildUrls(input);
  assert.equal(once.count, 2);
  assert.equal(
    once.text,
    'x={"routes/active.$id":{id:"routes/active.$id",module:"/build/routes/active.%24id-AB12.js",' +
      'imports:["/build/_shared/chunk-X.js"],css:["/build/_assets/goal-Y.css"]},other:"$ /build/$"};' +
      'c={module:"/build/routes/goals.%24id.certificate%5B.png%5D-CD34.js"};',
  );
  assert.deepEqual(encodeBuildUrls(once.text), { text: once.text, count: 0 });
  assert.equal(buildFileOf("/build/routes/goals.%24id.import-Z.js"), "/build/routes/goals.$id.import-Z.js");
});

const built = existsSync(join(root, "public/build")) && existsSync(join(root, "build/index.js"));
test(
  "the build names no /build/ URL with a raw `$`, and every one it names is a file",
  { skip: !built && "no build" },
  () => {
    const manifest = readdirSync(join(root, "public/build")).find((f) => /^manifest-\w+\.js$/.test(f));
    const sources = [join(root, "public/build", manifest), join(root, "build/index.js")];
    if (existsSync(join(root, "public/sw.js"))) sources.push(join(root, "public/sw.js"));
    for (const file of sources) {
      const urls = [...readFileSync(file, "utf8").matchAll(/"(\/build\/[^"\s\\]+\.(?:js|css))"/g)].map((m) => m[1]);
      assert.ok(urls.length > 0, file);
      assert.deepEqual(
        urls.filter((url) => url !== encodeBuildUrl(url)),
        [],
        file,
      );
      assert.deepEqual(
        urls.filter((url) => !existsSync(join(root, "public", buildFileOf(url)))),
        [],
        file,
      );
    }
  },
);
