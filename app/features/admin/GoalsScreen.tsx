import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { GoalFormFields } from "#app/features/goals/GoalFormFields";
import { GoalIcon } from "#app/features/goals/GoalIcon";
import { SubmitButton } from "#app/components/forms";
import { Table, type Column } from "#app/components/Table";
import { Timestamp } from "#app/components/Timestamp";
import { GOAL_FILTER_LABELS, GOAL_FILTERS, type GoalFilter } from "#app/features/admin/admin";
import { formatDateRange } from "#app/lib/dates";
import { useToday } from "#app/components/hooks/useToday";
import { goalEditSchema } from "#app/features/admin/admin.schema";
import type { goalsScreen } from "#app/features/admin/admin-goals.server";
import { ActionNotice } from "./Notice";
import { useStickyActionData } from "./useStickyActionData";
import { useConformForm } from "#app/components/hooks/useConformForm";

type Screen = Awaited<ReturnType<typeof goalsScreen>> & { filter: GoalFilter };
type Detail = NonNullable<Screen["goal"]>;
export type GoalEditResult = { notice?: string; result?: SubmissionResult<string[]> };

/** SPEC: /admin/goals and /admin/goals/{id} are one shared screen: the list, and the chosen goal. */
export function GoalsScreen() {
  const { goals, goal, participants, filter } = useLoaderData<Screen>();
  const query = filter === "active" ? "" : `?show=${filter}`;
  const today = useToday();
  return (
    <main className="admin-main">
      <header className="admin-main__header">
        <h1>{goal ? goal.cause : "Goals"}</h1>
        {goal ? (
          <Link to={`/admin/goals${query}`} className="back-link">
            Back to all goals
          </Link>
        ) : null}
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
          <Table
            caption="Goals, newest first, with how many members pursue and have completed each"
            columns={goalColumns(query, today)}
            rows={goals}
            rowKey={(g) => g.id}
            isCurrent={(g) => g.id === goal?.id}
          />
        )}
      </section>
    </main>
  );
}

const goalColumns = (query: string, today: string): Column<Screen["goals"][number]>[] => [
  { header: "Cause", rowHeader: true, cell: (g) => <Link to={`/admin/goals/${g.id}${query}`}>{g.cause}</Link> },
  { header: "Dates", wrap: "nowrap", cell: (g) => formatDateRange(g.start, g.end, today) ?? "No Dates Selected" },
  {
    header: "Kind",
    cell: (g) => (
      <>
        {g.visibility === "private" ? (
          <span className="badge badge--private">Private</span>
        ) : g.visibility === "friends" ? (
          <span className="badge badge--private">Friends</span>
        ) : (
          <span className="badge">Public</span>
        )}{" "}
        {g.demo ? <span className="badge badge--demo">Demo</span> : null}
      </>
    ),
  },
  { header: "Current", numeric: true, cell: (g) => g.current },
  { header: "Completed", numeric: true, cell: (g) => g.completed },
];

const PARTICIPANT_COLUMNS: Column<Screen["participants"][number]>[] = [
  { header: "Name", rowHeader: true, cell: (p) => `${p.first} ${p.last}` },
  { header: "Email", wrap: "wrap-anywhere", cell: (p) => p.email },
  { header: "Progress", cell: (p) => (p.completed ? "Completed" : "Current") },
  { header: "Joined", wrap: "nowrap", cell: (p) => <Timestamp value={p.joinedAt} /> },
];

function GoalEditor({ goal, participants }: { goal: Detail; participants: Screen["participants"] }) {
  const actionData = useStickyActionData<GoalEditResult>();
  const [form, fields] = useConformForm(goalEditSchema, {
    id: `goal-${goal.id}`,
    lastResult: actionData?.result,
    defaultValue: {
      cause: goal.cause,
      start: goal.start ?? "",
      end: goal.end ?? "",
      visibility: goal.visibility,
      demo: goal.demo ? "on" : "",
    },
  });
  return (
    <>
      <ActionNotice result={actionData} />
      <section className="admin-card" aria-labelledby="edit-heading">
        <div className="admin-goal-head">
          <GoalIcon goal={goal} size={64} />
          <div>
            <h2 id="edit-heading">Edit goal</h2>
            <p className="admin-count">
              {goal.ownerFirst ? `Owned by ${goal.ownerFirst} ${goal.ownerLast}` : "No owning organisation"}. Private
              goals are suggested only to their owner.
            </p>
          </div>
        </div>
        <Form method="post" encType="multipart/form-data" className="admin-form" {...getFormProps(form)}>
          {goal.visibility === "friends" ? (
            <p className="admin-count">
              A member&apos;s personal goal: only its creator&apos;s friends and invitees see it, and its visibility
              does not change here.
            </p>
          ) : null}
          <GoalFormFields fields={fields} canChooseVisibility={goal.visibility !== "friends"} canMarkDemo />
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
          <Table
            caption="Participants, in the order they joined"
            columns={PARTICIPANT_COLUMNS}
            rows={participants}
            rowKey={(p) => p.id}
          />
        )}
      </section>
    </>
  );
}
