/** The sign-up action shared by /signup (open mode) and /tester. */
import { data, type AppLoadContext } from "@remix-run/cloudflare";
import { parseWithZod } from "@conform-to/zod/v4";
import { signupSchema } from "#app/lib/schemas/auth";
import { checkHoneypot } from "./honeypot.server";
import { countersFor, hit, LIMITS, TOO_MANY_REQUESTS } from "./rate-limit.server";
import { afterSignIn } from "./return-to.server";
import { createUserSession } from "./session.server";
import { createUser, EmailTakenError } from "./users.server";
import { readFormData } from "./form-data.server";

/** `afterCreate` runs once the account exists (e.g. to use up the invitation that opened the form). */
export async function signUp(request: Request, context: AppLoadContext, afterCreate?: () => Promise<void>) {
  const formData = await readFormData(request);
  checkHoneypot(context, formData);
  const submission = parseWithZod(formData, { schema: signupSchema });
  if (submission.status !== "success") {
    return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
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
    const user = await createUser(context.db, submission.value);
    await afterCreate?.();
    // Thrown, so the action's return type is only the form reply.
    // Back to the invite (or deep link) that sent them to sign up, else /main (ADR 163).
    const { to, clear } = await afterSignIn(request, context.cloudflare.env);
    const response = await createUserSession(request, context, user.id, to);
    if (clear) response.headers.append("Set-Cookie", clear);
    throw response;
  } catch (error) {
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
