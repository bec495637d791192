/**
 * Generates malformed form submissions, deterministically (a seeded PRNG), for the bad-input suite
 * (tests/integration/bad-input-generated.test.ts). A form is described once by its fields; every
 * generated case starts from a valid submission and applies at least one breaking mutation (a field
 * missing, empty, too long, of the wrong type, with control characters, in the wrong shape, or a body
 * that is not a readable form) plus some harmless noise (extra fields, unicode, case, encoding), so a
 * correct server must refuse every one of them.
 */

// ---------- PRNG ----------

/** mulberry32: small, fast, and the same sequence on every machine for a given seed. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const chance = (p: number) => next() < p;
  return { next, int, pick, chance };
}
export type Rng = ReturnType<typeof prng>;

export const seedOf = (text: string) =>
  [...text].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0, 2166136261);

// ---------- fields ----------

export type FieldSpec =
  /** Required, trimmed text with an upper bound. */
  | { kind: "text"; max: number }
  | { kind: "email" }
  /** Required, not trimmed; `min` when the form sets one (sign-up). */
  | { kind: "password"; min?: number; max: number }
  /** One of a fixed list (a select or radio). */
  | { kind: "choice"; values: readonly string[] }
  /** A fixed hidden value such as intent=complete. */
  | { kind: "literal"; value: string }
  /** A reference to a row that exists (the value is produced by the test's fixtures). */
  | { kind: "ref"; value: () => string; max?: number; foreign?: () => string }
  /** Optional, trimmed text with an upper bound: missing, empty and blank are valid. */
  | { kind: "optional-text"; max: number }
  /** A money amount in major units ('25', '12.50'), more than zero and at most `max`. */
  | { kind: "amount"; max: number }
  /** A measured amount ('5', '5.25'), more than zero, at most 2 decimals and at most `max` (ADR 140). */
  | { kind: "quantity"; max: number }
  /** A calendar day that must be `valid()`; `before()` is a day before the allowed range (ADR 140). */
  | { kind: "day"; valid: () => string; before: () => string; after: () => string }
  /**
   * A form's idempotency key (32 lower-case hex digits, ADR 215, 218), fixed so it is never used up; an
   * `optional` one may be missing or empty (a page rendered before the key existed sends none).
   */
  | { kind: "key"; value: string; optional?: boolean }
  /**
   * An IANA time zone the page's script fills in from the device ("Europe/London"); optional: missing
   * or empty keeps the stored one (ADR 282).
   */
  | { kind: "time-zone" };

export type FileValue = { file: { name: string; type: string; bytes: Uint8Array<ArrayBuffer> } };
/** One submitted value; an array means the field is repeated. */
export type Value = string | FileValue;

export interface Submission {
  /** What was done, to reproduce a failure from its message. */
  label: string[];
  fields: [string, Value][];
  encoding: "urlencoded" | "multipart";
  /** Set when the body itself is broken (then `fields` is ignored). */
  raw?: { body: BodyInit | null; contentType: string | null };
  /** A breaking mutation hit a field, in a well-formed body: the page should show a field error. */
  fieldBroken: boolean;
}

// Strings that are valid input.
const NAMES = ["Jane", "O'Brien", "Zoë", "山田", "Ñúñez-Díaz", "Anne Marie", "Łukasz", "محمد", "Ἀθηνᾶ"];
const UNICODE_NOISE = ["🙂", "👩🏽‍🚀", "e\u0301", "\u05e9\u05dc\u05d5\u05dd", "日本語", "Ａ", "\u00a0", "ß", "İ", "\u200d"];
const CONTROL = ["\u0000", "\u0001", "\u0007", "\u0008", "\u000b", "\u000c", "\u001b", "\u001f", "\u007f"];
/** Names an attacker would try to mass-assign. */
const EXTRA_NAMES = [
  "type",
  "role",
  "admin",
  "id",
  "userId",
  "uid",
  "status",
  "activegoals",
  "passwordHash",
  "__proto__",
  "constructor",
  "orgId",
  "completed",
  "_action",
  "redirectTo",
  "email2",
  "x".repeat(300),
];

