import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Pagination } from "#app/components/admin/Pagination";
import { AUDIT_PER_PAGE, pageCount } from "#app/lib/admin";
import { userSearchSchema } from "#app/lib/schemas/admin";
import { auditPage } from "#app/server/audit.server";
import { requireRole } from "#app/server/session.server";

export const meta: MetaFunction = () => [{ title: "Audit log | Admin | Goals with Friends" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, "admin");
  const { page } = userSearchSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const { rows, total } = await auditPage(context, page, AUDIT_PER_PAGE);
  return { page, pages: pageCount(total, AUDIT_PER_PAGE), entries: rows };
}

const when = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

export default function AdminAuditRoute() {
  const { page, pages, entries } = useLoaderData<typeof loader>();
  return (
    <main className="admin-main">
      <header className="admin-main__header">
        <h1>Audit log</h1>
      </header>
      <p className="admin-lead">Every change made in the admin screens: who did what, and when (UTC). Newest first.</p>
      {entries.length === 0 ? (
        <p className="admin-empty">Nothing recorded yet.</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <caption className="visually-hidden">Admin actions, newest first</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">What</th>
                <th scope="col">Target</th>
                <th scope="col">Detail</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => (
                <tr key={e.id}>
                  <td data-label="When">
                    <time dateTime={new Date(e.createdAt).toISOString()}>{when.format(new Date(e.createdAt))}</time>
                  </td>
                  <td data-label="Who">{e.actorEmail ? `${e.actorFirst} ${e.actorLast}` : "Deleted user"}</td>
                  <td data-label="What">
                    <code>{e.action}</code>
                  </td>
                  <td data-label="Target">{e.target ?? ""}</td>
                  <td data-label="Detail">{e.detail ?? ""}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={page} pages={pages} params={{}} label="Audit log pages" />
    </main>
  );
}
