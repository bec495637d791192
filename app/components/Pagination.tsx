import { Link } from "@remix-run/react";

/** Previous / next links under a paged table that keep the other query parameters (works without JavaScript). */
export function Pagination({
  page,
  pages,
  params,
  label,
}: {
  page: number;
  pages: number;
  params: Record<string, string>;
  /** Names the navigation landmark, e.g. "Users pages". */
  label: string;
}) {
  if (pages <= 1) return null;
  const href = (p: number) => `?${new URLSearchParams({ ...params, page: String(p) })}`;
  return (
    <nav className="pagination" aria-label={label}>
      {page > 1 ? (
        <Link to={href(page - 1)} rel="prev">
          Previous page
        </Link>
      ) : (
        <span aria-hidden="true" />
      )}
      <span aria-current="page">
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