function validValue(spec: FieldSpec, rng: Rng): string {
  switch (spec.kind) {
    case "text":
      return rng.pick(NAMES).slice(0, spec.max);
    case "email":
      return `bad-input-${Math.floor(rng.next() * 1e12).toString(36)}@example.com`;
    case "password":
      return "correct-horse-" + rng.int(100, 999);
    case "choice":
      return rng.pick(spec.values);
    case "literal":
      return spec.value;
    case "ref":
      return spec.value();
    case "optional-text":
      return rng.chance(0.5)
        ? ""
        : rng.pick(["Go team!", "Proud of you 🙂", "Allez les bleus", "頑張って"]).slice(0, spec.max);
    case "amount":
      return rng.pick(["5", "12.50", "100", "0.99", "£20", "1,000"]);
    case "quantity":
      return rng.pick(["5", "12.5", "0.25", "42"]);
    case "day":
      return spec.valid();
    case "key":
      return spec.value;
    case "time-zone":
      return rng.chance(0.25) ? "" : rng.pick(["Europe/London", "America/New_York", "Asia/Kolkata", "UTC"]);
  }
}

const repeat = (text: string, length: number) => text.repeat(Math.ceil(length / text.length)).slice(0, length);
const insertAt = (text: string, rng: Rng, piece: string) => {
  const i = rng.int(0, text.length);
  return text.slice(0, i) + piece + text.slice(i);
};
const file = (rng: Rng): FileValue => {
  const [name, type, content] = rng.pick([
    ["x.svg", "image/svg+xml", "<svg onload=alert(1)/>"],
    ["x.png", "image/png", "\x89PNG\r\n\x1a\n"],
    ["x.txt", "text/plain", "hello"],
    ["empty.bin", "application/octet-stream", ""],
  ] as const);
  return { file: { name, type, bytes: new TextEncoder().encode(content) } };
};

type FieldBreaker = { name: string; apply: (valid: string, rng: Rng) => Value[] };

