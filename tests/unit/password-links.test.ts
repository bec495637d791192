import { describe, expect, it } from "vitest";
import { LINK_TTL_DAYS } from "#app/features/admin/admin";
import { LINK_COPY, linkKind } from "#app/features/auth/password-links";

describe("password link copy", () => {
  it("reads set-password links as such and everything else (resets, unknown, gone) as a reset link", () => {
    expect(linkKind("set-password")).toBe("set-password");
    for (const purpose of ["reset", "invite", null, undefined, ""]) expect(linkKind(purpose)).toBe("reset");
  });

  it("keeps the reset link's 1 hour and gives an admin's set-password link its own lifetime", () => {
    expect(LINK_COPY.reset.lifetime).toBe("Reset links work once, for 1 hour.");
    expect(LINK_COPY["set-password"].lifetime).toContain(`work once, for ${LINK_TTL_DAYS} days`);
    expect(LINK_COPY["set-password"].lifetime).not.toContain("hour");
    expect(LINK_COPY["set-password"].heading).not.toContain("New");
  });
});
