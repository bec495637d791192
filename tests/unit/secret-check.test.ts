import { describe, expect, it } from "vitest";
import devVarsExample from "../../.dev.vars.example?raw";
import { EXAMPLE_SECRETS, MIN_SECRET_LENGTH, secretProblems } from "#app/lib/secret-check";

const long = "x".repeat(MIN_SECRET_LENGTH);
const production = { ENVIRONMENT: "production", SESSION_SECRET: long, HONEYPOT_SEED: `${long}y` };

describe("secrets outside development", () => {
  it("accepts secrets of 32 characters or more", () => {
    expect(secretProblems(production)).toEqual([]);
    expect(secretProblems({ ...production, SESSION_SECRET_PREVIOUS: `${long}z` })).toEqual([]);
  });

  it("names each secret that is missing, short or the example value", () => {
    expect(secretProblems({ ENVIRONMENT: "production" })).toEqual([
      "SESSION_SECRET is not set",
      "HONEYPOT_SEED is not set",
    ]);
    expect(
      secretProblems({
        ...production,
        SESSION_SECRET: long.slice(1),
        SESSION_SECRET_PREVIOUS: "short",
        HONEYPOT_SEED: "dev-only-honeypot-seed",
      }),
    ).toEqual([
      "SESSION_SECRET is shorter than 32 characters",
      "SESSION_SECRET_PREVIOUS is shorter than 32 characters",
      "HONEYPOT_SEED is the example value",
    ]);
    // The development VAPID key (ADR 281) signs no production push.
    expect(secretProblems({ ...production, VAPID_PRIVATE_KEY: "iAclYCtC6MOoOQlSSlE1N8YixmHMy3Rg2JbeOCEFAnQ" })).toEqual(
      ["VAPID_PRIVATE_KEY is the example value"],
    );
  });

  it("treats an unset ENVIRONMENT as production; development takes anything", () => {
    expect(secretProblems({ SESSION_SECRET: "s" })).toHaveLength(2);
    expect(secretProblems({ ENVIRONMENT: "development" })).toEqual([]);
  });

  it("knows every secret value .dev.vars.example ships", () => {
    const shipped = devVarsExample
      .split("\n")
      .filter((line) => /^(SESSION_SECRET|HONEYPOT_SEED|VAPID_PRIVATE_KEY)[A-Z_]*=/.test(line))
      .map((line) => line.slice(line.indexOf("=") + 1).trim());
    expect(shipped.length).toBeGreaterThan(2);
    for (const value of shipped) expect(EXAMPLE_SECRETS).toContain(value);
  });
});
