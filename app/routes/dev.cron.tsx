import {
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { SubmitButton } from "#app/components/forms";
import { toIsoDate } from "#app/lib/dates";
import { devDateOverride } from "#app/platform/session/clock.server";
import { notificationJobs } from "#app/jobs/cron.server";
import { createDb } from "#app/platform/db/db.server";
import { requireDevelopment } from "#app/platform/http/env.server";
import memberStyles from "#app/styles/member.css";
import { screenMeta } from "#app/lib/meta";
import { stylesheet } from "#app/lib/stylesheet";
import { formDone } from "#app/platform/http/form-answer.server";

/**
 * Development only: runs the scheduled handler's notification jobs now (server.ts `scheduled`,
 * app/jobs/cron.server.ts) with the developer date (/dev/date) as today. The housekeeping sweeps are
 * left out: under a moved date they would expire real sessions and mail (ADR 187).
 */
export const links: LinksFunction = () => [stylesheet(memberStyles)];

export const meta: MetaFunction = () => screenMeta("Run the cron", { noindex: true });

const DAY_MS = 86_400_000;

/** The developer date at the current time of day (or now). */
function cronNow(request: Request, env: Env): number {
  const date = devDateOverride(request, env);
  const now = Date.now();
  return date ? Date.parse(`${date}T00:00:00Z`) + (now % DAY_MS) : now;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireDevelopment(context);
  return { today: toIsoDate(new Date(cronNow(request, context.cloudflare.env))) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  requireDevelopment(context);
  const { env, ctx } = context.cloudflare;
  const result = await notificationJobs(env, ctx, createDb(env.DB), cronNow(request, env));
  return formDone(
    `Done: ${result.headsUps} told of dates, ${result.reminders} reminded, ${result.pushReminders} reminded by push, ` +
      `${result.digests} digests, ${result.mails} e-mails, ${result.settled} pledges settled up, ` +
      `${result.pledgeReminders} pledge reminders.`,
  );
}

export default function DevCronRoute() {
  const { today } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <main className="member-page">
      <h1>Run the cron</h1>
      <p className="member-page__lead">
        Development only. Runs the scheduled notification jobs (heads-ups, reminders, the Monday digest, e-mail) as of{" "}
        {today}. Move the date at <Link to="/dev/date">/dev/date</Link>; read the mail at{" "}
        <Link to="/dev/mail">/dev/mail</Link>.
      </p>
      {result ? <p role="status">{result.notice}</p> : null}
      <Form method="post">
        <SubmitButton>Run the cron now</SubmitButton>
      </Form>
    </main>
  );
}
