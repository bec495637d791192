/**
 * The month-challenge template and optional fundraising on /create (beside GoalFormFields, ADR 025).
 * Without JavaScript both work: the server takes the month's 1st and last day when "Month challenge"
 * is chosen.
 */
import { Field, FieldError, SelectField, type AnyField } from "#app/components/forms";
import { CURRENCIES, NO_FEES_LINE } from "#app/features/fundraising/fundraising";

export interface ChallengeFieldSet {
  template: AnyField;
  month: AnyField;
  charityName: AnyField;
  charityUrl: AnyField;
  target: AnyField;
  currency: AnyField;
}

export function ChallengeTemplateFields({
  fields,
  months,
}: {
  fields: ChallengeFieldSet;
  months: { value: string; label: string }[];
}) {
  const month = fields.template.initialValue === "month";
  return (
    <>
      <fieldset
        className="choice-group"
        aria-describedby={fields.template.errors?.length ? fields.template.errorId : undefined}
      >
        <legend>Template</legend>
        <label className="choice">
          <input type="radio" name={fields.template.name} value="custom" defaultChecked={!month} />
          <span>
            Custom dates <small>Use the dates above, or none.</small>
          </span>
        </label>
        <label className="choice">
          <input type="radio" name={fields.template.name} value="month" defaultChecked={month} />
          <span>
            Month challenge{" "}
            <small>Runs from the 1st to the last day of the month you choose, for your group or club.</small>
          </span>
        </label>
        <FieldError field={fields.template} />
      </fieldset>
      {/* Shown only while "Month challenge" is chosen (member.css); without CSS support both stay. */}
      <div className="month-field">
        <SelectField field={fields.month} label="Month (for a month challenge)" options={months} />
      </div>
    </>
  );
}

export function FundraisingFields({ fields }: { fields: ChallengeFieldSet }) {
  return (
    <fieldset className="fundraising-fields">
      <legend>Fundraising for a charity</legend>
      <p className="field__hint">{NO_FEES_LINE} Fill in all three, or leave them empty and add fundraising later.</p>
      <Field field={fields.charityName} label="Charity name" />
      <Field
        field={fields.charityUrl}
        label="Charity's donation page"
        type="url"
        hint="The charity's own https:// page where supporters pay."
      />
      <div className="field-row">
        <Field field={fields.target} label="Target amount" inputMode="decimal" />
        <SelectField
          field={fields.currency}
          label="Currency"
          options={CURRENCIES.map((c) => ({ value: c, label: c }))}
        />
      </div>
    </fieldset>
  );
}
