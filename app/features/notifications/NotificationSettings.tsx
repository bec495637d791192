import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { OnOffField, SubmitButton } from "#app/components/forms";
import { EMAIL_TOPICS, type EmailTopic } from "#app/features/notifications/notification-email";
import { notificationSettingsSchema } from "#app/features/notifications/notification-settings.schema";
import { useConformForm } from "#app/components/hooks/useConformForm";

/**
 * The Notifications section of /profile (ADR 187): one row per kind of e-mail, its name and an On/Off
 * switch (docs/design.md). It posts to
 * /profile/notifications, which also shows it alone with its errors when JavaScript is off.
 */
export function NotificationSettings({
  choices,
  lastResult,
}: {
  choices: Record<EmailTopic, boolean>;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const [form, fields] = useConformForm(notificationSettingsSchema, {
    id: "notification-settings",
    lastResult,
    defaultValue: Object.fromEntries(EMAIL_TOPICS.map((t) => [t.topic, choices[t.topic] ? "on" : "off"])),
    validate: "onSubmit",
  });
  return (
    <section className="card account" id="notifications" aria-labelledby="notifications-heading">
      <h2 id="notifications-heading">Notifications</h2>
      <p className="account__hint">
        What we e-mail you. The bell in the header shows everything either way. Every e-mail has a link to stop that
        kind with one click.
      </p>
      <Form method="post" action="/profile/notifications" className="form" {...getFormProps(form)}>
        {EMAIL_TOPICS.map((t) => (
          <OnOffField key={t.topic} field={fields[t.topic]} label={t.label} on={choices[t.topic]} />
        ))}
        <div className="form-actions">
          <SubmitButton>Save notifications</SubmitButton>
        </div>
      </Form>
    </section>
  );
}
