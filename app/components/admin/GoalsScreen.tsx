import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { GoalFormFields } from "#app/components/GoalFormFields";
import { GoalIcon } from "#app/components/GoalIcon";
import { SubmitButton } from "#app/components/forms";
import { GOAL_FILTER_LABELS, GOAL_FILTERS, isoDay, type GoalFilter } from "#app/lib/admin";
import { formatDateRange } from "#app/lib/dates";
import { goalEditSchema } from "#app/lib/schemas/admin";
import type { goalsScreen } from "#app/server/admin-goals.server";
import { ActionNotice } from "./Notice";
import { useStickyActionData } from "./useStickyActionData";

type Screen = Awaited<ReturnType<typeof goalsScreen>> & { filter: GoalFilter };
type Detail = NonNullable<Screen["goal"]>;
export type GoalEditResult = { ok: boolean; message: string; result?: SubmissionResult<string[]> };

/** SPEC: /admin/goals and /admin/goals/{id} are one shared screen: the list, and the chosen goal. */
export function GoalsScreen() {
  const { goals, goal, participants, filter } = useLoaderData<Screen>();
  const query = filter === "active" ? "" : `?show=${filter}`;
  return (
    <main className="admin-main">
      <header className="admin-main__header">
        <h1>{goal ? goal.cause : "Goals"}</h1>
        {goal ? <Link to={`/admin/goals${query}`}>Back to all goals</Link> : null}
      </header>
      {goal ? <GoalEditor key={goal.id} goal={goal} participants={participants} /> : null}
      <section className="admin-card" aria-labelledby="goals-heading">
        <header className="admin-main__header">
          <h2 id="goals-heading">{goal ? "All goals" : "Goal list"}</h2>
          <Form method="get" action="/admin/goals" className="admin-search admin-search--inline">
            <label htmlFor="goal-filter">Show</label>
            <div className="admin-search__row">
              <select id="goal-filter" name="show" defaultValue={filter}>
                {GOAL_FILTERS.map((f) => (
                  <option key={f} value={f}>
                    {GOAL_FILTER_LABELS[f]}
                  </option>
                ))}
              </select>
              <button type="submit" className="button button--secondary">
                Show
              </button>
            </div>
          </Form>
        </header>
        {goals.length === 0 ? (
          <p className="admin-count">No goals here.</p>
        ) : (
          <div className="admin-table-wrap">
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">Cause</th>
                  <th scope="col">Dates</th>
                  <th scope="col">Kind</th>
                  <th scope="col" className="num">
                    Current
                  </th>
                  <th scope="col" className="num">
                    Completed
                  </th>
                </tr>
              </thead>
              <tbody>
                {goals.map((g) => (
                  <tr key={g.id} aria-current={g.id === goal?.id ? "true" : undefined}>
                    <th scope="row" data-label="Cause">
                      <Link to={`/admin/goals/${g.id}${query}`}>{g.cause}</Link>
                    </th>
                    <td data-label="Dates" className="nowrap">
                      {formatDateRange(g.start, g.end) ?? "No Dates Selected"}
                    </td>
                    <td data-label="Kind">
                      {g.visibility === "private" ? <span className="badge badge--private">Private</span> : <span className="badge">Public</span>}{" "}
                      {g.demo ? <span className="badge badge--demo">Demo</span> : null}
                    </td>
                    <td data-label="Current" className="num">
                      {g.current}
                    </td>
                    <td data-label="Completed" className="num">
                      {g.completed}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </main>
  );
}

function GoalEditor({ goal, participants }: { goal: Detail; participants: Screen["participants"] }) {
  const actionData = useStickyActionData<GoalEditResult>();
  const [form, fields] = useForm({
    id: `goal-${goal.id}`,
    lastResult: actionData?.result,
    defaultValue: { cause: goal.cause, start: goal.start ?? "", end: goal.end ?? "", visibility: goal.visibility, demo: goal.demo ? "on" : "" },
    constraint: getZodConstraint(goalEditSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: goalEditSchema }),
  });
  return (
    <>
      <ActionNotice result={actionData?.message ? actionData : null} />
      <section className="admin-card" aria-labelledby="edit-heading">
        <div className="admin-goal-head">
          <GoalIcon goal={goal} size={64} />
          <div>
            <h2 id="edit-heading">Edit goal</h2>
            <p className="admin-count">
              {goal.ownerFirst ? `Owned by ${goal.ownerFirst} ${goal.ownerLast}` : "No owning organisation"}. Private goals are
              suggested only to their owner.
            </p>
          </div>
        </div>
        <Form method="post" encType="multipart/form-data" className="admin-form" {...getFormProps(form)}>
          <GoalFormFields fields={fields} canChooseVisibility canMarkDemo />
          <div className="admin-form__actions">
            <SubmitButton>Save goal</SubmitButton>
          </div>
        </Form>
      </section>
      <section className="admin-card" aria-labelledby="participants-heading">
        <h2 id="participants-heading">{`Participants (${participants.length})`}</h2>
        {participants.length === 0 ? (
          <p className="admin-count">Nobody has joined this goal yet.</p>
        ) : (
          <div className="admin-table-wrap">
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Email</th>
                  <th scope="col">Progress</th>
                  <th scope="col">Joined</th>
                </tr>
              </thead>
              <tbody>
                {participants.map((p) => (
                  <tr key={p.id}>
                    <th scope="row" data-label="Name">
                      {p.first} {p.last}
                    </th>
                    <td data-label="Email" className="wrap-anywhere">
                      {p.email}
                    </td>
                    <td data-label="Progress">{p.completed ? "Completed" : "Current"}</td>
                    <td data-label="Joined" className="nowrap">
                      {isoDay(p.joinedAt)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}
