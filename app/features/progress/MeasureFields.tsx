/**
 * The measure of a goal (ADR 140) on /create and on the measure edit page: a unit (preset or custom),
 * the target per member and the optional group target. Works without JavaScript: the custom name is
 * a plain field read only when "Custom unit" is chosen.
 */
import { Field, SelectField, type AnyField } from "#app/components/forms";
import { UNIT_PRESETS } from "#app/features/progress/progress";

export interface MeasureFieldSet {
  unit: AnyField;
  customUnit: AnyField;
  unitTarget: AnyField;
  groupTarget: AnyField;
}

export const UNIT_OPTIONS = [
  { value: "none", label: "No measure (track days only)" },
  ...UNIT_PRESETS.map((u) => ({ value: u.key, label: u.label })),
  { value: "custom", label: "Custom unit (name it below)" },
];

export function MeasureFields({
  fields,
  unitLocked,
}: {
  fields: MeasureFieldSet;
  /** Entries exist: the unit can no longer change (the targets can); sent as it is. */
  unitLocked?: { label: string; unit: string; customUnit: string } | null;
}) {
  return (
    <fieldset className="measure-fields">
      <legend>Measure progress</legend>
      <p className="field__hint">
        Members log amounts (like 5.2&nbsp;km) and see their total against the target, the group total and a
        leaderboard.
      </p>
      {unitLocked ? (
        <p className="notice">
          <input type="hidden" name={fields.unit.name} value={unitLocked.unit} />
          <input type="hidden" name={fields.customUnit.name} value={unitLocked.customUnit} />
          The unit is <strong>{unitLocked.label}</strong>. It cannot change once members have logged progress.
        </p>
      ) : (
        <>
          <SelectField field={fields.unit} label="Unit" options={UNIT_OPTIONS} />
          {/* Shown only while "Custom unit" is chosen (member.css). */}
          <div className="custom-unit-field">
            <Field field={fields.customUnit} label="Custom unit name" optional hint="Like laps or push-ups." />
          </div>
        </>
      )}
      <div className="field-row">
        <Field field={fields.unitTarget} label="Target per member" inputMode="decimal" hint="Like 100." />
        <Field field={fields.groupTarget} label="Group target" inputMode="decimal" optional hint="Like 5,000." />
      </div>
    </fieldset>
  );
}
