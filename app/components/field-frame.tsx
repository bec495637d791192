/**
 * What every form field shares, whatever checks its form: a visible <label>, an optional hint, the
 * control, and its error tied to the control by aria-describedby. No form library here: conform's
 * fields (forms.tsx) and the plain checked forms (checked-form.tsx, ADR 292) both render through it.
 */
import { useHydrated } from "#app/components/hooks/useHydrated";
import { useState } from "react";

/** What the frame reads of a field: conform's field metadata and a checked form's field both have it. */
export interface FrameField {
  id: string;
  errorId: string;
  descriptionId: string;
  errors?: string[];
  /**
   * The error is shown once elsewhere (errorId names it: the message two fields share, ADR 264): the
   * control stays invalid and described by it, and the frame does not repeat it.
   */
  errorShownElsewhere?: boolean;
}

/** The ids a control's aria-describedby lists: its error when it has one, its hint when it has one. */
export function describedBy(field: FrameField, hint?: React.ReactNode): string | undefined {
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
  field: FrameField;
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

export function FieldError({ field }: { field: FrameField }) {
  return field.errors?.length && !field.errorShownElsewhere ? (
    <p className="field__error" id={field.errorId} role="alert">
      {field.errors.join(", ")}
    </p>
  ) : null;
}

/**
 * A password input, masked by default, with a show/hide toggle (DESIGN deviation from plain text).
 * `input` is the control's own attributes; the toggle sets its type.
 */
export function PasswordFrame({
  field,
  label = "Password",
  input,
}: {
  field: FrameField;
  label?: string;
  input: Omit<React.InputHTMLAttributes<HTMLInputElement>, "type">;
}) {
  const [visible, setVisible] = useState(false);
  // The toggle only works with JavaScript: without it there is no button that would do nothing.
  const hydrated = useHydrated();
  return (
    <FieldFrame field={field} label={label}>
      <div className="password-input">
        <input {...input} type={visible ? "text" : "password"} aria-describedby={describedBy(field)} />
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
