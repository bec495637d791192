/**
 * Form fields wired to conform. Every kind is built on FieldFrame: a visible <label>, an optional
 * hint, the control, and its error, tied to the control by aria-describedby. Server errors render
 * without JavaScript; with it, conform checks the form when sent, then each field as it is typed (ADR 280).
 */
import { describedBy, FieldError, FieldFrame, PasswordFrame } from "#app/components/field-frame";
import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";

export { describedBy, FieldError, FieldFrame } from "#app/components/field-frame";

// Conform's field metadata is generic over each form's schema; these components take a field of any form.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyField = FieldMetadata<any>;

type InputType = "text" | "email" | "password" | "date" | "color" | "number" | "url" | "search" | "tel";

export function Field({
  field,
  label,
  type = "text",
  optional,
  hint,
  autoComplete,
  ...rest
}: {
  field: AnyField;
  label: string;
  type?: InputType;
  optional?: boolean;
  hint?: string;
  autoComplete?: string;
} & Omit<React.InputHTMLAttributes<HTMLInputElement>, "type" | "form">) {
  const { key, required, ...inputProps } = getInputProps(field, { type, ariaAttributes: true });
  return (
    <FieldFrame field={field} label={label} optional={optional} hint={hint}>
      <input
        key={key}
        {...inputProps}
        // A colour input always has a value: HTML does not allow `required` on it.
        required={type === "color" ? undefined : required}
        {...rest}
        autoComplete={autoComplete}
        aria-describedby={describedBy(field, hint)}
      />
    </FieldFrame>
  );
}

/** A password input, masked by default, with a show/hide toggle (DESIGN deviation from plain text). */
export function PasswordField({
  field,
  label = "Password",
  autoComplete,
}: {
  field: AnyField;
  label?: string;
  autoComplete: "current-password" | "new-password";
}) {
  const { key, type: _type, ...inputProps } = getInputProps(field, { type: "password", ariaAttributes: true });
  return <PasswordFrame key={key} field={field} label={label} input={{ ...inputProps, autoComplete }} />;
}

export function TextareaField({
  field,
  label,
  optional,
  hint,
  rows = 3,
  maxLength,
}: {
  field: AnyField;
  label: string;
  optional?: boolean;
  hint?: string;
  rows?: number;
  maxLength?: number;
}) {
  const { key, ...props } = getTextareaProps(field, { ariaAttributes: true });
  return (
    <FieldFrame field={field} label={label} optional={optional} hint={hint}>
      <textarea key={key} {...props} rows={rows} maxLength={maxLength} aria-describedby={describedBy(field, hint)} />
    </FieldFrame>
  );
}

export function SelectField({
  field,
  label,
  options,
  hint,
  onChange,
}: {
  field: AnyField;
  label: string;
  options: readonly { value: string; label: string }[];
  hint?: string;
  /** For what follows the choice live (with JavaScript); the form posts the value either way. */
  onChange?: React.ChangeEventHandler<HTMLSelectElement>;
}) {
  const { key, ...props } = getSelectProps(field, { ariaAttributes: true });
  return (
    <FieldFrame field={field} label={label} hint={hint}>
      <select key={key} {...props} onChange={onChange} aria-describedby={describedBy(field, hint)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

export function CheckboxField({ field, label, hint }: { field: AnyField; label: string; hint?: string }) {
  const { key, ...props } = getInputProps(field, { type: "checkbox", ariaAttributes: true });
  return (
    <FieldFrame field={field} label={label} hint={hint} check>
      <input key={key} {...props} aria-describedby={describedBy(field, hint)} />
    </FieldFrame>
  );
}

/**
 * A setting switched On or Off: a fieldset row of two radios, "on" and "off", shown as a segmented
 * control (ADR 187; docs/design.md). `on` is which one starts checked.
 */
export function OnOffField({ field, label, on }: { field: AnyField; label: string; on: boolean }) {
  return (
    <fieldset className="setting-row" aria-describedby={field.errors?.length ? field.errorId : undefined}>
      <legend>{label}</legend>
      <span className="segmented">
        <label>
          <input type="radio" name={field.name} value="on" defaultChecked={on} />
          On
        </label>
        <label>
          <input type="radio" name={field.name} value="off" defaultChecked={!on} />
          Off
        </label>
      </span>
      <FieldError field={field} />
    </fieldset>
  );
}

export { SubmitButton } from "./SubmitButton";
