import { Form } from "@remix-run/react";
import { CheckedInput, useCheckedForm } from "#app/components/checked-form";
import { HoneypotInputs } from "#app/components/Honeypot";
import { SubmitButton } from "#app/components/SubmitButton";
import { EARLY_ACCESS_RULES } from "#app/lib/field-rules";

/**
 * SPEC's early-access request form (five required fields); render it inside a <HoneypotProvider>. Checked
 * in the browser without zod or conform (ADR 292); the action validates with earlyAccessSchema.
 */
export function EarlyAccessForm({ lastResult }: { lastResult?: unknown }) {
  const [form, fields] = useCheckedForm(EARLY_ACCESS_RULES, { id: "early-access", lastResult });
  return (
    <Form method="post" className="form" {...form}>
      <HoneypotInputs />
      <div className="form__row">
        <CheckedInput field={fields.name_first} label="First name" autoComplete="given-name" />
        <CheckedInput field={fields.name_last} label="Last name" autoComplete="family-name" />
      </div>
      <div className="form__row">
        <CheckedInput field={fields.location_city} label="City" autoComplete="address-level2" />
        <CheckedInput field={fields.location_state} label="State" autoComplete="address-level1" />
      </div>
      <CheckedInput field={fields.email} label="Email" type="email" autoComplete="email" />
      <SubmitButton>Request Early Access</SubmitButton>
    </Form>
  );
}
