/**
 * The sign-up side of early-access invitations, for /signup: while the mode is 'request', a visitor
 * holding a valid invite link (/signup?invite=TOKEN) sees the sign-up form and may create an account
 * for the address the invitation was sent to.
 *
 *   loader: const invite = mode === "request" ? await invitationFor(request, context) : null;
 *   action: if (mode === "request") { const invite = await invitationFor(request, context);
 *             if (!invite) throw 403; return signUp(request, context, invite); }
 *
 * The claim is a conditional UPDATE that runs first in the batch creating the account, and the account
 * is inserted only if that UPDATE changed a row (ADR 102): one invitation, one account, even when
 * posted many times at once.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, gt, isNull } from "drizzle-orm";
import { passwordResets } from "#drizzle/schema";
import { findLink } from "./admin-links.server";

export interface Invitation {
  email: string;
  tokenHash: string;
}

/** The valid (unused, unexpired) invitation named by the request URL's ?invite=, or null. */
export async function invitationFor(request: Request, context: AppLoadContext): Promise<Invitation | null> {
  const token = new URL(request.url).searchParams.get("invite");
  if (!token || !/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const link = await findLink(context, "invite", token);
  return link ? { email: link.email ?? "", tokenHash: link.tokenHash } : null;
}

/** Whether an address is the one the invitation was sent to (addresses are stored lower-case). */
export const isInvitedAddress = (invitation: Invitation, email: string) =>
  invitation.email !== "" && invitation.email.toLowerCase() === email.trim().toLowerCase();

/**
 * The statement claiming an invitation for `email`: it marks the link used only while it is unused,
 * unexpired and for that address, so it changes a row at most once. Put it first in the batch that
 * creates the account (`createUser`'s `claim`), which inserts the user only if it changed a row.
 */
export function claimInvitation(context: AppLoadContext, invitation: Invitation, email: string) {
  const now = new Date();
  return context.db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResets.tokenHash, invitation.tokenHash),
        eq(passwordResets.purpose, "invite"),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, now),
        eq(passwordResets.email, email.trim().toLowerCase()),
      ),
    );
}
