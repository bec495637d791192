/**
 * Sign-in through remix-auth's FormStrategy. Failures are thrown as SignInError carrying the
 * field messages of SPEC section 8, which the /signin action renders on the fields.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { parseWithZod } from "@conform-to/zod/v4";
import { signinSchema } from "#app/lib/schemas/auth";
import { verifyPassword } from "./password.server";
import { findUserByEmail } from "./users.server";

export type FieldErrors = Partial<Record<"email" | "password", string[]>>;

export class SignInError extends Error {
  constructor(
    public fieldErrors: FieldErrors,
    public status = 400,
  ) {
    super("Sign-in failed");
  }
}

export const SIGNIN_MESSAGES = {
  notFound: "Email Address Not Found",
  wrongPassword: "Wrong Password",
} as const;

export function authenticator(context: AppLoadContext) {
  const auth = new Authenticator<{ id: string }>();
  auth.use(
    new FormStrategy(async ({ form }) => {
      const submission = parseWithZod(form, { schema: signinSchema });
      if (submission.status !== "success") {
        throw new SignInError((submission.reply().error ?? {}) as FieldErrors);
      }
      const { email, password } = submission.value;
      const user = await findUserByEmail(context.db, email);
      if (!user) throw new SignInError({ email: [SIGNIN_MESSAGES.notFound] });
      if (!(await verifyPassword(password, user.passwordHash))) {
        throw new SignInError({ password: [SIGNIN_MESSAGES.wrongPassword] });
      }
      return { id: user.id };
    }),
    "form",
  );
  return auth;
}
