import {
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useRef } from "react";
import { ToastRegion } from "#app/components/Toast";
import { EntryDelete } from "#app/features/progress/EntryDelete";
import { GoalErrorBoundary } from "#app/features/goals/GoalForbidden";
import { Pagination } from "#app/components/Pagination";
import { Table, type Column } from "#app/components/Table";
import { Timestamp } from "#app/components/Timestamp";
import { formatMonthDay } from "#app/lib/dates";
import { canManageGoal } from "#app/features/fundraising/fundraising";
import { today } from "#app/platform/session/clock.server";
import { goalVisit, recordGoalVisit } from "#app/features/home/visits.server";
import { progressAction, unreadForm } from "#app/features/progress/progress-form.server";
import {
  authoriseEntries,
  ENTRIES_PAGE_SIZE,
  entriesGoalQuery,
  entriesPageQueries,
  entriesQueryOf,
  toEntriesPage,
  type EntriesPage,
  type EntriesQuery,
} from "#app/features/progress/progress-entries.server";
import { loadEntryGoal } from "#app/features/progress/progress-writes.server";
import { archivedEntriesPage } from "#app/features/archive/archive-read.server";
import { requireUser } from "#app/platform/session/session.server";
import { readScreen } from "#app/platform/session/read-screen.server";
import memberStyles from "#app/styles/member.css";
import progressStyles from "#app/styles/progress.css";
import tableStyles from "#app/styles/table.css";
import type { LiveHandle } from "#app/features/live/useLiveUpdates";
import { forbidden, notFound } from "#app/platform/http/http-errors.server";
import { runGroups } from "#app/platform/db/batch.server";
import { screenMeta } from "#app/lib/meta";
import { REMOVE_ENTRY_FORM } from "#app/features/progress/progress.schema";
import { formErrorsAt } from "#app/platform/http/form-answer.server";
import { readIntentForm } from "#app/platform/http/intent-form.server";
import { stylesheet } from "#app/lib/stylesheet";

export const links: LinksFunction = () => [
  stylesheet(memberStyles),
  stylesheet(tableStyles),
  stylesheet(progressStyles),
];

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  screenMeta(`Entries${data ? `: ${data.goal.cause}` : ""}`, {
    description: "Every progress entry of a goal, for its organisers.",
  });

// Live (ADR 043): a new entry, an edit or a removal moves the list.
export const handle: LiveHandle<typeof loader> = { live: (data, params) => [data && `goal:${params.id}`] };

/** The page's own address (the filter and page kept), where a removal lands again. */
const hrefOf = (goalId: string, query: EntriesQuery) => {
  const params = new URLSearchParams();
  if (query.member) params.set("member", query.member);
  if (query.sort) params.set("sort", query.sort);
  if (query.page > 1) params.set("page", String(query.page));
  const search = params.toString();
  return `/goals/${goalId}/entries${search ? `?${search}` : ""}`;
};

