/**
 * Form fields wired to conform: a visible <label>, the input, and its error tied by aria-describedby.
 * Server errors render without JavaScript; with it, conform validates on blur.
 */
import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { useNavigation } from "@remix-run/react";
import { useState } from "react";

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
  field: FieldMetadata<any>;
  label: string;
  type?: InputType;
  optional?: boolean;
  hint?: string;
  autoComplete?: string;
} & Omit<React.InputHTMLAttributes<HTMLInputElement>, "type" | "form">) {
  const describedBy = [field.errors?.length ? field.errorId : null, hint ? field.descriptionId : null]
    .filter(Boolean)
    .join(" ");
  const { key, ...inputProps } = getInputProps(field, { type, ariaAttributes: true });
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
      <input
        key={key}
        {...inputProps}
        {...rest}
        autoComplete={autoComplete}
        aria-describedby={describedBy || undefined}
      />
      <FieldError field={field} />
    </div>
  );
}

export function FieldError({ field }: { field: FieldMetadata<any> }) {
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
  field: FieldMetadata<any>;
  label?: string;
  autoComplete: "current-password" | "new-password";
}) {
  const [visible, setVisible] = useState(false);
  const { key, ...inputProps } = getInputProps(field, { type: visible ? "text" : "password", ariaAttributes: true });
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      <div className="password-input">
        <input
          key={key}
          {...inputProps}
          autoComplete={autoComplete}
          aria-describedby={field.errors?.length ? field.errorId : undefined}
        />
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
      </div>
      <FieldError field={field} />
    </div>
  );
}

/** A submit button that goes to its loading state while its form is submitting. */
export function SubmitButton({
  children,
  pendingText = "loading...",
  className = "button",
  name,
  value,
}: {
  children: React.ReactNode;
  pendingText?: string;
  className?: string;
  name?: string;
  value?: string;
}) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && (!name || navigation.formData?.get(name) === value);
  return (
    <button type="submit" className={className} name={name} value={value} aria-disabled={pending || undefined}>
      {pending ? pendingText : children}
    </button>
  );
}
