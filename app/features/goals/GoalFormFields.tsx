/**
 * The core goal fields of /create. Later features add their own fieldsets beside these (a month-long
 * challenge template, fundraising) without touching them (ADR 025).
 */
import { FieldError, Field, type AnyField } from "#app/components/forms";
import { ImageInput } from "#app/components/ImageInput";

export interface GoalFieldSet {
  cause: AnyField;
  start: AnyField;
  end: AnyField;
  icon: AnyField;
  visibility: AnyField;
  demo: AnyField;
}

export function GoalFormFields({
  fields,
  canChooseVisibility,
  canMarkDemo,
}: {
  fields: GoalFieldSet;
  canChooseVisibility: boolean;
  canMarkDemo: boolean;
}) {
  return (
    <>
      <Field
        field={fields.cause}
        label="Cause"
        hint="The challenge's name, what everyone works towards, like Walk 100 km in March."
        maxLength={120}
      />
      {/* Hidden while "Month challenge" is chosen (member.css): the month sets the dates. */}
      <div className="field-row goal-dates">
        <Field field={fields.start} label="Start date" type="date" optional />
        <Field field={fields.end} label="End date" type="date" optional />
      </div>
      <ImageInput field={fields.icon} label="Icon" />
      {canChooseVisibility ? (
        <fieldset
          className="choice-group"
          aria-describedby={fields.visibility.errors?.length ? fields.visibility.errorId : undefined}
        >
          <legend>Visibility</legend>
          <label className="choice">
            <input
              type="radio"
              name={fields.visibility.name}
              value="public"
              defaultChecked={fields.visibility.initialValue !== "private"}
            />
            <span>
              Public <small>Suggested to every member.</small>
            </span>
          </label>
          <label className="choice">
            <input
              type="radio"
              name={fields.visibility.name}
              value="private"
              defaultChecked={fields.visibility.initialValue === "private"}
            />
            <span>
              Private <small>Belongs to your organisation; suggested only to your organisation's account.</small>
            </span>
          </label>
          <FieldError field={fields.visibility} />
        </fieldset>
      ) : null}
      {canMarkDemo ? (
        <div className="field">
          <label className="choice">
            <input type="checkbox" name={fields.demo.name} defaultChecked={fields.demo.initialValue === "on"} />
            <span>
              Demo goal <small>For demonstrations: never suggested to anyone.</small>
            </span>
          </label>
        </div>
      ) : null}
    </>
  );
}
