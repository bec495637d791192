/**
 * What the /passwordreset/{token} screen says, by the kind of link it was opened with: a reset link
 * (1 hour) or the set-password link an admin's add-user sends (LINK_TTL_DAYS). An unknown or long-gone
 * link reads as a reset link (ADR 076).
 */
import { LINK_TTL_DAYS } from "#app/features/admin/admin";

export type LinkKind = "reset" | "set-password";

export const LINK_EXPIRED = "This link has expired or has already been used.";

export interface LinkCopy {
  /** Title and heading while the link works. */
  heading: string;
  /** After "For {email}." on the form. */
  intro: string;
  passwordLabel: string;
  /** After LINK_EXPIRED once it no longer works. */
  lifetime: string;
}

export const LINK_COPY: Record<LinkKind, LinkCopy> = {
  reset: {
    heading: "Choose a New Password",
    intro: "Saving it signs you in here and signs you out everywhere else.",
    passwordLabel: "New password",
    lifetime: "Reset links work once, for 1 hour.",
  },
  "set-password": {
    heading: "Choose Your Password",
    intro:
      "An administrator added you to Goals with Friends. Saving a password finishes setting up your account and signs you in.",
    passwordLabel: "Password",
    lifetime: `Links to set your first password work once, for ${LINK_TTL_DAYS} days. A reset link sets it too.`,
  },
};

export const linkKind = (purpose: string | null | undefined): LinkKind =>
  purpose === "set-password" ? "set-password" : "reset";
