import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { HoneypotInputs } from "#app/components/Honeypot";
import { signupSchema } from "#app/features/auth/auth.schema";
import { Field, PasswordField, SubmitButton } from "#app/components/forms";
import { useConformForm } from "#app/components/useConformForm";

/** The sign-up form; render it inside the route's <HoneypotProvider>. */
export function SignupForm({
  lastResult,
  action,
  defaultEmail,
}: {
  lastResult?: SubmissionResult<string[]> | null;
  action?: string;
  defaultEmail?: string;
}) {
  const [form, fields] = useConformForm(signupSchema, {
    id: "signup",
    lastResult,
    defaultValue: defaultEmail ? { email: defaultEmail } : undefined,
  });
  return (
    <Form method="post" action={action} className="form" {...getFormProps(form)}>
      <HoneypotInputs />
      <Field field={fields.first} label="First name" autoComplete="given-name" />
      <Field field={fields.last} label="Last name" autoComplete="family-name" />
      <Field field={fields.email} label="Email" type="email" autoComplete="email" />
      <PasswordField field={fields.password} autoComplete="new-password" />
      <SubmitButton>Sign Up</SubmitButton>
    </Form>
  );
}
