import { describe, expect, it } from "vitest";
import { containsMarkup, isEmailShape, isNegativeAmount, trimEndOf } from "#app/lib/text-scan";
import { email, requiredText } from "#app/lib/fields.schema";
import { pledgeSchema, messageSchema } from "#app/features/fundraising/fundraising.schema";
import { signinSchema } from "#app/features/auth/auth.schema";
import { createChallengeSchema } from "#app/features/goals/challenge.schema";
import { PATHOLOGICAL_RUNS } from "../support/pathological.mjs";

// The patterns the scans replace, kept here only to check the scans agree with them on ordinary input.
const OLD_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const OLD_MARKUP = /<\s*\/?\s*[a-z!?]/i;
const OLD_NEGATIVE = /^-\s*[£€$]?\s*\d/;

const EMAILS = [
  "a@b.c",
  "jane@example.com",
  "a@b.",
  "a@.b",
  "a@.b.c",
  "@b.c",
  "a@b",
  "a@@b.c",
  "a@b@c.d",
  "a b@c.d",
  "a@b.c ",
  "a@b\u00a0.c",
  "a@b..c",
  "a@b.c.",
  "a.b@c",
  "a.b@c.d",
  "",
  "@",
  ".",
  "a@..",
  "a@...b",
  "x@y.z\u2028",
  "日本@例え.テスト",
  "a@b\tc.d",
  "a@b.c\ufeff",
];
const TEXTS = [
  "plain",
  "a < b",
  "a<b",
  "<b>hi</b>",
  "< / a",
  "</a>",
  "< /\t\n A",
  "<1",
  "< 1",
  "<!-- x -->",
  "<?xml",
  "<<<<a",
  "< < <",
  "<\u00a0/ \u3000z",
  "< //a",
  "/a",
  "<",
  "<\u0100",
  "5 < 6 and 7 > 3",
];
const AMOUNTS = ["-5", "- 5", "-£5", "- £ 5", "-$ 12.50", "-€", "-x", "5", "--5", "-  \t 9", "-£ x", "£-5", "-"];

describe("linear text scans agree with the patterns they replace", () => {
  it.each(EMAILS)("e-mail shape of %j", (value) => expect(isEmailShape(value)).toBe(OLD_EMAIL.test(value)));
  it.each(TEXTS)("markup in %j", (value) => expect(containsMarkup(value)).toBe(OLD_MARKUP.test(value)));
  it.each(AMOUNTS)("negative amount %j", (value) => expect(isNegativeAmount(value)).toBe(OLD_NEGATIVE.test(value)));
  it("trims trailing punctuation off a link", () => {
    expect(trimEndOf("https://x.org/a).", ".,;:!?)]")).toBe("https://x.org/a");
    expect(trimEndOf("...", ".")).toBe("");
    expect(trimEndOf("https://x.org/a", ".")).toBe("https://x.org/a");
  });
});

describe("the scans answer the crafted inputs that made the old patterns quadratic", () => {
  // The inputs of the review (ADR 101) at the size the body cap allowed: each answer is checked, not
  // its time (speed is bench/pathological's business); the old patterns would not return for minutes.
  const N = 1_000_000;
  it("e-mail: a@ followed by a million dots and an @", () => {
    expect(isEmailShape("a@" + ".".repeat(N) + "@")).toBe(false);
    expect(isEmailShape("a@" + "a.".repeat(N / 2) + " ")).toBe(false);
    expect(isEmailShape("a@" + "a".repeat(N) + ".b")).toBe(true);
  });
  it("markup: < followed by a million spaces and a digit, and runs of <", () => {
    expect(containsMarkup("<" + " ".repeat(N) + "1")).toBe(false);
    expect(containsMarkup("< /".repeat(N / 3))).toBe(false);
    expect(containsMarkup("<".repeat(N) + "a")).toBe(true);
    expect(containsMarkup("<" + " ".repeat(N) + "/" + " ".repeat(N) + "b")).toBe(true);
  });
  it("amounts: - followed by a million spaces", () => {
    expect(isNegativeAmount("-" + " ".repeat(N) + "x")).toBe(false);
    expect(isNegativeAmount("-" + " ".repeat(N) + "£" + " ".repeat(N) + "1")).toBe(true);
  });
  it("every generated pathological run is answered", () => {
    for (const run of PATHOLOGICAL_RUNS) {
      const value = run.make(100_000);
      expect(typeof isEmailShape(value)).toBe("boolean");
      expect(typeof containsMarkup(value)).toBe("boolean");
    }
  });
});

describe("a failed length check ends validation before any pattern or refinement runs", () => {
  const issuesOf = (result: { success: boolean; error?: { issues: unknown[] } }) => result.error?.issues ?? [];
  it("e-mail: one issue, the length, for a million-character crafted address", () => {
    const result = email().safeParse("a@" + ".".repeat(1_000_000) + "@");
    expect(issuesOf(result)).toHaveLength(1);
    expect(JSON.stringify(issuesOf(result))).toContain("at most 254 characters");
  });
  it("text: one issue, the length, even with control characters and markup inside", () => {
    const result = requiredText(50, "Name").safeParse("<a\u0000" + " ".repeat(100_000));
    expect(issuesOf(result)).toHaveLength(1);
  });
  it("forms: the length message alone on pledge, message, sign-in and challenge fields", () => {
    const huge = "<" + " ".repeat(200_000) + "1\u0001";
    const pledge = pledgeSchema.safeParse({ name: huge, amount: "5", message: huge });
    expect(issuesOf(pledge).map((i: any) => i.path.join("."))).toEqual(["name", "message"]);
    const message = messageSchema.safeParse({ intent: "post", body: huge });
    expect(issuesOf(message)).toHaveLength(1);
    const signin = signinSchema.safeParse({ email: huge, password: huge });
    expect(issuesOf(signin).map((i: any) => i.path.join("."))).toEqual(["email", "password"]);
    const challenge = createChallengeSchema.safeParse({
      cause: "Run",
      charityName: huge,
      charityUrl: huge,
      target: huge,
    });
    const paths = issuesOf(challenge).map((i: any) => i.path.join("."));
    expect(paths.filter((p: string) => p === "charityName")).toHaveLength(1);
  });
});
