/**
 * The sign-up side of early-access invitations, for /signup: while the mode is 'request', a visitor
 * holding a valid invite link (/signup?invite=TOKEN) sees the sign-up form and may create an account.
 *
 *   loader: const invite = mode === "request" ? await invitationFor(request, context) : null;
 *   action: if (mode === "request") { const invite = await invitationFor(request, context);
 *             if (!invite) throw 403; ...sign up...; await claimInvitation(context, invite); }
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { findLink, spendLink } from "./admin-links.server";

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

/** Marks the invitation used, so the link works once. */
export async function claimInvitation(context: AppLoadContext, invitation: Invitation) {
  await spendLink(context, invitation.tokenHash);
}
