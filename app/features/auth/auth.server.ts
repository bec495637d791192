/**
 * Sign-in through remix-auth's FormStrategy, wrapped in SPEC section 8's error catalogue. The failure
 * count and the throttle live on the server (rate-limit.server.ts), per e-mail and per client address:
 * - unknown e-mail / wrong password: counted; the message goes on its field;
 * - more than 4 counted failures: both fields say 'Contact Support at {support e-mail}';
 * - throttled (the address hit its lock, or the client address made too many attempts):
 *   'Too Many Requests Try Again Later' on both fields, and the failure count resets.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { parseWithZod } from "@conform-to/zod/v4";
import { signinSchema } from "#app/features/auth/auth.schema";
import { contactSupportMessage, SHOW_SUPPORT_AFTER, suspendedMessage } from "#app/features/auth/signin";
import { verifyPassword } from "./password.server";
import {
  countersFor,
  hitAll,
  LIMITS,
  peek,
  resetStatement,
  startWindowStatement,
  TOO_MANY_REQUESTS,
  type Counter,
} from "#app/platform/session/rate-limit.server";
import { getSettings } from "#app/platform/db/settings.server";
import { findUserByEmail } from "#app/features/account/users.server";

/**
 * The sign-in form for readPublicForm: its schema (the route imports no zod: ADR 292); the password is
 * never sent back. Its throttle is signIn's own lock, which counts failed passwords.
 */
export const SIGNIN_FORM = { schema: signinSchema, hideFields: ["password"] };

export type FieldErrors = Partial<Record<"email" | "password", string[]>>;

export class SignInError extends Error {
  constructor(
    public fieldErrors: FieldErrors,
    public status = 400,
    /** Whether this failure counts towards SPEC's "more than 4 counted sign-in failures". */
    public counted = false,
  ) {
    super("Sign-in failed");
  }
}

export const SIGNIN_MESSAGES = {
  notFound: "Email Address Not Found",
  wrongPassword: "Wrong Password",
  tooManyRequests: TOO_MANY_REQUESTS,
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
      if (!user) throw new SignInError({ email: [SIGNIN_MESSAGES.notFound] }, 400, true);
      if (!(await verifyPassword(password, user.passwordHash))) {
        throw new SignInError({ password: [SIGNIN_MESSAGES.wrongPassword] }, 400, true);
      }
      // An admin suspended this account (which also ended its sessions): it stays signed out.
      if (user.status === "suspended") {
        const { supportEmail } = await getSettings(context.db);
        throw new SignInError({ email: [suspendedMessage(supportEmail)] }, 403);
      }
      return { id: user.id };
    }),
    "form",
  );
  return auth;
}

const both = (message: string): FieldErrors => ({ email: [message], password: [message] });

/**
 * Authenticates the (already validated) sign-in form. Returns the user id, or throws a SignInError
 * with the catalogue's messages. `email` is the validated, lower-cased address.
 */
export async function signIn(request: Request, context: AppLoadContext, email: string): Promise<{ id: string }> {
  const { db } = context;
  const [lock, address] = [
    countersFor(request, { email: LIMITS.signinLock }, email),
    countersFor(request, { address: LIMITS.signinAddress }),
  ];
  const failures: Counter = { limit: LIMITS.signinFailures, kind: "email", value: email };
  const [[locked], [attempts]] = await Promise.all([peek(db, lock), hitAll(db, address)]);
  if ((locked ?? 0) > 0 || (attempts ?? 0) > LIMITS.signinAddress.max) {
    await resetStatement(db, failures);
    throw new SignInError(both(TOO_MANY_REQUESTS), 429);
  }

  try {
    const user = await authenticator(context).authenticate("form", request);
    await resetStatement(db, failures);
    return user;
  } catch (error) {
    if (!(error instanceof SignInError) || !error.counted) throw error;
    const [count = 0] = await hitAll(db, [failures]);
    if (count > LIMITS.signinFailures.max) {
      // Too many failures: lock the address for a window and start the count again.
      await db.batch([resetStatement(db, failures), ...lock.map((counter) => startWindowStatement(db, counter))]);
      throw new SignInError(both(TOO_MANY_REQUESTS), 429);
    }
    if (count > SHOW_SUPPORT_AFTER) {
      const { supportEmail } = await getSettings(db);
      throw new SignInError(both(contactSupportMessage(supportEmail)), 400);
    }
    throw error;
  }
}
