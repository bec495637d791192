// One-off codemod (ADR 214): moves the files listed in feature-folders.map with `git mv` and rewrites every
// import and every path named in code comments and docs. Relative imports that would climb out of their
// folder become `#app/...` imports. Run once from the repository root; kept as the record of the move.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const map = new Map(
  fs
    .readFileSync(new URL("./feature-folders.map", import.meta.url), "utf8")
    .split("\n")
    .filter((l) => l.trim() && !l.startsWith("#"))
    .map((l) => l.trim().split(/\s+/)),
);
const files = execFileSync("git", ["ls-files"], { encoding: "utf8" })
  .split("\n")
  .filter((f) => f && /\.(ts|tsx|js|mjs|cjs|md|json|toml|css)$/.test(f) && !f.startsWith("scripts/codemods/"))
  .filter((f) => f !== "package-lock.json" && !f.startsWith("migrations/") && !f.startsWith("drizzle/meta"));
const exts = [".ts", ".tsx", ".js", ".mjs", ".d.ts", "/index.ts", "/index.tsx"];
const newOf = (p) => map.get(p) ?? p;
const exists = new Set(execFileSync("git", ["ls-files"], { encoding: "utf8" }).split("\n"));

function resolveOld(fromFile, spec) {
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(fromFile), spec));
  if (exists.has(base)) return { target: base, ext: "" };
  for (const e of exts) if (exists.has(base + e)) return { target: base + e, ext: e };
  return null;
}
const stripExt = (p, ext) => (ext ? p.slice(0, -ext.length) : p);

// 1. Relative specifiers, resolved against the old tree, rewritten for the new one.
const rewritten = new Map();
for (const f of files) {
  if (!/\.(ts|tsx|js|mjs|cjs)$/.test(f)) continue;
  let src = fs.readFileSync(f, "utf8");
  const nf = newOf(f);
  src = src.replace(
    /((?:from|import|vi\.mock|vi\.importActual|require)\s*\(?\s*)(["'])(\.\.?\/[^"']+)\2/g,
    (whole, pre, q, spec) => {
      const r = resolveOld(f, spec);
      if (!r) return whole;
      const nt = newOf(r.target);
      if (nt === r.target && nf === f) return whole;
      let rel = path.posix.relative(path.posix.dirname(nf), stripExt(nt, r.ext));
      if (rel.startsWith("../") && nt.startsWith("app/")) rel = "#" + stripExt(nt, r.ext);
      else if (!rel.startsWith(".")) rel = "./" + rel;
      return pre + q + rel + q;
    },
  );
  rewritten.set(f, src);
}
// 2. Paths named anywhere (#app/ imports, comments, docs), longest first, with and without extension.
const pairs = [...map].flatMap(([o, n]) => {
  const e = path.posix.extname(o);
  return [
    [o, n],
    [o.slice(0, -e.length), n.slice(0, -path.posix.extname(n).length)],
  ];
});
pairs.sort((a, b) => b[0].length - a[0].length);
const esc = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const re = new RegExp("(?<![A-Za-z0-9_/-])(" + pairs.map(([o]) => esc(o)).join("|") + ")(?![A-Za-z0-9_-])", "g");
const to = new Map(pairs);
for (const f of files) {
  const src = rewritten.get(f) ?? fs.readFileSync(f, "utf8");
  const out = src.replace(re, (m) => to.get(m));
  if (out !== fs.readFileSync(f, "utf8")) fs.writeFileSync(f, out);
}
// 3. The moves themselves, so history follows.
for (const [o, n] of map) {
  fs.mkdirSync(path.posix.dirname(n), { recursive: true });
  execFileSync("git", ["mv", o, n]);
}
console.log(`moved ${map.size} files`);