/** The goal's org and admins only (403 for everyone else); a missing goal is a 404. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const query = entriesQueryOf(new URL(request.url));
  // The session and the page in one round trip (ADR 057); signed out: to / (SPEC).
  const day = today(request, context.cloudflare.env);
  // Authorised first from the goal's one row (ADR 215); the page is read for a manager only.
  const { user, rows } = await readScreen({
    request,
    context,
    reads: (viewerId) => ({
      goal: [entriesGoalQuery(context, params.id!)],
      visit: goalVisit(context, viewerId, params.id!, day),
    }),
  });
  const goal = authoriseEntries(rows.goal[0][0], user);
  if (!goal) throw notFound();
  if (goal === "forbidden") throw forbidden();
  const { page } = await runGroups(context.db, { page: entriesPageQueries(context, params.id!, query) });
  // An archived challenge (ADR 303): the page's entries come from its file, in the same order.
  if (goal.archivedAt) {
    const offset = (query.page - 1) * ENTRIES_PAGE_SIZE;
    const archived = await archivedEntriesPage(context, params.id!, query, offset, ENTRIES_PAGE_SIZE);
    page[1].splice(0, page[1].length, ...archived);
  }
  recordGoalVisit(context, rows.visit?.[0], user.id, params.id!, day);
  return toEntriesPage(goal, page, query);
}

/** Remove an abusive entry (audit-logged, the member's total recounted); back to the same page. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  // Organisers only, before anything else is looked at (a member learns nothing about the entry). The
  // goal read here is the one the removal is checked against: one D1 read for both.
  const goal = await loadEntryGoal(context, params.id!, user.id);
  if (!goal) throw notFound();
  if (!canManageGoal(goal, user)) throw forbidden();
  const form = await readIntentForm(request, REMOVE_ENTRY_FORM);
  if (!form.intent)
    return formErrorsAt(
      "progress",
      unreadForm(),
      400,
      { formErrors: ["Unknown action."] },
      {
        entry: { intent: "remove-entry", entryId: null },
      },
    );
  const back = hrefOf(params.id!, entriesQueryOf(new URL(request.url)));
  return progressAction(request, context, user, goal, form.formData, back);
}

type Entry = EntriesPage["entries"][number];

function columns(page: EntriesPage): Column<Entry>[] {
  const action = hrefOf(page.goal.id, { member: page.member?.id ?? null, page: page.page, sort: page.sort });
  return [
    {
      header: "Member",
      rowHeader: true,
      cell: (e) => (
        <>
          <span className="leaderboard__dot" style={{ background: e.color }} aria-hidden="true" />{" "}
          <Link to={`/goals/${page.goal.id}/entries?member=${encodeURIComponent(e.userId)}`}>{e.name}</Link>
        </>
      ),
    },
    {
      header: "Amount",
      numeric: true,
      wrap: "nowrap",
      cell: (e) =>
        e.implausible ? (
          <>
            {e.amountText}{" "}
            <span className="entries__flag" title={`${e.dayTotalText} that day`}>
              Implausible<span className="visually-hidden">{`: ${e.dayTotalText} that day`}</span>
            </span>
          </>
        ) : (
          e.amountText
        ),
    },
    { header: "Day", wrap: "nowrap", cell: (e) => formatMonthDay(e.day) },
    { header: "Note", cell: (e) => (e.note ? <span className="entries__note">{e.note}</span> : null) },
    { header: "Logged", wrap: "nowrap", cell: (e) => <Timestamp value={e.loggedAt} /> },
    ...(page.archived
      ? []
      : [
          {
            header: "Remove",
            action: true,
            cell: (e: Entry) => <RowRemove action={action} entry={e} />,
          },
        ]),
  ];
}

export default function GoalEntriesRoute() {
  const page = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const reply = actionData && "progress" in actionData ? actionData.progress : null;
  const errors = reply?.error ? Object.values(reply.error).flatMap((m) => m ?? []) : [];
  const { goal, member } = page;
  return (
    <main className="member-page member-page--wide entries-page">
      <p>
        <Link to={`/active/${goal.id}`} className="back-link">
          Back to {goal.cause}
        </Link>
      </p>
      <h1>Entries</h1>
      <ToastRegion />
      <p className="member-page__lead">
        Every entry logged in {goal.cause}, newest first.
        {page.archived
          ? null
          : " Remove one that is abusive: the member's total is recounted and the removal is recorded in the audit log."}
      </p>
      {page.archived ? (
        <p className="notice" data-testid="archived-notice">
          This challenge is archived: its entries are kept in a file and can no longer be changed or removed. Its totals
          and leaderboard are final.
        </p>
      ) : null}
      {goal.measured && !page.archived ? (
        <p>
          Results on paper? <Link to={`/goals/${goal.id}/import`}>Import entries from a CSV file</Link>
        </p>
      ) : null}
      {errors.length ? (
        <p className="form-error" role="alert">
          {errors.join(", ")}
        </p>
      ) : null}
      {!goal.measured ? (
        <p className="notice">This goal does not track progress.</p>
      ) : (
        <>
          {member ? (
            <p data-testid="entries-member">
              {member.name ? (
                <>
                  Entries by <strong>{member.name}</strong>: {member.totalText} in {page.count}{" "}
                  {page.count === 1 ? "entry" : "entries"}.{" "}
                </>
              ) : (
                <>That member has no entries in this goal. </>
              )}
              <Link to={`/goals/${goal.id}/entries`}>Show everyone&apos;s entries</Link>
            </p>
          ) : page.top.length ? (
            <nav className="card entries-top" aria-labelledby="entries-top-title">
              <h2 id="entries-top-title">Top of the leaderboard</h2>
              <ol className="entries-top__list">
                {page.top.map((r) => (
                  <li key={r.userId}>
                    <Link to={`/goals/${goal.id}/entries?member=${encodeURIComponent(r.userId)}`}>{r.name}</Link>{" "}
                    {r.totalText}
                  </li>
                ))}
              </ol>
            </nav>
          ) : null}
          <p className="entries__sort" data-testid="entries-sort">
            {page.plausibleText ? (
              <>
                An entry marked <span className="entries__flag">Implausible</span> takes one member&apos;s day past{" "}
                {page.plausibleText}, well above a typical day. Sorted:{" "}
              </>
            ) : (
              "Sorted: "
            )}
            {page.sort === "amount" ? (
              <>
                <strong>largest first</strong> (
                <Link to={hrefOf(goal.id, { member: member?.id ?? null, page: 1, sort: null })}>newest first</Link>)
              </>
            ) : (
              <>
                <strong>newest first</strong> (
                <Link to={hrefOf(goal.id, { member: member?.id ?? null, page: 1, sort: "amount" })}>largest first</Link>
                )
              </>
            )}
          </p>
          {page.entries.length ? (
            <>
              <Table
                caption={member?.name ? `Entries by ${member.name}` : "Entries"}
                columns={columns(page)}
                rows={page.entries}
                rowKey={(e) => e.id}
              />
              <Pagination
                page={page.page}
                pages={page.pages}
                params={{ ...(member ? { member: member.id } : {}), ...(page.sort ? { sort: page.sort } : {}) }}
                label="Entries pages"
              />
            </>
          ) : (
            <p className="measure__empty">No entries here.</p>
          )}
        </>
      )}
    </main>
  );
}

export const ErrorBoundary = GoalErrorBoundary;

/** Remove, undoable for a few seconds with JavaScript, asked first without (ADR 252): the row hides meanwhile. */
function RowRemove({ action, entry: e }: { action: string; entry: Entry }) {
  const cell = useRef<HTMLSpanElement>(null);
  return (
    <span ref={cell}>
      <EntryDelete
        action={action}
        intent="remove-entry"
        entryId={e.id}
        verb="Remove"
        what={`${e.amountText} by ${e.name} on ${formatMonthDay(e.day)}`}
        message="Entry removed; the removal is in the audit log."
        onGone={(gone) => {
          const row = cell.current?.closest("tr");
          if (row) row.hidden = gone;
        }}
      />
    </span>
  );
}
