/** The sign-up action shared by /signup (open mode) and /tester. */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { signupSchema } from "#app/features/auth/auth.schema";
import { claimInvitation, isInvitedAddress, type Invitation } from "#app/features/admin/admin-invites.server";
import { formErrors } from "#app/platform/http/form-answer.server";
import { readPublicForm } from "#app/platform/http/public-form.server";
import { LIMITS } from "#app/platform/session/rate-limit.server";
import { afterSignIn } from "#app/platform/http/return-to.server";
import { createUserSession } from "#app/platform/session/session.server";
import { ClaimFailedError, createUser, EmailTakenError } from "#app/features/account/users.server";

/**
 * Signs a visitor up. With an `invitation` (early access by request), the account must be for the
 * address it was sent to, and the invitation is claimed in the batch that creates the account.
 */
export async function signUp(request: Request, context: AppLoadContext, invitation?: Invitation) {
  const form = await readPublicForm(request, context, {
    schema: signupSchema,
    hideFields: ["password"],
    // Not counted: an invitation for another address is refused before the throttle.
    check: ({ email }) =>
      invitation && !isInvitedAddress(invitation, email)
        ? {
            status: 403,
            fieldErrors: { email: [`This invitation is for ${invitation.email}: sign up with that address.`] },
          }
        : { checked: null },
    throttle: { email: LIMITS.signupEmail, address: LIMITS.signupAddress, emailOf: (v) => v.email, field: "email" },
  });
  if (form.refused) return form.refused;
  const { submission } = form;
  try {
    const claim = invitation ? claimInvitation(context, invitation, form.value.email) : undefined;
    const user = await createUser(context.db, form.value, claim);
    // Thrown, so the action's return type is only the form reply.
    // Back to the invite (or deep link) that sent them to sign up, else /main (ADR 163).
    const { to, clear } = await afterSignIn(request, context.cloudflare.env);
    const response = await createUserSession(request, context, user.id, to);
    if (clear) response.headers.append("Set-Cookie", clear);
    throw response;
  } catch (error) {
    if (error instanceof ClaimFailedError) {
      return formErrors(submission, 403, { fieldErrors: { email: [error.message] }, hideFields: ["password"] });
    }
    if (error instanceof EmailTakenError) {
      return formErrors(submission, 409, {
        fieldErrors: { email: ["An account with this email already exists. Sign in instead?"] },
        hideFields: ["password"],
      });
    }
    throw error;
  }
}
