import { Link } from "@remix-run/react";

/** Previous / next links that keep the other query parameters (works without JavaScript). */
export function Pagination({
  page,
  pages,
  params,
  label,
}: {
  page: number;
  pages: number;
  params: Record<string, string>;
  label: string;
}) {
  if (pages <= 1) return null;
  const href = (p: number) => `?${new URLSearchParams({ ...params, page: String(p) })}`;
  return (
    <nav className="admin-pagination" aria-label={label}>
      {page > 1 ? (
        <Link to={href(page - 1)} rel="prev">
          Previous page
        </Link>
      ) : (
        <span aria-hidden="true" />
      )}
      <span>
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <Link to={href(page + 1)} rel="next">
          Next page
        </Link>
      ) : (
        <span aria-hidden="true" />
      )}
    </nav>
  );
}
