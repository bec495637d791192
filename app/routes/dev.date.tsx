import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import {
  redirect,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Field, SubmitButton } from "#app/components/forms";
import { formatMonthDay, toIsoDate } from "#app/lib/dates";
import { devDateSchema } from "#app/lib/dev-date.schema";
import { devDateCookie, devDateOverride } from "#app/platform/session/clock.server";
import { requireDevelopment } from "#app/platform/http/env.server";
import memberStyles from "#app/styles/member.css";
import { useConformForm } from "#app/components/hooks/useConformForm";
import { screenMeta } from "#app/lib/meta";
import { formErrors } from "#app/platform/http/form-answer.server";
import { readFormData } from "#app/platform/http/form-data.server";
import { stylesheet } from "#app/lib/stylesheet";

/** Developer date tool (development only): pins the "today" every rule and screen uses, via a cookie. */
export const links: LinksFunction = () => [stylesheet(memberStyles)];

export const meta: MetaFunction = () => screenMeta("Developer date", { noindex: true });

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireDevelopment(context);
  const override = devDateOverride(request, context.cloudflare.env);
  return { override, real: toIsoDate(new Date()) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  requireDevelopment(context);
  const submission = parseWithZod(await readFormData(request), { schema: devDateSchema });
  if (submission.status !== "success") return formErrors(submission, 400);
  const cookie = submission.value.intent === "set" ? devDateCookie(submission.value.date) : devDateCookie(null);
  return redirect("/dev/date", { headers: { "Set-Cookie": cookie } });
}

export default function DevDateRoute() {
  const { override, real } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useConformForm(devDateSchema, {
    id: "dev-date",
    lastResult,
    defaultValue: { date: override ?? real },
    validate: "onSubmit",
  });
  return (
    <main className="member-page">
      <h1>Developer date</h1>
      <p className="member-page__lead">
        Development only. Every rule and screen (suggestions, day counts, expiry) uses this date as today.
      </p>
      <p className="notice" role="status">
        {override
          ? `Today is pinned to ${override} (${formatMonthDay(override)}). The real date is ${real}.`
          : `Today is the real date, ${real} (UTC).`}
      </p>
      <Form method="post" className="form card" {...getFormProps(form)}>
        <Field field={fields.date} label="Today's date" type="date" />
        <div className="form-actions">
          <SubmitButton name="intent" value="set">
            Use this date
          </SubmitButton>
          {override ? (
            <SubmitButton name="intent" value="clear" className="button button--secondary">
              Back to the real date
            </SubmitButton>
          ) : null}
          <Link to="/main">Back to the main page</Link>
        </div>
      </Form>
    </main>
  );
}
