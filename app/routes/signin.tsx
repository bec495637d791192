import {
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { HoneypotInputs, HoneypotProvider } from "#app/components/Honeypot";
import { AuthLayout } from "#app/features/auth/AuthLayout";
import { CheckedInput, CheckedPassword, useCheckedForm } from "#app/components/checked-form";
import { SubmitButton } from "#app/components/SubmitButton";
import { SIGNIN_RULES, TOO_MANY_REQUESTS } from "#app/lib/field-rules";
import { originFrom, pageMeta } from "#app/lib/meta";
import { supportAddressIn } from "#app/features/auth/signin";
import { SIGNIN_FORM, signIn, SignInError } from "#app/features/auth/auth.server";
import { formErrors } from "#app/platform/http/form-answer.server";
import { honeypotInputProps } from "#app/platform/http/honeypot.server";
import { readPublicForm } from "#app/platform/http/public-form.server";
import { afterSignIn, readReturnTo } from "#app/platform/http/return-to.server";
import { createUserSession, requireAnonymous } from "#app/platform/session/session.server";
import authStyles from "#app/styles/auth.css";
import { stylesheet } from "#app/lib/stylesheet";

export const links: LinksFunction = () => [stylesheet(authStyles)];

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Sign In",
    description: "Sign in to Goals with Friends to track your goals, cheer on your friends and see your progress.",
    path: "/signin",
    origin: originFrom(matches),
  });

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAnonymous(request, context);
  const returnTo = await readReturnTo(request, context.cloudflare.env);
  return {
    honeypot: await honeypotInputProps(context),
    returning: returnTo?.startsWith("/invite/") ? "invite" : returnTo?.startsWith("/join/") ? "goal" : !!returnTo,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAnonymous(request, context);
  // remix-auth consumes the body it is given, so keep our own copy for re-rendering errors.
  const form = await readPublicForm(request.clone() as Request, context, SIGNIN_FORM);
  if (form.refused) return form.refused;
  const { submission } = form;
  try {
    const user = await signIn(request, context, form.value.email);
    // Back to the page that sent them here (a deep link, an invite), else /main (ADR 163).
    const { to, clear } = await afterSignIn(request, context.cloudflare.env);
    const response = await createUserSession(request, context, user.id, to);
    if (clear) response.headers.append("Set-Cookie", clear);
    throw response;
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof SignInError) {
      return formErrors(submission, error.status, { fieldErrors: error.fieldErrors, hideFields: ["password"] });
    }
    throw error;
  }
}

export default function SigninRoute() {
  const { honeypot, returning } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  // Checked in the browser without zod or conform (ADR 292); the action validates with signinSchema.
  const [form, fields] = useCheckedForm(SIGNIN_RULES, { id: "signin", lastResult });
  const suspended = fields.email.errors?.some((m) => m.startsWith("This account is suspended"));
  // SPEC gives both fields the same message for too many requests and for "Contact Support at ...": it
  // is told once (ADR 264), both fields stay invalid and are described by that one message.
  const support = supportAddressIn(fields.email.errors);
  // Only those two: an empty field's "Must have a value" stays on each field (SPEC).
  const shared =
    sameMessages(fields.email.errors, fields.password.errors) &&
    (!!support || fields.email.errors?.[0] === TOO_MANY_REQUESTS);
  const email =
    shared && support ? { ...fields.email, errorId: SUPPORT_NOTE_ID, errorShownElsewhere: true } : fields.email;
  const password = shared ? { ...fields.password, errorId: email.errorId, errorShownElsewhere: true } : fields.password;
  return (
    <AuthLayout>
      <h1>Sign In</h1>
      {returning ? (
        <p className="notice">
          {returning === "invite"
            ? "Sign in to continue: we will take you back to your invite."
            : returning === "goal"
              ? "Sign in to continue: we will take you back to the goal to join it."
              : "Sign in to continue: we will take you back to the page you asked for."}
        </p>
      ) : null}
      <HoneypotProvider {...honeypot}>
        <Form method="post" className="form" {...form}>
          <HoneypotInputs />
          <CheckedInput field={email} label="Email" type="email" autoComplete="email" />
          <CheckedPassword field={password} autoComplete="current-password" />
          <SubmitButton>Login</SubmitButton>
        </Form>
      </HoneypotProvider>
      <SupportNote address={support} suspended={!!suspended} told={!!shared} />
      <div className="auth__links">
        <Link to="/passwordreset">Forgot Password?</Link>
        <Link to="/signup">Sign Up</Link>
      </div>
    </AuthLayout>
  );
}

const SUPPORT_NOTE_ID = "signin-support";

/** The same non-empty messages on both fields. */
const sameMessages = (a: string[] | undefined, b: string[] | undefined) =>
  !!a?.length && a.length === b?.length && a.every((m, i) => m === b[i]);

/**
 * Where to turn, once, as a link: after repeated failures, or for a suspended account. `told`: the
 * fields' shared "Contact Support at ..." is not shown on them, so this note says it (SPEC's words).
 */
function SupportNote({ address, suspended, told }: { address: string | null; suspended: boolean; told: boolean }) {
  if (!address) return null;
  const mail = <a href={`mailto:${address}`}>{address}</a>;
  if (told && !suspended) {
    return (
      <p className="notice auth__support" data-testid="support-note" id={SUPPORT_NOTE_ID} role="alert">
        Contact Support at {mail}. Signing in has failed several times for this address: check the address, or reset the
        password with Forgot Password?
      </p>
    );
  }
  return (
    <p className="notice auth__support" data-testid="support-note">
      {suspended ? (
        <>An admin has suspended this account. Write to {mail} to ask why or to have it restored.</>
      ) : (
        <>
          Signing in has failed several times for this address. Check the address, reset the password with Forgot
          Password?, or write to {mail} and we will help.
        </>
      )}
    </p>
  );
}
