import { parseWithZod } from "@conform-to/zod/v4";
import {
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { PushSettings } from "#app/features/push/PushSettings";
import { pushSettingsSchema } from "#app/features/push/push.schema";
import { pushStateOf, saveSettings } from "#app/features/push/push.server";
import { FLASH } from "#app/lib/flash";
import { redirectWithFlashAt } from "#app/platform/session/flash.server";
import { readFormData } from "#app/platform/http/form-data.server";
import { requireUser } from "#app/platform/session/session.server";
import memberStyles from "#app/styles/member.css";
import { screenMeta } from "#app/lib/meta";
import { formErrors } from "#app/platform/http/form-answer.server";
import { stylesheet } from "#app/lib/stylesheet";

/**
 * Phone notification settings (ADR 282): the daily reminder's hour and the cheers switch. /profile shows
 * the same form in its "Notifications on your phone" section and posts here; this page shows it alone
 * (and with its errors when JavaScript is off).
 */
export const links: LinksFunction = () => [stylesheet(memberStyles)];

export const meta: MetaFunction = () =>
  screenMeta("Phone notifications", { description: "Choose when your phone reminds you to log, and cheers." });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  return { push: await pushStateOf(context, user.id) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const submission = parseWithZod(await readFormData(request), { schema: pushSettingsSchema });
  if (submission.status !== "success") return formErrors(submission, 400);
  const { reminderHour, cheers, timeZone } = submission.value;
  await saveSettings(context, user.id, {
    reminderHour: reminderHour === "off" ? null : Number(reminderHour),
    cheers: cheers === "on",
    timeZone,
  });
  // Told beside the form, where the member is looking (ADR 252).
  throw await redirectWithFlashAt(context.cloudflare.env, "/profile", FLASH.pushSaved, "push");
}

export default function PushSettingsRoute() {
  const { push } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <main className="member-page">
      <h1>Phone notifications</h1>
      <p className="member-page__lead">
        <Link to="/profile">Back to your profile</Link>
      </p>
      <PushSettings {...push} lastResult={lastResult} />
    </main>
  );
}
