#!/usr/bin/env node
/**
 * Writes docs/decisions/README.md: "Start here" (the decisions that shape the architecture, listed in
 * START_HERE below), then every ADR with its number, title, status and date.
 * Every ADR carries two lines under its title: "Status: ..." (accepted, "superseded by NNN", "superseded:
 * folded into <file>" for a micro-decision whose rule now lives beside its code, ...) and "Date: YYYY-MM-DD".
 * Usage: node scripts/adr-index.mjs [--check]
 *   Without --check it also writes a missing Status line ("accepted") or Date line (the day the file
 *   entered git, else today) under an ADR's title, so a new ADR is normalised when the index is rebuilt.
 *   --check writes nothing and fails when an ADR lacks either line or the index is out of date.
 */
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import * as prettier from "prettier";

/** The ~15 decisions a newcomer reads first, in reading order, each with what it explains. */
const START_HERE = [
  ["001", "how the app is built and served: one Worker entry, the classic Remix compiler"],
  ["214", "where code lives: a folder per capability, the shared platform, thin routes"],
  ["123", "what a loader gets: the generated Env type and the one load context"],
  ["002", "who the viewer is: remix-auth, cookie sessions, ending sessions on the server"],
  ["030", "who may do what: role checks in every loader and action, the audit log"],
  ["071", "what reaches Remix at all: the request guard (same origin, form bodies, caps)"],
  ["070", "what every response carries: security headers and the nonce CSP"],
  ["101", "how input is checked: length first, linear scans, a field message and a 4xx"],
  ["020", "how a screen reads: one D1 batch per screen (then 205 and 209 for its shape)"],
  ["210", "a view only reads: writes after the response; 200 for replicas"],
  ["021", "how a screen writes: multi-row changes in one batch, limits as conditions of the write"],
  ["040", "live updates: hub instances per goal (202: the sharded site hub) and 043: routes declare topics"],
  ["125", "what leaves the app: mail and the CRM on a queue, the outbox"],
  ["121", "what an operator sees: structured logs and the one error reporter (112)"],
  ["160", "what a user is told: one flash message after every redirecting action"],
  ["161", "the domain's core rule: goal states in one place, only controls that work"],
  ["072", "how it is proven: the generated bad-input suite; 050 counts D1 round trips; 120 fixtures"],
];

const DIR = new URL("../docs/decisions/", import.meta.url).pathname;
const files = readdirSync(DIR)
  .filter((f) => /^\d{3}-.*\.md$/.test(f))
  .sort();

function firstCommitDay(file) {
  try {
    const out = execFileSync("git", ["log", "--diff-filter=A", "--format=%as", "--", join(DIR, file)], {
      encoding: "utf8",
    }).trim();
    return out.split("\n").pop() || today;
  } catch {
    return today;
  }
}

const check = process.argv.includes("--check");
const today = new Date().toISOString().slice(0, 10);

/** The ADR's text with "Status:" and "Date:" lines under its title, added where missing. */
function withHeaderLines(text, file) {
  const add = [];
  if (!/^Status:/im.test(text)) add.push("Status: accepted");
  if (!/^Date:\s*\d{4}-\d{2}-\d{2}\s*$/im.test(text)) {
    add.push(`Date: ${text.match(/^Status:.*\((\d{4}-\d{2}-\d{2})\)/im)?.[1] ?? firstCommitDay(file)}`);
  }
  if (add.length === 0) return text;
  const at = text.search(/^# .*$/m);
  const titleEnd = at < 0 ? 0 : text.indexOf("\n", at) + 1;
  const existing = text.slice(titleEnd).match(/^\s*\n(Status:.*\n)?/i)?.[0] ?? "";
  const head = existing.includes("Status:") ? existing.replace(/^\s*\n/, "") : "";
  return `${text.slice(0, titleEnd)}\n${head}${add.join("\n")}\n\n${text.slice(titleEnd + existing.length).replace(/^\n+/, "")}`;
}

const missing = [];
const adrs = files.map((file) => {
  let text = readFileSync(join(DIR, file), "utf8");
  if (!check) {
    const fixed = withHeaderLines(text, file);
    if (fixed !== text) {
      writeFileSync(join(DIR, file), fixed);
      console.log(`${file}: added its Status/Date line`);
      text = fixed;
    }
  }
  const title = (text.match(/^# (.*)$/m)?.[1] ?? file).replace(/^\d{3}:?\s*/, "");
  const statusLine = text.match(/^Status:\s*(.*)$/im)?.[1]?.trim();
  const dateLine = text.match(/^Date:\s*(\d{4}-\d{2}-\d{2})\s*$/im)?.[1];
  if (!statusLine) missing.push(`${file}: no "Status:" line`);
  if (!dateLine) missing.push(`${file}: no "Date: YYYY-MM-DD" line`);
  const status = statusLine ? statusLine.replace(/\s*\(\d{4}-\d{2}-\d{2}\)\s*$/, "") : "accepted";
  const date = dateLine ?? statusLine?.match(/\((\d{4}-\d{2}-\d{2})\)/)?.[1] ?? firstCommitDay(file);
  return { num: file.slice(0, 3), file, title, status, date };
});
const byNum = new Map(adrs.map((adr) => [adr.num, adr]));
const cell = (text) => text.replace(/\|/g, "\\|");
const link = (adr) => `[${adr.num}](${adr.file})`;

const startHere = START_HERE.map(([num, why]) => {
  const adr = byNum.get(num);
  if (!adr) throw new Error(`START_HERE names ADR ${num}, which has no file`);
  return `| ${link(adr)} | ${cell(adr.title)} | ${cell(why)} |`;
});
const folded = adrs.filter((adr) => /^superseded/i.test(adr.status)).length;

const raw = `# Decisions (ADRs)

Short records of why the code is the way it is: Context, Decision, Consequences. Each opens with a
"Status:" line and a "Date:" line. An ADR that a later one replaces keeps its file and says
"Status: superseded by NNN"; a micro-decision (one index, one CSS rule, one benchmark lever) whose rule
now lives beside its code says "Status: superseded: folded into <file>" (${folded} so far).

## Start here

The decisions that shape the architecture, in reading order. The rest refine one of these, record a
product rule (also in [docs/product.md](../product.md)) or a measured lever
([docs/benchmarks.md](../benchmarks.md)).

| ADR | Title | Read it for |
| --- | --- | --- |
${startHere.join("\n")}

## Every decision

Generated by \`node scripts/adr-index.mjs\` from each file's title, "Status:" and "Date:" lines (add
\`--check\` to verify). Run it after adding or superseding an ADR; it also names an ADR that lacks a line.

| ADR | Title | Status | Date |
| --- | --- | --- | --- |
${adrs.map((adr) => `| ${link(adr)} | ${cell(adr.title)} | ${cell(adr.status)} | ${adr.date} |`).join("\n")}
`;

const target = join(DIR, "README.md");
const index = await prettier.format(raw, { ...(await prettier.resolveConfig(target)), filepath: target });
if (check) {
  for (const line of missing) console.error(line);
  const current = readFileSync(target, "utf8");
  if (current !== index) console.error("docs/decisions/README.md is out of date: run node scripts/adr-index.mjs");
  if (current !== index || missing.length > 0) process.exit(1);
} else {
  writeFileSync(target, index);
}
