import { Link } from "@remix-run/react";
import { badgeText, bellLabel } from "#app/features/notifications/notifications";

/** The header's bell: a link to /notifications with the unread count, live through the user topic (ADR 181). */
export function NotificationBell({ unread }: { unread: number }) {
  return (
    <Link to="/notifications" className="bell" aria-label={bellLabel(unread)}>
      <svg className="bell__icon" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <path
          d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z"
          fill="currentColor"
        />
      </svg>
      {unread > 0 ? (
        <span className="bell__badge" aria-hidden="true">
          {badgeText(unread)}
        </span>
      ) : null}
    </Link>
  );
}
