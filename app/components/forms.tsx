/**
 * Form fields wired to conform. Every kind is built on FieldFrame: a visible <label>, an optional
 * hint, the control, and its error, tied to the control by aria-describedby. Server errors render
 * without JavaScript; with it, conform checks the form when sent, then each field as it is typed (ADR 280).
 */
import { useHydrated } from "#app/components/useHydrated";
import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import { useState } from "react";

// Conform's field metadata is generic over each form's schema; these components take a field of any form.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyField = FieldMetadata<any>;

type InputType = "text" | "email" | "password" | "date" | "color" | "number" | "url" | "search" | "tel";

/** The ids a control's aria-describedby lists: its error when it has one, its hint when it has one. */
export function describedBy(field: AnyField, hint?: React.ReactNode): string | undefined {
  return (
    [field.errors?.length ? field.errorId : null, hint ? field.descriptionId : null].filter(Boolean).join(" ") ||
    undefined
  );
}

/**
 * The frame every field kind shares: label (with an 'Optional' tag), hint, the control, the error.
 * `check` puts the label after the control on one line, as check boxes read.
 */
export function FieldFrame({
  field,
  label,
  optional,
  hint,
  check,
  children,
}: {
  field: AnyField;
  label: React.ReactNode;
  optional?: boolean;
  hint?: React.ReactNode;
  check?: boolean;
  children: React.ReactNode;
}) {
  const labelElement = (
    <label htmlFor={field.id}>
      {label}
      {optional ? <span className="field__tag">Optional</span> : null}
    </label>
  );
  const hintElement = hint ? (
    <p className="field__hint" id={field.descriptionId}>
      {hint}
    </p>
  ) : null;
  return (
    <div className={check ? "field field--checkbox" : "field"}>
      {check ? (
        <>
          {children}
          {labelElement}
          {hintElement}
        </>
      ) : (
        <>
          {labelElement}
          {hintElement}
          {children}
        </>
      )}
      <FieldError field={field} />
    </div>
  );
}

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

export function FieldError({ field }: { field: AnyField }) {
  return field.errors?.length ? (
    <p className="field__error" id={field.errorId} role="alert">
      {field.errors.join(", ")}
    </p>
  ) : null;
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
  const [visible, setVisible] = useState(false);
  // The toggle only works with JavaScript: without it there is no button that would do nothing.
  const hydrated = useHydrated();
  const { key, ...inputProps } = getInputProps(field, { type: visible ? "text" : "password", ariaAttributes: true });
  return (
    <FieldFrame field={field} label={label}>
      <div className="password-input">
        <input key={key} {...inputProps} autoComplete={autoComplete} aria-describedby={describedBy(field)} />
        {hydrated ? (
          <button
            type="button"
            className="button button--secondary"
            aria-controls={field.id}
            aria-pressed={visible}
            onClick={() => setVisible((v) => !v)}
          >
            {visible ? "Hide" : "Show"}
            <span className="visually-hidden"> password</span>
          </button>
        ) : null}
      </div>
    </FieldFrame>
  );
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
}: {
  field: AnyField;
  label: string;
  options: readonly { value: string; label: string }[];
  hint?: string;
}) {
  const { key, ...props } = getSelectProps(field, { ariaAttributes: true });
  return (
    <FieldFrame field={field} label={label} hint={hint}>
      <select key={key} {...props} aria-describedby={describedBy(field, hint)}>
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

export { SubmitButton } from "./SubmitButton";
