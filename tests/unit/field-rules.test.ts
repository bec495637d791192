/**
 * The browser's check of the sign-in, sign-up and early-access forms (app/lib/field-rules.ts, ADR 292)
 * says what the server's zod schema says first, on the same values: the pages carry no zod, so this is
 * where the two are held together.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { signinSchema, signupSchema } from "#app/features/auth/auth.schema";
import { earlyAccessSchema } from "#app/features/auth/early-access.schema";
import { checkField, EARLY_ACCESS_RULES, SIGNIN_RULES, SIGNUP_RULES, type FieldRule } from "#app/lib/field-rules";

const VALUES = [
  "",
  " ",
  "   ",
  "\t",
  "\n",
  "a",
  "Zoë",
  "  Priya  ",
  "short",
  "password1",
  "exactly8",
  "1234567",
  "a@b",
  "a@b.c",
  " Jane@Example.COM ",
  "a b@c.d",
  "a@@b.c",
  "@b.c",
  "a@b.",
  "a@.b",
  "jane@example.com\u200b",
  "ja\u202ene@example.com",
  "a\tb",
  "a\nb",
  "line\u2028break",
  "a\u0001b",
  "\u0001",
  "bidi \u202e override",
  "x".repeat(49),
  "x".repeat(50),
  "x".repeat(51),
  " " + "x".repeat(50) + " ",
  "x".repeat(99),
  "x".repeat(100),
  "x".repeat(101),
  "x".repeat(199),
  "x".repeat(200),
  "x".repeat(201),
  "x".repeat(250) + "@example.com",
  "a@" + "b".repeat(250) + ".c",
  "<script>alert(1)</script>",
  "Robert'); DROP TABLE users;--",
];

const FORMS: [string, Record<string, FieldRule>, Parameters<typeof parseWithZod>[1]["schema"]][] = [
  ["sign-in", SIGNIN_RULES, signinSchema],
  ["sign-up", SIGNUP_RULES, signupSchema],
  ["early access", EARLY_ACCESS_RULES, earlyAccessSchema],
];

/** The server's first message for `name` when every field of the form holds `value`, or null. */
function serverSays(
  schema: Parameters<typeof parseWithZod>[1]["schema"],
  names: string[],
  name: string,
  value: string,
) {
  const form = new FormData();
  for (const n of names) form.set(n, value);
  const submission = parseWithZod(form, { schema });
  if (submission.status === "success") return null;
  return submission.error?.[name]?.[0] ?? null;
}

describe("the browser's check says what the server says first", () => {
  for (const [form, rules, schema] of FORMS) {
    const names = Object.keys(rules);
    it(`${form}: the same fields as the schema`, () => {
      const form = new FormData();
      const submission = parseWithZod(form, { schema });
      expect(Object.keys(submission.status === "success" ? {} : (submission.error ?? {})).sort()).toEqual(
        [...names].sort(),
      );
    });
    for (const name of names) {
      it(`${form} › ${name}`, () => {
        for (const value of VALUES) {
          expect([value, checkField(value, rules[name]!)]).toEqual([value, serverSays(schema, names, name, value)]);
        }
      });
    }
  }
});
