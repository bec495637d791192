import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useEffect, useState } from "react";
import { FlashBeside } from "#app/components/FlashMessage";
import { FieldError, OnOffField, SelectField, SubmitButton } from "#app/components/forms";
import { useConformForm } from "#app/components/hooks/useConformForm";
import { DEFAULT_REMINDER_HOUR, deviceTimeZone, hourLabel, REMINDER_HOURS } from "./push";
import { pushSettingsSchema } from "./push.schema";
import { PushToggle } from "./PushToggle";

const HOUR_OPTIONS = [
  { value: "off", label: "No daily reminder" },
  ...REMINDER_HOURS.map((hour) => ({ value: String(hour), label: hourLabel(hour) })),
];

/**
 * /profile's "Notifications on your phone" (ADR 281, 282): this device's on/off (needs JavaScript), and
 * the member's reminder hour and cheers switch for all their devices, a plain form that posts to
 * /profile/push (which shows it alone with its errors when JavaScript is off).
 */
export function PushSettings({
  publicKey,
  settings,
  devices,
  lastResult,
}: {
  publicKey: string | null;
  settings: { reminderHour: number | null; cheers: boolean; timeZone: string } | null;
  devices: number;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const [form, fields] = useConformForm(pushSettingsSchema, {
    id: "push-settings",
    lastResult,
    defaultValue: {
      reminderHour: String(settings ? (settings.reminderHour ?? "off") : DEFAULT_REMINDER_HOUR),
      cheers: settings && !settings.cheers ? "off" : "on",
    },
    validate: "onSubmit",
  });
  // The device's own time zone goes with the form once the page runs (without JavaScript the stored one stays).
  const [timeZone, setTimeZone] = useState<string | null>(null);
  useEffect(() => setTimeZone(deviceTimeZone()), []);
  const zone = timeZone ?? settings?.timeZone ?? null;
  return (
    <section className="card account" id="push" aria-labelledby="push-heading">
      <h2 id="push-heading">Notifications on your phone</h2>
      {publicKey ? (
        <>
          <p className="account__hint">
            A reminder at the hour you pick when you have not logged that day in a running goal, and cheers from your
            friends, on each device where you turn them on.{" "}
            {devices === 0
              ? "No device has them on yet."
              : `${devices} ${devices === 1 ? "device has" : "devices have"} them on.`}{" "}
            Without them, the e-mail reminders in Notifications above still come.
          </p>
          <PushToggle
            publicKey={publicKey}
            offLabel="Turn on notifications on this device"
            onText="On for this device."
          />
          <Form method="post" action="/profile/push" className="form" {...getFormProps(form)}>
            <SelectField
              field={fields.reminderHour}
              label="Remind me at"
              options={HOUR_OPTIONS}
              hint={
                zone
                  ? `Your time (${zone}), on days you have not logged yet.`
                  : "Your time, on days you have not logged yet."
              }
            />
            <OnOffField field={fields.cheers} label="Cheers from friends" on={fields.cheers.initialValue !== "off"} />
            {timeZone ? <input {...getInputProps(fields.timeZone, { type: "hidden" })} value={timeZone} /> : null}
            <FieldError field={fields.timeZone} />
            <div className="form-actions">
              <SubmitButton>Save phone notifications</SubmitButton>
            </div>
            <FlashBeside at="push" />
          </Form>
        </>
      ) : (
        <p className="account__hint">Notifications on your phone are not available on this site yet.</p>
      )}
    </section>
  );
}
