import { useEffect, useState } from "react";
import { useHydrated } from "#app/components/hooks/useHydrated";
import type * as PushClient from "./push.client";

type Status = "checking" | "unsupported" | "blocked" | "off" | "on" | "working";

/**
 * Turns Web Push on or off for this device (ADR 281). Permission is asked only when the member taps
 * the button, never on page load. Without JavaScript there is nothing to tap: the text says why (a
 * browser subscribes to push only from a script). The answer shows beside the button, where the member
 * looks (ADR 252).
 */
export function PushToggle({
  publicKey,
  offLabel,
  onText,
  compact = false,
  className = "push",
  offNote,
}: {
  publicKey: string;
  /** The button that turns it on, e.g. "Turn on notifications". */
  offLabel: string;
  /** Said when this device has them on. */
  onText: string;
  /** The goal screen's one line: nothing shown once this device has them on. */
  compact?: boolean;
  className?: string;
  /** Said under the button while this device has them off. */
  offNote?: React.ReactNode;
}) {
  const hydrated = useHydrated();
  const [status, setStatus] = useState<Status>("checking");
  const [message, setMessage] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    void import("./push.client").then(async (push: typeof PushClient) => {
      const next = await push.deviceStatus();
      if (live) setStatus(next);
    });
    return () => {
      live = false;
    };
  }, []);

  if (!hydrated)
    return (
      <div className={className}>
        <p className="push__note" data-testid="push-needs-js">
          Notifications on this device need JavaScript: turn it on in your browser to allow them.
        </p>
      </div>
    );

  const change = async (on: boolean) => {
    setStatus("working");
    setMessage(null);
    const push = await import("./push.client");
    const problem = on ? await push.turnOn(publicKey) : await push.turnOff();
    setStatus(await push.deviceStatus());
    setMessage(problem ?? (on ? "Notifications are on for this device." : "Notifications are off for this device."));
  };

  // The goal screen's line goes once this device has it on (an empty marker says the check is done).
  if (compact && (status === "checking" || (status === "on" && !message)))
    return <div hidden data-testid="push-toggle" data-status={status} />;
  return (
    <div className={className} data-testid="push-toggle" data-status={status}>
      {status === "unsupported" ? (
        <p className="push__note">This browser cannot show notifications. E-mail reminders still reach you.</p>
      ) : status === "blocked" ? (
        <p className="push__note">
          Notifications are blocked for this site. Allow them in your browser&rsquo;s site settings to turn them on.
        </p>
      ) : status === "on" ? (
        <p className="push__row">
          <span>{onText}</span>
          <button type="button" className="button button--secondary" onClick={() => void change(false)}>
            Turn off on this device
          </button>
        </p>
      ) : (
        <p className="push__row">
          <button
            type="button"
            className="button button--secondary"
            disabled={status !== "off"}
            aria-busy={status === "working" || status === "checking"}
            onClick={() => void change(true)}
          >
            {offLabel}
          </button>
        </p>
      )}
      {offNote && status !== "on" ? <p className="push__note">{offNote}</p> : null}
      <p className="push__message" role="status">
        {message}
      </p>
    </div>
  );
}
