import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { isoDay, STATUS_LABELS, TYPE_LABELS, USER_STATUSES, USER_TYPES, type UserStatus } from "#app/lib/admin";
import type { usersScreenAction, usersScreenLoader } from "#app/server/admin-users.server";
import { ActionNotice } from "./Notice";
import { Pagination } from "./Pagination";
import { useStickyActionData } from "#app/components/admin/useStickyActionData";

type Loaded = Awaited<ReturnType<typeof usersScreenLoader>>;
type Row = Loaded["users"][number];

/** /admin/users and /admin/users/manage: search, page through and manage every account. */
export function UsersScreen() {
  const { q, page, pages, total, users } = useLoaderData<typeof usersScreenLoader>();
  const result = useStickyActionData<typeof usersScreenAction>();
  return (
    <main className="admin-main">
      <header className="admin-main__header">
        <h1>Users</h1>
        <a className="button" href="/admin/users/add-user">
          Add user
        </a>
      </header>
      <ActionNotice result={result} />
      <Form method="get" className="admin-search" role="search">
        <label htmlFor="user-search">Search by name or email</label>
        <div className="admin-search__row">
          <input id="user-search" type="search" name="q" defaultValue={q} maxLength={100} />
          <button type="submit" className="button">
            Search
          </button>
        </div>
      </Form>
      <p className="admin-count" aria-live="polite">
        {total === 1 ? "1 user" : `${total} users`}
        {q ? ` matching “${q}”` : ""}
      </p>
      {users.length === 0 ? (
        <p className="admin-empty">No users match. Try part of a name or an email address.</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <caption className="visually-hidden">Users, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Email</th>
                <th scope="col">Type</th>
                <th scope="col">Status</th>
                <th scope="col" className="num">Active goals</th>
                <th scope="col">Joined</th>
                <th scope="col">Manage</th>
              </tr>
            </thead>
            <tbody>
              {users.map((user) => (
                <UserRow key={user.id} user={user} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={page} pages={pages} params={q ? { q } : {}} label="Users pages" />
    </main>
  );
}

function UserRow({ user }: { user: Row }) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("userId") === user.id;
  const name = `${user.first} ${user.last}`;
  return (
    <tr>
      <th scope="row" data-label="Name">
        {name}
      </th>
      <td data-label="Email" className="wrap-anywhere">{user.email}</td>
      <td data-label="Type">
        <span className={`badge badge--${user.type}`}>{TYPE_LABELS[user.type]}</span>
      </td>
      <td data-label="Status">{STATUS_LABELS[user.status as UserStatus] ?? user.status}</td>
      <td data-label="Active goals" className="num">{user.activeGoals}</td>
      <td data-label="Joined" className="nowrap">{isoDay(user.createdAt)}</td>
      <td data-label="Manage" className="admin-table__manage">
        <details className="admin-manage">
          <summary>
            Change<span className="visually-hidden"> {name}</span>
          </summary>
          <Form method="post" className="admin-manage__form">
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
      </td>
    </tr>
  );
}
