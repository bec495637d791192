import { Form } from "@remix-run/react";
import { CheckedInput, CheckedPassword, useCheckedForm } from "#app/components/checked-form";
import { HoneypotInputs } from "#app/components/Honeypot";
import { SubmitButton } from "#app/components/SubmitButton";
import { SIGNUP_RULES } from "#app/lib/field-rules";

/**
 * The sign-up form; render it inside the route's <HoneypotProvider>. Checked in the browser without zod
 * or conform (ADR 292); the action validates with signupSchema.
 */
export function SignupForm({
  lastResult,
  action,
  defaultEmail,
}: {
  lastResult?: unknown;
  action?: string;
  defaultEmail?: string;
}) {
  const [form, fields] = useCheckedForm(SIGNUP_RULES, {
    id: "signup",
    lastResult,
    defaultValue: defaultEmail ? { email: defaultEmail } : undefined,
  });
  return (
    <Form method="post" action={action} className="form" {...form}>
      <HoneypotInputs />
      <CheckedInput field={fields.first} label="First name" autoComplete="given-name" />
      <CheckedInput field={fields.last} label="Last name" autoComplete="family-name" />
      <CheckedInput field={fields.email} label="Email" type="email" autoComplete="email" />
      <CheckedPassword field={fields.password} autoComplete="new-password" />
      <SubmitButton>Sign Up</SubmitButton>
    </Form>
  );
}
