import {
  data,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthLayout } from "#app/features/auth/AuthLayout";
import { SubmitButton } from "#app/components/forms";
import { FLASH } from "#app/lib/flash";
import { confirmEmailChange, findEmailChange } from "#app/features/account/email-change.server";
import { redirectWithFlash } from "#app/platform/session/flash.server";
import { currentSessionId, getOptionalUser } from "#app/platform/session/session.server";
import authStyles from "#app/styles/auth.css";
import { screenMeta } from "#app/lib/meta";
import { formRefused } from "#app/platform/http/form-answer.server";
import { stylesheet } from "#app/lib/stylesheet";

export const links: LinksFunction = () => [stylesheet(authStyles)];

// The token is a secret: keep the page out of search engines.
export const meta: MetaFunction = () => screenMeta("Confirm your new e-mail", { noindex: true });

const NO_STORE = { "Cache-Control": "no-store" };
export const EMAIL_LINK_EXPIRED = "This link has expired or was already used. Ask for a new one on your profile.";
export const EMAIL_TAKEN = "That address now belongs to another account, so your e-mail stays as it was.";

/**
 * The link from the confirmation mail. Opening it only shows a button: mail scanners that follow links
 * must not change anyone's address (ADR 180). It works signed out too (the link proves the address).
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const change = await findEmailChange(context, params.token ?? "");
  if (!change) return data({ newEmail: null }, { status: 410, headers: NO_STORE });
  return data({ newEmail: change.newEmail }, { headers: NO_STORE });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const result = await confirmEmailChange(context, params.token ?? "", await currentSessionId(request, context));
  if (!result.ok) {
    const message = result.reason === "taken" ? EMAIL_TAKEN : EMAIL_LINK_EXPIRED;
    return formRefused(message, result.reason === "taken" ? 409 : 410, {}, NO_STORE);
  }
  const viewer = await getOptionalUser(request, context);
  const to = viewer?.id === result.userId ? "/profile" : "/signin";
  throw await redirectWithFlash(context.cloudflare.env, to, FLASH.emailChanged);
}

export default function ConfirmEmailRoute() {
  const { newEmail } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  if (!newEmail || result?.error) {
    return (
      <AuthLayout>
        <h1>E-mail not changed</h1>
        <p role="alert">{result?.error ?? EMAIL_LINK_EXPIRED}</p>
        <div className="auth__links">
          <Link to="/profile/email">Change e-mail</Link>
          <Link to="/signin">Sign In</Link>
        </div>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout>
      <h1>Confirm your new e-mail</h1>
      <p>
        Use <strong>{newEmail}</strong> to sign in to Goals with Friends from now on.
      </p>
      <Form method="post" className="form">
        <SubmitButton>Use this address</SubmitButton>
      </Form>
    </AuthLayout>
  );
}
