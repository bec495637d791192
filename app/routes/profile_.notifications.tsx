import { parseWithZod } from "@conform-to/zod/v4";
import {
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { NotificationSettings } from "#app/features/notifications/NotificationSettings";
import { FLASH } from "#app/lib/flash";
import { notificationSettingsSchema } from "#app/features/notifications/notification-settings.schema";
import { emailChoicesOf, saveEmailChoices } from "#app/features/notifications/email-preferences.server";
import { redirectWithFlash } from "#app/platform/session/flash.server";
import { readFormData } from "#app/platform/http/form-data.server";
import { requireUser } from "#app/platform/session/session.server";
import memberStyles from "#app/styles/member.css";
import { screenMeta } from "#app/lib/meta";
import { formErrors } from "#app/platform/http/form-answer.server";
import { stylesheet } from "#app/lib/stylesheet";

/**
 * Notification e-mail switches (ADR 187). /profile shows the same form in its Notifications section and
 * posts here; this page shows it alone (and with its errors when JavaScript is off).
 */
export const links: LinksFunction = () => [stylesheet(memberStyles)];

export const meta: MetaFunction = () =>
  screenMeta("Notification e-mail", { description: "Choose which notifications we e-mail you." });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  return { choices: await emailChoicesOf(context, user.id) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const submission = parseWithZod(await readFormData(request), { schema: notificationSettingsSchema });
  if (submission.status !== "success") return formErrors(submission, 400);
  const value = submission.value;
  await saveEmailChoices(
    context,
    user.id,
    Object.fromEntries(Object.entries(value).map(([topic, v]) => [topic, v === "on"])) as Record<
      keyof typeof value,
      boolean
    >,
  );
  throw await redirectWithFlash(context.cloudflare.env, "/profile#notifications", FLASH.notificationsSaved);
}

export default function NotificationSettingsRoute() {
  const { choices } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <main className="member-page">
      <h1>Notification e-mail</h1>
      <p className="member-page__lead">
        <Link to="/profile">Back to your profile</Link>
      </p>
      <NotificationSettings choices={choices} lastResult={lastResult} />
    </main>
  );
}