/** The breaking mutations of one field: each yields the values to send (none = the field is missing). */
function breakersFor(spec: FieldSpec): FieldBreaker[] {
  const common: FieldBreaker[] = [
    { name: "missing", apply: () => [] },
    { name: "empty", apply: () => [""] },
    { name: "repeated", apply: (v) => [v, v] },
    { name: "file instead of text", apply: (_, rng) => [file(rng)] },
  ];
  const tooLong = (max: number): FieldBreaker[] => [
    { name: `max+1 (${max + 1} chars)`, apply: (v) => [repeat(v || "x", max + 1)] },
    { name: "10 KB", apply: (v) => [repeat(v || "x", 10_240)] },
    { name: "100 KB of unicode", apply: () => [repeat("日本🙂", 100_000)] },
  ];
  // Inside the value: at either end, trimming would (rightly) remove the whitespace-like ones.
  const inside = (v: string, rng: Rng, piece: string) =>
    v.length < 2 ? `a${piece}b` : insertAt(v.slice(1, -1), rng, piece).replace(/^/, v[0]!) + v.at(-1);
  const control: FieldBreaker = { name: "control character", apply: (v, rng) => [inside(v, rng, rng.pick(CONTROL))] };
  const whitespace: FieldBreaker = {
    name: "whitespace only",
    apply: (_, rng) => [rng.pick([" ", "\t", "  \n ", "\u00a0 "])],
  };
  switch (spec.kind) {
    case "text":
      return [
        ...common,
        ...tooLong(spec.max),
        control,
        whitespace,
        { name: "bidi override", apply: (v, rng) => [inside(v, rng, rng.pick(["\u202e", "\u2066"]))] },
      ];
    case "email":
      return [
        ...common,
        ...tooLong(254).map((b) => ({
          ...b,
          apply: (v: string, rng: Rng) => b.apply(v, rng).map((x) => (typeof x === "string" ? x + "@example.com" : x)),
        })),
        control,
        whitespace,
        { name: "no @", apply: (v) => [v.replace("@", "")] },
        { name: "two @", apply: (v) => [v.replace("@", "@@")] },
        { name: "no dot after @", apply: (v) => [v.split("@")[0] + "@localhost"] },
        { name: "space inside", apply: (v) => [v.replace("@", " @")] },
        { name: "fullwidth @", apply: (v) => [v.replace("@", "＠")] },
        { name: "zero-width space", apply: (v, rng) => [insertAt(v, rng, "\u200b")] },
        { name: "bidi override", apply: (v, rng) => [insertAt(v, rng, "\u202e")] },
        { name: "header injection", apply: (v) => [`${v}\r\nBcc: victim@example.com`] },
      ];
    case "password":
      return [
        ...common,
        { name: "201 chars", apply: () => ["p".repeat(spec.max + 1)] },
        { name: "100 KB", apply: () => ["p".repeat(100_000)] },
        ...(spec.min ? [{ name: "too short", apply: () => ["p".repeat(spec.min! - 1)] }] : []),
      ];
    case "choice":
      return [
        ...common,
        {
          name: "not an option",
          // Never one of the options themselves (an hour's "1").
          apply: (_, rng) => [
            rng.pick(
              ["superadmin", "root", "1", "true", "null", "undefined", "<script>", "' OR 1=1 --"].filter(
                (x) => !spec.values.includes(x),
              ),
            ),
          ],
        },
        // An option with no letters ("19") is itself in upper case: a unit after it is not an option.
        { name: "option in upper case", apply: (v) => [v.toUpperCase() === v ? `${v}H` : v.toUpperCase()] },
        { name: "option plus control character", apply: (v) => [v + "\u0000"] },
        { name: "option padded", apply: (v) => [` ${v}x`] },
      ];
    case "literal":
      return [
        { name: "missing", apply: () => [] },
        {
          name: "wrong value",
          apply: (_, rng) => [rng.pick(["delete", "", "COMPLETE", "complete ", "x".repeat(5000)])],
        },
        { name: "file instead of text", apply: (_, rng) => [file(rng)] },
      ];
    case "optional-text":
      return [
        common[2]!, // repeated
        common[3]!, // file instead of text
        ...tooLong(spec.max),
        control,
        {
          name: "markup",
          apply: (_, rng) => [
            rng.pick(["<b>hi</b>", "<script>alert(1)</script>", "a < b <img src=x onerror=alert(1)>"]),
          ],
        },
      ];
    case "amount":
      return [
        ...common,
        control,
        whitespace,
        { name: "zero", apply: (_, rng) => [rng.pick(["0", "0.00", "£0"])] },
        { name: "negative", apply: (v) => [`-${v}`] },
        { name: "three decimals", apply: () => ["12.345"] },
        { name: "words", apply: (_, rng) => [rng.pick(["ten", "NaN", "Infinity", "12 pounds", "null"])] },
        { name: "exponent", apply: () => ["1e3"] },
        { name: "over the maximum", apply: () => [`${spec.max.toLocaleString("en-GB")}.01`] },
        { name: "40 digits", apply: () => ["9".repeat(40)] },
        { name: "10 KB", apply: () => ["1".repeat(10_240)] },
      ];
    case "quantity":
      return [
        ...common,
        control,
        whitespace,
        { name: "zero", apply: (_, rng) => [rng.pick(["0", "0.00", ".0"])] },
        { name: "negative", apply: (v) => [`-${v}`] },
        { name: "three decimals", apply: () => ["12.345"] },
        { name: "words", apply: (_, rng) => [rng.pick(["abc", "five", "NaN", "Infinity", "5 km", "null"])] },
        { name: "exponent", apply: (_, rng) => [rng.pick(["1e309", "1e3", "5E2"])] },
        { name: "over the maximum", apply: () => [`${spec.max}.01`] },
        { name: "40 digits", apply: () => ["9".repeat(40)] },
        { name: "10 KB", apply: () => ["1".repeat(10_240)] },
      ];
    case "day":
      return [
        ...common,
        control,
        { name: "not a date", apply: (_, rng) => [rng.pick(["2026-02-30", "tomorrow", "10/03/2026", "2026-3-1"])] },
        { name: "before the allowed days", apply: () => [spec.before()] },
        { name: "after the allowed days", apply: () => [spec.after()] },
        { name: "10 KB", apply: () => ["2026-03-01".repeat(1_024)] },
      ];
    case "key":
      return [
        ...(spec.optional ? common.slice(2) : common),
        control,
        { name: "upper case", apply: (v) => [v.toUpperCase()] },
        { name: "one digit short", apply: (v) => [v.slice(1)] },
        { name: "one digit long", apply: (v) => [v + "0"] },
        { name: "not hex", apply: (v) => ["g" + v.slice(1)] },
        { name: "a UUID", apply: () => [crypto.randomUUID()] },
        { name: "SQL in key", apply: (v) => [`${v}' OR '1'='1`] },
        { name: "padded", apply: (v) => [` ${v} `] },
        { name: "10 KB", apply: () => ["a".repeat(10_240)] },
      ];
    case "time-zone":
      return [
        common[2]!, // repeated
        common[3]!, // file instead of text
        { name: "65 chars", apply: () => ["Europe/" + "x".repeat(58)] },
        { name: "10 KB", apply: () => ["Europe/London".repeat(788)] },
        { name: "control character", apply: (v) => [`${v || "UTC"}\u0000`] },
        {
          name: "not a time zone",
          apply: (_, rng) => [
            rng.pick(["Mars/Olympus_Mons", "Europe/Londres", "Europe/../etc", "+25:00", "' OR 1=1 --", "<script>"]),
          ],
        },
        { name: "padded", apply: (v) => [` ${v || "UTC"} `] },
      ];
    case "ref":
      return [
        ...common,
        { name: "unknown id", apply: () => [crypto.randomUUID().replace(/-/g, "")] },
        { name: "SQL in id", apply: (v) => [`${v}' OR '1'='1`] },
        { name: "huge id", apply: () => ["a".repeat(spec.max ? spec.max + 1 : 10_000)] },
        control,
        // A row that exists but is not the sender's to change (someone else's entry, ADR 140).
        ...(spec.foreign ? [{ name: "someone else's id", apply: () => [spec.foreign!()] }] : []),
      ];
  }
}

