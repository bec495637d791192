/**
 * The admin forms' selects, text areas and check boxes, wired to conform like forms.tsx's Field:
 * a visible label, errors tied by aria-describedby, server errors rendered without JavaScript.
 */
import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import { FieldError } from "#app/components/forms";

const describedBy = (field: FieldMetadata<any>, hint?: string) =>
  [field.errors?.length ? field.errorId : null, hint ? field.descriptionId : null].filter(Boolean).join(" ") || undefined;

export function SelectField({
  field,
  label,
  options,
  hint,
}: {
  field: FieldMetadata<any>;
  label: string;
  options: readonly { value: string; label: string }[];
  hint?: string;
}) {
  const { key, ...props } = getSelectProps(field, { ariaAttributes: true });
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      {hint ? (
        <p className="field__hint" id={field.descriptionId}>
          {hint}
        </p>
      ) : null}
      <select key={key} {...props} aria-describedby={describedBy(field, hint)}>
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

export function TextareaField({ field, label, rows = 8 }: { field: FieldMetadata<any>; label: string; rows?: number }) {
  const { key, ...props } = getTextareaProps(field, { ariaAttributes: true });
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      <textarea key={key} {...props} rows={rows} aria-describedby={describedBy(field)} />
      <FieldError field={field} />
    </div>
  );
}

export function CheckboxField({ field, label, hint }: { field: FieldMetadata<any>; label: string; hint?: string }) {
  const { key, ...props } = getInputProps(field, { type: "checkbox", ariaAttributes: true });
  return (
    <div className="field">
      <div className="field--check">
        <input key={key} {...props} aria-describedby={describedBy(field, hint)} />
        <label htmlFor={field.id}>{label}</label>
      </div>
      {hint ? (
        <p className="field__hint" id={field.descriptionId}>
          {hint}
        </p>
      ) : null}
      <FieldError field={field} />
    </div>
  );
}
