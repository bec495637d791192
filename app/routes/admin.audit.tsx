import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Pagination } from "#app/components/Pagination";
import { Table, type Column } from "#app/components/Table";
import { Timestamp } from "#app/components/Timestamp";
import { AUDIT_PER_PAGE, auditActionText, pageCount } from "#app/features/admin/admin";
import { userSearchSchema } from "#app/features/admin/admin.schema";
import { auditPage } from "#app/features/admin/audit.server";
import { requireRole } from "#app/platform/session/session.server";
import { screenMeta } from "#app/lib/meta";

export const meta: MetaFunction = () => screenMeta("Audit log", { section: "Admin" });

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, "admin");
  const { page } = userSearchSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const { rows, total } = await auditPage(context, page, AUDIT_PER_PAGE);
  return { page, pages: pageCount(total, AUDIT_PER_PAGE), entries: rows };
}

type Entry = Awaited<ReturnType<typeof auditPage>>["rows"][number];

const AUDIT_COLUMNS: Column<Entry>[] = [
  {
    header: "When",
    wrap: "nowrap",
    cell: (e) => <Timestamp value={e.createdAt} />,
  },
  { header: "Who", cell: (e) => (e.actorEmail ? `${e.actorFirst} ${e.actorLast}` : "Deleted user") },
  { header: "What", wrap: "wrap-anywhere", cell: (e) => auditActionText(e) },
  // Ids, addresses and subjects can be one long word: they wrap instead of widening the table.
  { header: "Target", wrap: "wrap-anywhere", cell: (e) => e.target ?? "" },
  { header: "Detail", wrap: "wrap-anywhere", cell: (e) => e.detail ?? "" },
];

export default function AdminAuditRoute() {
  const { page, pages, entries } = useLoaderData<typeof loader>();
  return (
    <main className="admin-main">
      <header className="admin-main__header">
        <h1>Audit log</h1>
      </header>
      <p className="admin-lead">Every change made in the admin screens: who did what, and when. Newest first.</p>
      {entries.length === 0 ? (
        <p className="admin-empty">Nothing recorded yet.</p>
      ) : (
        <Table caption="Admin actions, newest first" columns={AUDIT_COLUMNS} rows={entries} rowKey={(e) => e.id} />
      )}
      <Pagination page={page} pages={pages} params={{}} label="Audit log pages" />
    </main>
  );
}
