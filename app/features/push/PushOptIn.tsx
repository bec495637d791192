import { Link } from "@remix-run/react";
import { DEFAULT_REMINDER_HOUR, hourLabel } from "./push";
import { PushToggle } from "./PushToggle";

/**
 * The goal screen's one line (ADR 281): a member who logs in a running goal can have the daily
 * reminder on this phone. Once this device has it on, the line goes; the hour is picked on /profile.
 * No read of its own: the goal screen's batch stays as it was.
 */
export function PushOptIn({ publicKey }: { publicKey: string }) {
  return (
    <PushToggle
      publicKey={publicKey}
      compact
      className="push push--offer"
      offLabel="Remind me on this phone"
      onText="Reminders are on for this phone."
      offNote={
        <>
          {`On days you have not logged, at the hour you pick (${hourLabel(DEFAULT_REMINDER_HOUR)} at first).`}{" "}
          <Link to="/profile#push">Reminder settings</Link>
        </>
      }
    />
  );
}
