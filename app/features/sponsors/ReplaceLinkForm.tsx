import type { ReactNode } from "react";
import { Form } from "@remix-run/react";
import { AskFirst } from "#app/components/AskFirst";

/**
 * Replacing one sponsor link of the "Sponsor links" panel, a member's (ADR 298) or a team's (ADR 268): an
 * ask-first disclosure that says what stops working, then a list to pick whose link and a red button.
 * The answer comes back at `#sponsor-links`; a refusal (one not of this challenge) is told on the list's
 * field, and the panel comes back open so it shows.
 */
export function ReplaceLinkForm({
  summary,
  question,
  keep,
  children,
  intent,
  className,
  field,
  options,
  error,
  button,
}: {
  summary: string;
  question: string;
  keep: string;
  /** What stops working, and what stays. */
  children: ReactNode;
  intent: string;
  className: string;
  /** The list: its id (its error is `${id}-error`), name, label and empty choice. */
  field: { id: string; name: string; label: string; choose: string };
  options: { id: string; name: string }[];
  error?: string | null;
  button: string;
}) {
  const errorId = `${field.id}-error`;
  return (
    <AskFirst summary={summary} question={question} keep={keep} open={!!error}>
      <p>{children}</p>
      <Form method="post" className={`form ${className}`} action="#sponsor-links">
        <input type="hidden" name="intent" value={intent} />
        <div className="field">
          <label htmlFor={field.id}>{field.label}</label>
          <select
            id={field.id}
            name={field.name}
            required
            defaultValue=""
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          >
            <option value="" disabled>
              {field.choose}
            </option>
            {options.map((o) => (
              <option key={o.id} value={o.id}>
                {o.name}
              </option>
            ))}
          </select>
          {error ? (
            <p className="field__error" id={errorId} role="alert">
              {error}
            </p>
          ) : null}
        </div>
        <button type="submit" className="button button--danger">
          {button}
        </button>
      </Form>
    </AskFirst>
  );
}
