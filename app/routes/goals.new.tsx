import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import {
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useMemo } from "react";
import { Field, SubmitButton } from "#app/components/forms";
import { MeasureFields } from "#app/features/progress/MeasureFields";
import { FLASH } from "#app/lib/flash";
import { personalGoalSchema } from "#app/features/goals/personal-goal.schema";
import { measureColumns } from "#app/features/progress/progress.schema";
import { today } from "#app/platform/session/clock.server";
import { redirectWithFlash } from "#app/platform/session/flash.server";
import { readFormData } from "#app/platform/http/form-data.server";
import { createPersonalGoal } from "#app/features/goals/personal-goals.server";
import { requireUser } from "#app/platform/session/session.server";
import memberStyles from "#app/styles/member.css";
import { useConformForm } from "#app/components/hooks/useConformForm";
import { screenMeta } from "#app/lib/meta";
import { formErrors } from "#app/platform/http/form-answer.server";
import { stylesheet } from "#app/lib/stylesheet";

export const links: LinksFunction = () => [stylesheet(memberStyles)];

export const meta: MetaFunction = () =>
  screenMeta("Start a goal with friends", { description: "Start a goal of your own and invite your friends to it." });

const TOO_MANY = "You have started 10 goals today. Try again tomorrow.";

/** Any member starts a goal of their own here (ADR 183); SPEC's /create stays for admins and orgs. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  return { today: today(request, context.cloudflare.env) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const day = today(request, context.cloudflare.env);
  const submission = parseWithZod(await readFormData(request), { schema: personalGoalSchema(day) });
  if (submission.status !== "success") return formErrors(submission, 400);
  const { cause, start, end } = submission.value;
  const id = await createPersonalGoal(context, user, { cause, start, end, ...measureColumns(submission.value) });
  if (!id) return formErrors(submission, 429, { formErrors: [TOO_MANY] });
  throw await redirectWithFlash(context.cloudflare.env, `/active/${id}`, FLASH.goalCreated(cause));
}

export default function NewPersonalGoalRoute() {
  const { today } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const schema = useMemo(() => personalGoalSchema(today), [today]);
  const [form, fields] = useConformForm(schema, { id: "personal-goal", lastResult, defaultValue: { unit: "none" } });
  return (
    <main className="member-page">
      <h1>Start a goal with friends</h1>
      <p className="member-page__lead">
        Your own goal: your friends see it and can join it, and you can share it with anyone you invite. Nobody else
        sees it.
      </p>
      <Form method="post" className="form card" {...getFormProps(form)}>
        {form.errors?.length ? (
          <p className="form-error" role="alert">
            {form.errors.join(", ")}
          </p>
        ) : null}
        <Field
          field={fields.cause}
          label="Cause"
          hint="What you and your friends are working towards."
          maxLength={120}
        />
        <div className="field-row">
          <Field field={fields.start} label="Start date" type="date" min={today} />
          <Field field={fields.end} label="End date" type="date" min={today} />
        </div>
        <MeasureFields fields={fields} />
        <div className="form-actions">
          <SubmitButton>Start goal</SubmitButton>
          <Link to="/main">Cancel</Link>
        </div>
      </Form>
    </main>
  );
}
