import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { NavLink, Outlet } from "@remix-run/react";
import { requireRole } from "#app/platform/session/session.server";
import adminStyles from "#app/styles/admin.css";
import tableStyles from "#app/styles/table.css";
import type { LiveHandle } from "#app/features/live/useLiveUpdates";
import { stylesheet } from "#app/lib/stylesheet";

/** The admin area's frame. Every admin loader and action checks the role itself too (DESIGN deviation). */
export const links: LinksFunction = () => [stylesheet(adminStyles), stylesheet(tableStyles)];

// Live (ADR 043): every admin screen follows admin actions; child routes add their own topics.
export const handle: LiveHandle = { live: () => ["admin"] };

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, "admin");
  return null;
}

const SECTIONS = [
  { to: "/admin/users", label: "Users", end: true },
  { to: "/admin/users/add-user", label: "Add user", end: true },
  { to: "/admin/users/communication", label: "Communication", end: true },
  { to: "/admin/access", label: "Access", end: true },
  { to: "/admin/goals", label: "Goals", end: false },
  { to: "/admin/audit", label: "Audit log", end: true },
];

export default function AdminLayout() {
  return (
    <div className="admin">
      <nav className="admin-nav" aria-label="Admin sections">
        <p className="admin-nav__title">Admin</p>
        <ul>
          {SECTIONS.map((s) => (
            <li key={s.to}>
              <NavLink to={s.to} end={s.end} prefetch="intent">
                {s.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </div>
  );
}
