/** The sign-up action shared by /signup (open mode) and /tester. */
import { data, type AppLoadContext } from "@remix-run/cloudflare";
import { parseWithZod } from "@conform-to/zod/v4";
import { signupSchema } from "#app/features/auth/auth.schema";
import { claimInvitation, isInvitedAddress, type Invitation } from "#app/features/admin/admin-invites.server";
import { readPublicForm } from "#app/platform/http/honeypot.server";
import { countersFor, hit, LIMITS, TOO_MANY_REQUESTS } from "#app/platform/session/rate-limit.server";
import { afterSignIn } from "#app/platform/http/return-to.server";
import { createUserSession } from "#app/platform/session/session.server";
import { ClaimFailedError, createUser, EmailTakenError } from "#app/features/account/users.server";

/**
 * Signs a visitor up. With an `invitation` (early access by request), the account must be for the
 * address it was sent to, and the invitation is claimed in the batch that creates the account.
 */
export async function signUp(request: Request, context: AppLoadContext, invitation?: Invitation) {
  const formData = await readPublicForm(request, context);
  const submission = parseWithZod(formData, { schema: signupSchema });
  if (submission.status !== "success") {
    return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  }
  if (invitation && !isInvitedAddress(invitation, submission.value.email)) {
    return data(
      submission.reply({
        fieldErrors: { email: [`This invitation is for ${invitation.email}: sign up with that address.`] },
        hideFields: ["password"],
      }),
      { status: 403 },
    );
  }
  const counters = countersFor(
    request,
    { email: LIMITS.signupEmail, address: LIMITS.signupAddress },
    submission.value.email,
  );
  if (await hit(context.db, counters)) {
    return data(submission.reply({ fieldErrors: { email: [TOO_MANY_REQUESTS] }, hideFields: ["password"] }), {
      status: 429,
    });
  }
  try {
    const claim = invitation ? claimInvitation(context, invitation, submission.value.email) : undefined;
    const user = await createUser(context.db, submission.value, claim);
    // Thrown, so the action's return type is only the form reply.
    // Back to the invite (or deep link) that sent them to sign up, else /main (ADR 163).
    const { to, clear } = await afterSignIn(request, context.cloudflare.env);
    const response = await createUserSession(request, context, user.id, to);
    if (clear) response.headers.append("Set-Cookie", clear);
    throw response;
  } catch (error) {
    if (error instanceof ClaimFailedError) {
      return data(submission.reply({ fieldErrors: { email: [error.message] }, hideFields: ["password"] }), {
        status: 403,
      });
    }
    if (error instanceof EmailTakenError) {
      return data(
        submission.reply({
          fieldErrors: { email: ["An account with this email already exists. Sign in instead?"] },
          hideFields: ["password"],
        }),
        { status: 409 },
      );
    }
    throw error;
  }
}
