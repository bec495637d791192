import { Form, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import {
  STATUS_LABELS,
  TYPE_LABELS,
  USER_SORT_LABELS,
  USER_SORTS,
  USER_STATUSES,
  USER_TYPES,
  userSearchParams,
  type UserStatus,
} from "#app/features/admin/admin";
import type { usersScreenAction, usersScreenLoader } from "#app/features/admin/admin-users.server";
import { ActionNotice } from "./Notice";
import { Pagination } from "#app/components/Pagination";
import { Table, type Column } from "#app/components/Table";
import { Timestamp } from "#app/components/Timestamp";
import { useStickyActionData } from "#app/features/admin/useStickyActionData";

type Loaded = Awaited<ReturnType<typeof usersScreenLoader>>;
type Row = Loaded["users"][number];

/** /admin/users and /admin/users/manage: search, filter, sort, page through and manage every account. */
export function UsersScreen() {
  const { q, type, status, sort, page, pages, total, users } = useLoaderData<typeof usersScreenLoader>();
  const result = useStickyActionData<typeof usersScreenAction>();
  const search = { q, type, status, sort };
  const { pathname } = useLocation();
  // Changes post to /admin/users/manage (the same screen, SPEC), not to the index route, whose form
  // address would carry Remix's "?index" into the address bar. The search stays as it was.
  const query = new URLSearchParams(userSearchParams({ ...search, page })).toString();
  const manageAction = `/admin/users/manage${query ? `?${query}` : ""}`;
  const columns = userColumns(manageAction);
  return (
    <main className="admin-main">
      <header className="admin-main__header">
        <h1>Users</h1>
        <a className="button" href="/admin/users/add-user">
          Add user
        </a>
      </header>
      <ActionNotice result={result} />
      {/* An explicit action: an index route's default one would put "?index" in the address. */}
      <Form
        method="get"
        action={pathname}
        className="admin-search"
        role="search"
        key={`${q}|${type}|${status}|${sort}`}
      >
        <label htmlFor="user-search">Search by name or email</label>
        <div className="admin-search__row">
          <input id="user-search" type="search" name="q" defaultValue={q} maxLength={100} />
          <button type="submit" className="button">
            Search
          </button>
        </div>
        <div className="admin-search__filters">
          <div className="field">
            <label htmlFor="user-type">Type</label>
            <select id="user-type" name="type" defaultValue={type}>
              <option value="all">All types</option>
              {USER_TYPES.map((t) => (
                <option key={t} value={t}>
                  {TYPE_LABELS[t]}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="user-status">Status</label>
            <select id="user-status" name="status" defaultValue={status}>
              <option value="all">All statuses</option>
              {USER_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {STATUS_LABELS[s]}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="user-sort">Sort</label>
            <select id="user-sort" name="sort" defaultValue={sort}>
              {USER_SORTS.map((s) => (
                <option key={s} value={s}>
                  {USER_SORT_LABELS[s]}
                </option>
              ))}
            </select>
          </div>
        </div>
      </Form>
      <p className="admin-count" aria-live="polite">
        {total === 1 ? "1 user" : `${total} users`}
        {q ? ` matching “${q}”` : ""}
        {pages > 1 ? ` · page ${page} of ${pages}` : ""}
      </p>
      {users.length === 0 ? (
        <p className="admin-empty">
          No users match. Try part of a name or an email address, or another type or status.
        </p>
      ) : (
        <Table
          caption={`Users, ${USER_SORT_LABELS[sort].toLowerCase()}`}
          columns={columns}
          rows={users}
          rowKey={(u) => u.id}
        />
      )}
      <Pagination page={page} pages={pages} params={userSearchParams(search)} label="Users pages" />
    </main>
  );
}

const userColumns = (manageAction: string): Column<Row>[] => [
  { header: "Name", rowHeader: true, cell: (u) => `${u.first} ${u.last}` },
  { header: "Email", wrap: "wrap-anywhere", cell: (u) => u.email },
  { header: "Type", cell: (u) => <span className={`badge badge--${u.type}`}>{TYPE_LABELS[u.type]}</span> },
  { header: "Status", cell: (u) => STATUS_LABELS[u.status as UserStatus] ?? u.status },
  { header: "Active goals", numeric: true, cell: (u) => u.activeGoals },
  // Day and time may take two lines: at 1280 px the Manage column fits beside them without sideways scrolling.
  { header: "Joined", cell: (u) => <Timestamp value={u.createdAt} /> },
  { header: "Manage", action: true, cell: (u) => <ManageUser user={u} action={manageAction} /> },
];

/** A disclosure per row with the type and status, so it works without JavaScript. */
function ManageUser({ user, action }: { user: Row; action: string }) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("userId") === user.id;
  const name = `${user.first} ${user.last}`;
  return (
    <details className="admin-manage">
      <summary>
        Change<span className="visually-hidden"> {name}</span>
      </summary>
      <Form method="post" action={action} className="admin-manage__form">
        <input type="hidden" name="intent" value="change-user" />
        <input type="hidden" name="userId" value={user.id} />
        <div className="field">
          <label htmlFor={`type-${user.id}`}>Type</label>
          <select id={`type-${user.id}`} name="type" defaultValue={user.type}>
            {USER_TYPES.map((t) => (
              <option key={t} value={t}>
                {TYPE_LABELS[t]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`status-${user.id}`}>Status</label>
          <select id={`status-${user.id}`} name="status" defaultValue={user.status}>
            {USER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button" aria-disabled={saving || undefined}>
          {saving ? "loading..." : "Save"}
          <span className="visually-hidden"> {name}</span>
        </button>
      </Form>
    </details>
  );
}
