/**
 * Who may create an account right now (ADR 163). The early-access mode decides for everyone else, but
 * an invitation always opens the sign-up form, whatever the mode: that is what an invitation is for.
 * - an admin's early-access invitation (/signup?invite=TOKEN, single use: claimed in the batch that
 *   creates the account, for the invited address only, ADR 102);
 * - a challenge invite link (/invite/{token}) the visitor came from: remembered in the return cookie,
 *   still valid (signature, nonce) and its goal not ended.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { hasEnded } from "#app/features/goals/goals";
import { invitationFor, type Invitation } from "#app/features/admin/admin-invites.server";
import { today } from "#app/platform/session/clock.server";
import { goalForInvite } from "#app/features/goals/invites.server";
import { readReturnTo } from "#app/platform/http/return-to.server";
import { getSettings } from "#app/platform/db/settings.server";

export type SignupAccess =
  | { kind: "open" }
  | { kind: "request" }
  | { kind: "closed" }
  /** An admin's invitation named by ?invite= that is no longer valid (used, expired, invented). */
  | { kind: "spent-invitation"; mode: "request" | "closed" }
  | { kind: "invitation"; invitation: Invitation }
  | { kind: "goal-invite"; cause: string; invitePath: string };

const INVITE_PATH = /^\/invite\/([A-Za-z0-9_.-]{1,200})$/;

export async function signupAccess(request: Request, context: AppLoadContext): Promise<SignupAccess> {
  const [{ earlyAccess }, invitation] = await Promise.all([
    getSettings(context.db),
    new URL(request.url).searchParams.has("invite") ? invitationFor(request, context) : null,
  ]);
  if (invitation) return { kind: "invitation", invitation };
  if (earlyAccess === "open") return { kind: "open" };
  if (new URL(request.url).searchParams.has("invite")) return { kind: "spent-invitation", mode: earlyAccess };
  const goalInvite = await goalInviteFromReturn(request, context);
  if (goalInvite) return { kind: "goal-invite", ...goalInvite };
  return { kind: earlyAccess };
}

async function goalInviteFromReturn(request: Request, context: AppLoadContext) {
  const path = await readReturnTo(request, context.cloudflare.env);
  const token = path ? INVITE_PATH.exec(path)?.[1] : undefined;
  if (!token) return null;
  const goal = await goalForInvite(context, token, null);
  if (!goal || hasEnded(goal, today(request, context.cloudflare.env))) return null;
  return { cause: goal.cause, invitePath: path! };
}
