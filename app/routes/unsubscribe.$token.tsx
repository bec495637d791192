import {
  data,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthLayout } from "#app/features/auth/AuthLayout";
import { SubmitButton } from "#app/components/forms";
import { FLASH } from "#app/lib/flash";
import { EMAIL_TOPICS } from "#app/features/notifications/notification-email";
import { unsubscribe, unsubscribeTarget } from "#app/features/notifications/email-preferences.server";
import authStyles from "#app/styles/auth.css";
import { screenMeta } from "#app/lib/meta";
import { stylesheet } from "#app/lib/stylesheet";
import { formDone, formRefused } from "#app/platform/http/form-answer.server";

export const links: LinksFunction = () => [stylesheet(authStyles)];

export const meta: MetaFunction = () => screenMeta("Unsubscribe", { noindex: true });

const NO_STORE = { "Cache-Control": "no-store" };
export const UNSUBSCRIBE_LINK_BROKEN =
  "This unsubscribe link does not work. Change your e-mail settings on your profile.";
/** A link of ours that ended: mailed before the account's address changed, or of an older form (ADR 234). */
export const UNSUBSCRIBE_LINK_EXPIRED =
  "This unsubscribe link has expired, so nothing was changed. Sign in to choose which e-mails you get; every e-mail we send from now on has a new link.";

const labelOf = (topic: string) => EMAIL_TOPICS.find((t) => t.topic === topic)?.label ?? topic;

/**
 * The link of every notification e-mail (ADR 187). It works signed out. Opening it only shows a button
 * (mail scanners follow links); the POST, from that button or from a mail client's one-click
 * unsubscribe (RFC 8058: List-Unsubscribe-Post), turns that kind of e-mail off.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const target = await unsubscribeTarget(context, params.token ?? "");
  // 410 Gone: the link was ours and has ended (ADR 234); 404: it never was.
  if (target === "expired")
    return data({ label: null, enabled: false, expired: true }, { status: 410, headers: NO_STORE });
  if (!target) return data({ label: null, enabled: false, expired: false }, { status: 404, headers: NO_STORE });
  return data({ label: labelOf(target.topic), enabled: target.enabled, expired: false }, { headers: NO_STORE });
}

export async function action({ params, context }: ActionFunctionArgs) {
  const target = await unsubscribeTarget(context, params.token ?? "");
  if (target === "expired") return formRefused(UNSUBSCRIBE_LINK_EXPIRED, 410, {}, NO_STORE);
  if (!target) return formRefused(UNSUBSCRIBE_LINK_BROKEN, 404, {}, NO_STORE);
  await unsubscribe(context, target);
  return formDone(FLASH.unsubscribed, {}, NO_STORE);
}

export default function UnsubscribeRoute() {
  const { label, enabled, expired } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const refused = result && "error" in result ? result.error : null;
  if (!label || refused) {
    return (
      <AuthLayout>
        <h1>Unsubscribe</h1>
        <p role="alert">{refused ?? (expired ? UNSUBSCRIBE_LINK_EXPIRED : UNSUBSCRIBE_LINK_BROKEN)}</p>
        <div className="auth__links">
          <Link to="/profile#notifications">Notification settings</Link>
        </div>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout>
      <h1>Unsubscribe</h1>
      {(result && "notice" in result) || !enabled ? (
        <p role="status">
          {FLASH.unsubscribed} ({label})
        </p>
      ) : (
        <>
          <p>
            Stop e-mails for <strong>{label}</strong>? You will still see them in the bell when you sign in.
          </p>
          <Form method="post" className="form">
            <SubmitButton>Stop these e-mails</SubmitButton>
          </Form>
        </>
      )}
      <div className="auth__links">
        <Link to="/profile#notifications">All notification settings</Link>
      </div>
    </AuthLayout>
  );
}
