import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { CheckboxField, Field, SubmitButton } from "#app/components/forms";
import { useConformForm } from "#app/components/hooks/useConformForm";
import { STATE_LABELS } from "#app/features/sponsors/sponsors";
import { cancelPledgeSchema, pledgeMaxSchema } from "./supporter.schema";
import type { SupporterView } from "./supporter-page.server";

type ActionReply = { intent: string | null; result: SubmissionResult<string[]> | null; error: string | null };

/** The supporter's pledge: what it is, what it is worth, its payment state, and what they can do now. */
export function SupporterPledge({ view, reply }: { view: SupporterView; reply?: ActionReply | null }) {
  const [maxForm, maxFields] = useConformForm(pledgeMaxSchema, {
    id: "pledge-max",
    lastResult: reply?.intent === "max" ? reply.result : null,
    defaultValue: { max: view.maxMajor },
  });
  const [cancelForm, cancelFields] = useConformForm(cancelPledgeSchema, {
    id: "pledge-cancel",
    lastResult: reply?.intent === "cancel" ? reply.result : null,
  });
  const stateText =
    view.state === "confirmed"
      ? "Paid: the organiser confirmed it."
      : view.state === "said-paid"
        ? `You said you've paid (${view.saidPaidOn}); the organiser confirms it once ${view.charityName} does.`
        : view.perUnit && !view.ended
          ? "Paid at the end: we tell you the final amount when the challenge ends."
          : "Not paid yet.";
  return (
    <section className="card supporter-pledge" aria-labelledby="supporter-pledge-title">
      <h2 id="supporter-pledge-title">{view.cause}</h2>
      {reply?.error ? (
        <p className="form-error" role="alert">
          {reply.error}
        </p>
      ) : null}
      <dl>
        <dt>Supporter</dt>
        <dd>{view.name}</dd>
        <dt>Backing</dt>
        <dd>{view.backs}</dd>
        <dt>Charity</dt>
        <dd>{view.charityName}</dd>
        <dt>Your pledge</dt>
        <dd data-testid="pledge-terms">{view.terms}</dd>
        <dt>{view.perUnit ? (view.ended ? "Final amount" : "Worth today") : "Amount"}</dt>
        <dd data-testid="pledge-value">{view.valueText}</dd>
        <dt>Payment</dt>
        <dd data-testid="pledge-state" data-state={view.state}>
          {view.state === "owed" && view.perUnit && !view.ended ? null : <strong>{STATE_LABELS[view.state]}: </strong>}
          {stateText}
        </dd>
      </dl>
      {view.can.paid && view.charityUrl ? (
        <>
          <a className="button" href={view.charityUrl} rel="noopener noreferrer external">
            Give on {view.charityName}&apos;s page
          </a>
          <Form method="post">
            <input type="hidden" name="intent" value="paid" />
            <p className="field__hint">Once you have paid {view.valueText} there, tell the organiser:</p>
            <SubmitButton pendingText="Saving..." className="button button--secondary">
              I&apos;ve paid
            </SubmitButton>
          </Form>
        </>
      ) : null}
      {view.can.max ? (
        <Form method="post" {...getFormProps(maxForm)}>
          <input type="hidden" name="intent" value="max" />
          {maxForm.errors?.length ? (
            <p className="form-error" role="alert">
              {maxForm.errors.join(", ")}
            </p>
          ) : null}
          <Field
            field={maxFields.max}
            label={`Maximum (${view.currency})`}
            inputMode="decimal"
            hint="Your pledge stops growing here. You can change it until the challenge ends."
          />
          <SubmitButton pendingText="Saving..." className="button button--secondary">
            Change the maximum
          </SubmitButton>
        </Form>
      ) : null}
      {view.can.cancel ? (
        <Form method="post" {...getFormProps(cancelForm)}>
          <input type="hidden" name="intent" value="cancel" />
          {cancelForm.errors?.length ? (
            <p className="form-error" role="alert">
              {cancelForm.errors.join(", ")}
            </p>
          ) : null}
          <CheckboxField field={cancelFields.confirm} label="Yes, cancel my pledge" />
          <SubmitButton pendingText="Cancelling..." className="button button--danger">
            Cancel my pledge
          </SubmitButton>
        </Form>
      ) : null}
      {view.can.stopMail ? (
        <Form method="post">
          <input type="hidden" name="intent" value="stop-mail" />
          <p className="field__hint">We e-mail you only about this pledge: the final amount and reminders to pay.</p>
          <SubmitButton pendingText="Saving..." className="button button--secondary">
            Stop e-mails about this pledge
          </SubmitButton>
        </Form>
      ) : view.mailStopped ? (
        <p className="field__hint">You get no more e-mails about this pledge.</p>
      ) : null}
    </section>
  );
}