/** Harmless changes: the submission stays as broken as it was, no more. */
function addNoise(
  fields: [string, Value][],
  specs: Record<string, FieldSpec>,
  untouched: Set<string>,
  rng: Rng,
  label: string[],
) {
  const noises = rng.int(0, 3);
  for (let i = 0; i < noises; i++) {
    const kind = rng.int(0, 3);
    if (kind === 0) {
      const name = rng.pick(EXTRA_NAMES);
      fields.push([name, rng.pick(["admin", "1", "true", "99", '{"x":1}', "org", "../../etc/passwd"])]);
      label.push(`extra field ${name.slice(0, 20)}`);
    } else if (kind === 1) {
      // Unicode that is valid in a name, on a text field the breaker did not touch.
      const names = [...untouched].filter((n) => specs[n]!.kind === "text");
      if (names.length === 0) continue;
      const name = rng.pick(names);
      const entry = fields.find(([n]) => n === name);
      if (entry && typeof entry[1] === "string") {
        const max = (specs[name] as { max: number }).max;
        const noisy = (rng.pick(UNICODE_NOISE) + entry[1]).slice(0, Math.max(1, Math.floor(max / 2)));
        if (noisy.trim()) ((entry[1] = noisy), label.push(`unicode in ${name}`));
      }
    } else if (kind === 2) {
      const entry = fields.find(([n]) => specs[n]?.kind === "email" && untouched.has(n));
      if (entry && typeof entry[1] === "string")
        ((entry[1] = entry[1].toUpperCase()), label.push("email in upper case"));
    } else {
      fields.reverse();
      label.push("fields reordered");
    }
  }
}

const BODY_BREAKERS = [
  "JSON body",
  "text/plain body",
  "no content type",
  "truncated multipart",
  "multipart with the wrong boundary",
  "multipart without a boundary",
  "random bytes as a form",
  "2 MB form",
  "empty body",
] as const;

/** A body that is not a readable form; `fields` says what it was meant to carry. */
async function brokenBody(
  kind: (typeof BODY_BREAKERS)[number],
  fields: [string, Value][],
  rng: Rng,
): Promise<Submission["raw"]> {
  const strings = Object.fromEntries(fields.filter(([, v]) => typeof v === "string"));
  switch (kind) {
    case "JSON body":
      return { body: JSON.stringify(strings), contentType: "application/json" };
    case "text/plain body":
      return {
        body: Object.entries(strings)
          .map(([k, v]) => `${k}=${v}`)
          .join("\r\n"),
        contentType: "text/plain",
      };
    case "no content type":
      return { body: new URLSearchParams(strings as Record<string, string>).toString(), contentType: null };
    case "truncated multipart":
    case "multipart with the wrong boundary": {
      const { bytes, contentType } = await multipart(fields);
      if (kind === "multipart with the wrong boundary")
        return { body: bytes, contentType: contentType.replace(/boundary=.*/, "boundary=not-the-boundary") };
      return { body: bytes.slice(0, rng.int(1, Math.max(1, bytes.length - 10))), contentType };
    }
    case "multipart without a boundary":
      return { body: (await multipart(fields)).bytes, contentType: "multipart/form-data" };
    case "random bytes as a form": {
      const bytes = new Uint8Array(rng.int(1, 2000));
      for (let i = 0; i < bytes.length; i++) bytes[i] = rng.int(0, 255);
      return { body: bytes, contentType: "application/x-www-form-urlencoded" };
    }
    case "2 MB form":
      return {
        body: new URLSearchParams({ ...strings, pad: "x".repeat(2 * 1024 * 1024) }).toString(),
        contentType: "application/x-www-form-urlencoded",
      };
    case "empty body":
      return {
        body: null,
        contentType: rng.pick(["application/x-www-form-urlencoded", "multipart/form-data; boundary=x"]),
      };
  }
}

