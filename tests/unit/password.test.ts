import { describe, expect, it } from "vitest";
import { hashPassword, PBKDF2_ITERATIONS, verifyPassword } from "#app/features/auth/password.server";

describe("password hashing", () => {
  it("uses exactly 100,000 PBKDF2 iterations, the production workerd cap, stored with the hash", async () => {
    expect(PBKDF2_ITERATIONS).toBe(100_000);
    const stored = await hashPassword("correct horse battery");
    expect(stored).toMatch(/^pbkdf2-sha256\$100000\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
  });

  it("refuses iteration counts above the cap instead of failing only in production", async () => {
    await expect(hashPassword("x", 100_001)).rejects.toThrow(RangeError);
    await expect(verifyPassword("x", "pbkdf2-sha256$1000000$AAAA$AAAA")).rejects.toThrow(RangeError);
  });

  it("verifies the right password and rejects a wrong one", async () => {
    const stored = await hashPassword("correct horse battery");
    expect(await verifyPassword("correct horse battery", stored)).toBe(true);
    expect(await verifyPassword("correct horse batterY", stored)).toBe(false);
    expect(await verifyPassword("anything", null)).toBe(false);
  });

  it("salts every hash, so equal passwords do not look equal", async () => {
    expect(await hashPassword("same")).not.toBe(await hashPassword("same"));
  });
});
