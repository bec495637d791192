import {
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { SubmitButton } from "#app/components/forms";
import { FLASH } from "#app/lib/flash";
import { notificationHref, notificationText } from "#app/features/notifications/notifications";
import type { LiveHandle } from "#app/features/live/useLiveUpdates";
import { redirectWithFlash } from "#app/platform/session/flash.server";
import { listNotificationsQuery, markAllRead } from "#app/features/notifications/notifications.server";
import { requireUser } from "#app/platform/session/session.server";
import { readScreen } from "#app/platform/session/read-screen.server";
import memberStyles from "#app/styles/member.css";
import { screenMeta } from "#app/lib/meta";
import { stylesheet } from "#app/lib/stylesheet";

export const links: LinksFunction = () => [stylesheet(memberStyles)];

export const meta: MetaFunction = () =>
  screenMeta("Notifications", { description: "Cheers, messages and reminders from your goals." });

// New notifications arrive through root's user topic, which revalidates this loader too.
export const handle: LiveHandle = { live: () => [] };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { rows } = await readScreen({
    request,
    context,
    reads: (viewerId) => ({
      list: [listNotificationsQuery(context, viewerId)],
    }),
    // Built once per isolate, then only bound (ADR 209).
    template: { key: "notifications", values: {} },
  });
  const [list] = rows.list;
  return {
    notifications: list.map((n) => {
      const facts = {
        kind: n.kind,
        goalId: n.goalId,
        cause: n.cause,
        actor: n.actorFirst ? { first: n.actorFirst, last: n.actorLast ?? "" } : null,
        count: n.count,
      };
      return {
        id: n.id,
        text: notificationText(facts),
        href: notificationHref(facts),
        unread: n.readAt === null,
        at: new Date(n.createdAt).toISOString(),
      };
    }),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  await markAllRead(context, user.id);
  throw await redirectWithFlash(context.cloudflare.env, "/notifications", FLASH.notificationsRead);
}

const when = (iso: string) =>
  new Date(iso).toLocaleString("en-GB", {
    day: "numeric",
    month: "short",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: "UTC",
  }) + " UTC";

export default function NotificationsRoute() {
  const { notifications } = useLoaderData<typeof loader>();
  const unread = notifications.filter((n) => n.unread).length;
  return (
    <main className="member-page">
      <h1>Notifications</h1>
      {notifications.length === 0 ? (
        <div className="card">
          <p>Nothing yet. Cheers, messages in your goals and reminders will show here.</p>
          <Link to="/main">Back to your goals</Link>
        </div>
      ) : (
        <>
          {unread > 0 ? (
            <Form method="post" className="notifications__actions">
              <SubmitButton className="button button--secondary">Mark all as read</SubmitButton>
            </Form>
          ) : null}
          <ul className="notifications card">
            {notifications.map((n) => (
              <li key={n.id} className={n.unread ? "notification notification--unread" : "notification"}>
                <Link to={n.href}>
                  {n.unread ? <span className="visually-hidden">New: </span> : null}
                  {n.text}
                </Link>
                <time dateTime={n.at}>{when(n.at)}</time>
              </li>
            ))}
          </ul>
        </>
      )}
    </main>
  );
}
