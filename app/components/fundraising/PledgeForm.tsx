import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form } from "@remix-run/react";
import { HoneypotInputs } from "remix-utils/honeypot/react";
import { CheckboxField, Field, SubmitButton, TextareaField } from "#app/components/forms";
import { MAX_PLEDGE_MAJOR, NO_FEES_LINE } from "#app/lib/fundraising";
import { pledgeSchema } from "#app/lib/schemas/fundraising";

/**
 * Name, amount, optional message, shown or anonymous. No card details: the money goes via the charity.
 * Render it inside the route's <HoneypotProvider>.
 */
export function PledgeForm({
  lastResult,
  currency,
  charityName,
  defaultName,
}: {
  lastResult?: SubmissionResult<string[]> | null;
  currency: string;
  charityName: string;
  defaultName?: string;
}) {
  const [form, fields] = useForm({
    id: "pledge",
    lastResult,
    constraint: getZodConstraint(pledgeSchema),
    defaultValue: { name: defaultName ?? "" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: pledgeSchema }),
  });
  return (
    <Form method="post" className="form pledge-form" {...getFormProps(form)}>
      <HoneypotInputs />
      {form.errors?.length ? (
        <p className="form-error" role="alert">
          {form.errors.join(", ")}
        </p>
      ) : null}
      <Field field={fields.name} label="Your name" autoComplete="name" />
      <Field
        field={fields.amount}
        label={`Amount (${currency})`}
        inputMode="decimal"
        hint={`Whole ${currency} or with pence/cents, up to ${MAX_PLEDGE_MAJOR.toLocaleString("en-GB")}.`}
      />
      <TextareaField field={fields.message} label="Message to the group" optional maxLength={280} />
      <CheckboxField field={fields.anonymous} label="Show my pledge as Anonymous" />
      <p className="field__hint">
        After you pledge we send you to {charityName}&apos;s own donation page to pay. {NO_FEES_LINE}
      </p>
      <SubmitButton pendingText="Pledging...">Pledge</SubmitButton>
    </Form>
  );
}
