import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { HoneypotInputs } from "#app/components/Honeypot";
import { earlyAccessSchema } from "#app/features/auth/early-access.schema";
import { Field, SubmitButton } from "#app/components/forms";
import { useConformForm } from "#app/components/useConformForm";

/** SPEC's early-access request form (five required fields); render it inside a <HoneypotProvider>. */
export function EarlyAccessForm({ lastResult }: { lastResult?: SubmissionResult<string[]> | null }) {
  const [form, fields] = useConformForm(earlyAccessSchema, { id: "early-access", lastResult });
  return (
    <Form method="post" className="form" {...getFormProps(form)}>
      <HoneypotInputs />
      <div className="form__row">
        <Field field={fields.name_first} label="First name" autoComplete="given-name" />
        <Field field={fields.name_last} label="Last name" autoComplete="family-name" />
      </div>
      <div className="form__row">
        <Field field={fields.location_city} label="City" autoComplete="address-level2" />
        <Field field={fields.location_state} label="State" autoComplete="address-level1" />
      </div>
      <Field field={fields.email} label="Email" type="email" autoComplete="email" />
      <SubmitButton>Request Early Access</SubmitButton>
    </Form>
  );
}
