/** Textarea, select and checkbox fields in the style of forms.tsx (label, hint, error tied by aria). */
import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import { FieldError } from "#app/components/forms";

export function TextareaField({
  field,
  label,
  optional,
  hint,
  rows = 3,
  maxLength,
}: {
  field: FieldMetadata<any>;
  label: string;
  optional?: boolean;
  hint?: string;
  rows?: number;
  maxLength?: number;
}) {
  const { key, ...props } = getTextareaProps(field, { ariaAttributes: true });
  const describedBy = [field.errors?.length ? field.errorId : null, hint ? field.descriptionId : null].filter(Boolean).join(" ");
  return (
    <div className="field">
      <label htmlFor={field.id}>
        {label}
        {optional ? <span className="field__tag">Optional</span> : null}
      </label>
      {hint ? (
        <p className="field__hint" id={field.descriptionId}>
          {hint}
        </p>
      ) : null}
      <textarea key={key} {...props} rows={rows} maxLength={maxLength} aria-describedby={describedBy || undefined} />
      <FieldError field={field} />
    </div>
  );
}

export function SelectField({
  field,
  label,
  options,
}: {
  field: FieldMetadata<any>;
  label: string;
  options: readonly { value: string; label: string }[];
}) {
  const { key, ...props } = getSelectProps(field, { ariaAttributes: true });
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      <select key={key} {...props} aria-describedby={field.errors?.length ? field.errorId : undefined}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldError field={field} />
    </div>
  );
}

export function CheckboxField({ field, label }: { field: FieldMetadata<any>; label: string }) {
  const { key, ...props } = getInputProps(field, { type: "checkbox", ariaAttributes: true });
  return (
    <div className="field field--checkbox">
      <input key={key} {...props} />
      <label htmlFor={field.id}>{label}</label>
      <FieldError field={field} />
    </div>
  );
}