async function multipart(fields: [string, Value][]) {
  const form = new FormData();
  for (const [name, value] of fields) {
    if (typeof value === "string") form.append(name, value);
    else form.append(name, new File([value.file.bytes], value.file.name, { type: value.file.type }));
  }
  const response = new Response(form);
  return {
    bytes: new Uint8Array(await response.arrayBuffer()) as Uint8Array<ArrayBuffer>,
    contentType: response.headers.get("Content-Type")!,
  };
}

export interface FormShape {
  fields: Record<string, FieldSpec>;
  /** Fixed fields every real submission carries (e.g. the honeypot's hidden inputs). */
  extra?: () => Record<string, string>;
}

/** The `index`-th malformed submission of a form: the same every run for the same seed. */
export async function generate(shape: FormShape, rng: Rng): Promise<Submission> {
  const names = Object.keys(shape.fields);
  const valid: Record<string, string> = Object.fromEntries(names.map((n) => [n, validValue(shape.fields[n]!, rng)]));
  const label: string[] = [];
  const untouched = new Set(names);
  const fields: [string, Value][] = [];
  // 1 breaking mutation on a field (sometimes 2), or a broken body (about 1 case in 6).
  const bodyBreak = names.length === 0 || rng.chance(1 / 6);
  const broken = new Map<string, Value[]>();
  if (!bodyBreak) {
    const count = rng.chance(0.25) && names.length > 1 ? 2 : 1;
    for (let i = 0; i < count; i++) {
      const name = rng.pick(names.filter((n) => !broken.has(n)));
      const breaker = rng.pick(breakersFor(shape.fields[name]!));
      broken.set(name, breaker.apply(valid[name]!, rng));
      untouched.delete(name);
      label.push(`${name}: ${breaker.name}`);
    }
  }
  for (const name of names) {
    for (const value of broken.get(name) ?? [valid[name]!]) fields.push([name, value]);
  }
  for (const [name, value] of Object.entries(shape.extra?.() ?? {})) fields.push([name, value]);
  addNoise(fields, shape.fields, untouched, rng, label);
  const hasFile = fields.some(([, v]) => typeof v !== "string");
  const encoding = hasFile || rng.chance(0.2) ? "multipart" : "urlencoded";
  if (encoding === "multipart") label.push("multipart");
  if (bodyBreak) {
    const kind = rng.pick(BODY_BREAKERS);
    label.push(kind);
    return { label, fields, encoding, raw: await brokenBody(kind, fields, rng), fieldBroken: false };
  }
  return { label, fields, encoding, fieldBroken: true };
}

/** The fetch init of a submission (Origin and Host as a browser on our own page sends them). */
export async function requestInit(submission: Submission, base: string, cookie?: string): Promise<RequestInit> {
  const headers: Record<string, string> = { Origin: base, Host: new URL(base).host };
  if (cookie) headers.Cookie = cookie;
  let body: BodyInit | null;
  if (submission.raw) {
    body = submission.raw.body;
    if (submission.raw.contentType) headers["Content-Type"] = submission.raw.contentType;
  } else if (submission.encoding === "multipart") {
    const { bytes, contentType } = await multipart(submission.fields);
    body = bytes;
    headers["Content-Type"] = contentType;
  } else {
    const params = new URLSearchParams();
    for (const [name, value] of submission.fields) params.append(name, value as string);
    body = params.toString();
    headers["Content-Type"] = "application/x-www-form-urlencoded";
  }
  return { method: "POST", body, headers, redirect: "manual" };
}
