import { getFormProps } from "@conform-to/react";
import {
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { HoneypotInputs, HoneypotProvider } from "#app/components/Honeypot";
import { AuthLayout } from "#app/features/auth/AuthLayout";
import { Field, SubmitButton } from "#app/components/forms";
import { originFrom, pageMeta } from "#app/lib/meta";
import { resetRequestSchema } from "#app/features/auth/auth.schema";
import { honeypotInputProps } from "#app/platform/http/honeypot.server";
import { readPublicForm } from "#app/platform/http/public-form.server";
import { FLASH } from "#app/lib/flash";
import { redirectWithFlash } from "#app/platform/session/flash.server";
import { requestPasswordReset } from "#app/features/auth/password-reset.server";
import { LIMITS } from "#app/platform/session/rate-limit.server";
import authStyles from "#app/styles/auth.css";
import { useConformForm } from "#app/components/hooks/useConformForm";
import { stylesheet } from "#app/lib/stylesheet";

export const links: LinksFunction = () => [stylesheet(authStyles)];

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Password Reset",
    description:
      "Forgot your Goals with Friends password? Enter your email address and we will send you a link to choose a new one.",
    path: "/passwordreset",
    origin: originFrom(matches),
  });

export async function loader({ context }: LoaderFunctionArgs) {
  return { honeypot: await honeypotInputProps(context) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readPublicForm(request, context, {
    schema: resetRequestSchema,
    throttle: { email: LIMITS.resetEmail, address: LIMITS.resetAddress, emailOf: (v) => v.email, field: "email" },
  });
  if (form.refused) return form.refused;
  await requestPasswordReset(request, context, form.value.email);
  // The same answer whether or not the address has an account (DESIGN deviation).
  throw await redirectWithFlash(context.cloudflare.env, "/signin", FLASH.resetSent);
}

export default function PasswordResetRoute() {
  const { honeypot } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useConformForm(resetRequestSchema, { id: "passwordreset", lastResult });
  return (
    <AuthLayout>
      <h1>Password Reset</h1>
      <p>Enter your email address to reset your password.</p>
      <HoneypotProvider {...honeypot}>
        <Form method="post" className="form" {...getFormProps(form)}>
          <HoneypotInputs />
          <Field field={fields.email} label="Email" type="email" autoComplete="email" />
          <SubmitButton>Reset</SubmitButton>
        </Form>
      </HoneypotProvider>
      <div className="auth__links">
        <Link to="/signin">Sign In</Link>
      </div>
    </AuthLayout>
  );
}
