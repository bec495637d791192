import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { HoneypotInputs } from "#app/components/Honeypot";
import { CheckboxField, Field, SubmitButton, TextareaField } from "#app/components/forms";
import { MAX_PLEDGE_MAJOR, NO_FEES_LINE } from "#app/features/fundraising/fundraising";
import { givePledgeSchema, MAX_PER_UNIT_MAJOR } from "#app/features/progress/progress.schema";
import { useConformForm } from "#app/components/useConformForm";

/**
 * Name, amount, optional message, shown or anonymous. No card details: the money goes via the charity.
 * Render it inside the route's <HoneypotProvider>.
 */
export function PledgeForm({
  lastResult,
  currency,
  charityName,
  defaultName,
  unit,
  member,
  pledgeKey,
}: {
  lastResult?: SubmissionResult<string[]> | null;
  currency: string;
  charityName: string;
  defaultName?: string;
  /** A measured goal's unit: the supporter may pledge per unit logged (ADR 142). */
  unit?: string | null;
  /** The member a sponsor link names: a per-unit pledge follows their progress. */
  member?: { id: string; name: string } | null;
  /** A fresh idempotency key from the loader: the same form sent twice is one pledge (ADR 218). */
  pledgeKey?: string;
}) {
  const [form, fields] = useConformForm(givePledgeSchema, {
    id: "pledge",
    lastResult,
    defaultValue: { name: defaultName ?? "" },
  });
  return (
    <Form method="post" className="form pledge-form" {...getFormProps(form)}>
      <HoneypotInputs />
      {pledgeKey ? <input type="hidden" name="key" value={pledgeKey} /> : null}
      {form.errors?.length ? (
        <p className="form-error" role="alert">
          {form.errors.join(", ")}
        </p>
      ) : null}
      <Field field={fields.name} label="Your name" autoComplete="name" />
      {unit ? (
        <fieldset
          className="choice-group"
          aria-describedby={fields.kind.errors?.length ? fields.kind.errorId : undefined}
        >
          <legend>How would you like to give?</legend>
          {fields.kind.errors?.length ? (
            <p className="field__error" id={fields.kind.errorId} role="alert">
              {fields.kind.errors.join(", ")}
            </p>
          ) : null}
          <label className="choice">
            <input type="radio" name={fields.kind.name} value="fixed" defaultChecked />
            <span>A fixed amount</span>
          </label>
          <label className="choice">
            <input type="radio" name={fields.kind.name} value="per-unit" />
            <span>
              An amount per {unit.replace(/s$/, "")} logged{" "}
              <small>{member ? `by ${member.name}` : "by the whole group"}, until the goal ends.</small>
            </span>
          </label>
        </fieldset>
      ) : null}
      {member ? <input type="hidden" name={fields.memberId.name} value={member.id} /> : null}
      <Field
        field={fields.amount}
        label={`Amount (${currency})`}
        inputMode="decimal"
        optional={!!unit}
        hint={`Whole ${currency} or with pence/cents, up to ${MAX_PLEDGE_MAJOR.toLocaleString("en-GB")}.${unit ? " For a fixed amount." : ""}`}
      />
      {unit ? (
        <div className="field-row">
          <Field
            field={fields.perUnit}
            label={`Amount per ${unit.replace(/s$/, "")} (${currency})`}
            inputMode="decimal"
            optional
            hint={`For a pledge per ${unit.replace(/s$/, "")}, up to ${MAX_PER_UNIT_MAJOR.toLocaleString("en-GB")}.`}
          />
          <Field
            field={fields.max}
            label={`Maximum (${currency})`}
            inputMode="decimal"
            hint={`Needed for a pledge per unit: it stops growing here, up to ${MAX_PLEDGE_MAJOR.toLocaleString("en-GB")}.`}
          />
        </div>
      ) : null}
      <TextareaField field={fields.message} label="Message to the group" optional maxLength={280} />
      <CheckboxField field={fields.anonymous} label="Show my pledge as Anonymous" />
      <p className="field__hint">
        After you pledge we send you to {charityName}&apos;s own donation page to pay. {NO_FEES_LINE}
      </p>
      <SubmitButton pendingText="Pledging...">Pledge</SubmitButton>
    </Form>
  );
}
