/**
 * A form the server validates (its zod schema, through conform on the server) and the browser checks with
 * the platform's own constraints and field-rules.ts, without zod or conform in the page (ADR 292): the
 * sign-in, sign-up and early-access forms, whose pages are the first a visitor loads.
 * - Without JavaScript: the form posts (`noValidate`, as conform rendered it) and the server's field
 *   messages come back in the page.
 * - With it: the form is checked when sent and, once sent, each field again as it is typed (as ADR 280's
 *   conform forms do); the first field in error takes the focus; nothing is sent while one is.
 * The action's answer is conform's reply (`submission.reply()`): its `error` and `initialValue` are read
 * here as plain data.
 */
import { useState } from "react";
import { constraintOf, checkField, type FieldRule } from "#app/lib/field-rules";
import { describedBy, FieldFrame, PasswordFrame, type FrameField } from "#app/components/field-frame";

/** The part of conform's reply this form reads. */
interface Reply {
  error?: Record<string, string[] | null | undefined> | null;
  initialValue?: Record<string, unknown> | null;
}

export interface CheckedField extends FrameField {
  name: string;
  formId: string;
  rule: FieldRule;
  initialValue?: string;
}

type Verdicts = Record<string, string | null>;

export function useCheckedForm<Name extends string>(
  rules: Record<Name, FieldRule>,
  options: { id: string; lastResult?: unknown; defaultValue?: Partial<Record<Name, string>> },
) {
  const reply = (options.lastResult ?? null) as Reply | null;
  // The browser's verdict per field since the last answer from the server (a new answer starts afresh).
  const [verdicts, setVerdicts] = useState<{ for: Reply | null; by: Verdicts; sent: boolean }>({
    for: reply,
    by: {},
    sent: false,
  });
  const current = verdicts.for === reply ? verdicts : { for: reply, by: {}, sent: reply !== null };
  if (current !== verdicts) setVerdicts(current);

  const fields = {} as Record<Name, CheckedField>;
  for (const name of Object.keys(rules) as Name[]) {
    const id = `${options.id}-${name}`;
    const mine = current.by[name];
    const server = reply?.error?.[name] ?? undefined;
    const initial = reply?.initialValue?.[name] ?? options.defaultValue?.[name];
    fields[name] = {
      id,
      name,
      formId: options.id,
      errorId: `${id}-error`,
      descriptionId: `${id}-description`,
      rule: rules[name],
      errors: mine !== undefined ? (mine ? [mine] : undefined) : server?.length ? server : undefined,
      initialValue: typeof initial === "string" ? initial : undefined,
    };
  }

  const check = (form: HTMLFormElement, only?: string): Verdicts => {
    const by: Verdicts = {};
    for (const name of Object.keys(rules) as Name[]) {
      if (only !== undefined && name !== only) continue;
      const control = form.elements.namedItem(name);
      if (control instanceof HTMLInputElement) by[name] = checkField(control.value, rules[name]);
    }
    return by;
  };

  const form = {
    id: options.id,
    noValidate: true,
    onSubmit(event: React.FormEvent<HTMLFormElement>) {
      const by = check(event.currentTarget);
      setVerdicts({ for: reply, by, sent: true });
      const first = (Object.keys(by) as Name[]).find((name) => by[name]);
      if (first) {
        event.preventDefault();
        document.getElementById(fields[first].id)?.focus();
      }
    },
    onInput(event: React.FormEvent<HTMLFormElement>) {
      const target = event.target as HTMLInputElement;
      if (!current.sent || !(target.name in rules)) return;
      setVerdicts({ ...current, by: { ...current.by, ...check(event.currentTarget, target.name) } });
    },
  };
  return [form, fields] as const;
}

/** The attributes a checked field's input carries: its name, value, constraints and error state. */
function inputProps(field: CheckedField) {
  return {
    id: field.id,
    name: field.name,
    form: field.formId,
    defaultValue: field.initialValue,
    ...constraintOf(field.rule),
    "aria-invalid": field.errors?.length ? true : undefined,
  };
}

export function CheckedInput({
  field,
  label,
  type = "text",
  autoComplete,
}: {
  field: CheckedField;
  label: string;
  type?: "text" | "email";
  autoComplete: string;
}) {
  return (
    <FieldFrame field={field} label={label}>
      <input {...inputProps(field)} type={type} autoComplete={autoComplete} aria-describedby={describedBy(field)} />
    </FieldFrame>
  );
}

export function CheckedPassword({
  field,
  autoComplete,
}: {
  field: CheckedField;
  autoComplete: "current-password" | "new-password";
}) {
  return <PasswordFrame field={field} input={{ ...inputProps(field), autoComplete }} />;
}
