import { Link } from "@remix-run/react";

/** The page numbers to offer: the first, the last, and two either side of the current one; null = a gap. */
export function pageNumbers(page: number, pages: number): (number | null)[] {
  const shown = [...new Set([1, page - 2, page - 1, page, page + 1, page + 2, pages])]
    .filter((p) => p >= 1 && p <= pages)
    .sort((a, b) => a - b);
  const out: (number | null)[] = [];
  for (const p of shown) {
    const last = out[out.length - 1];
    if (typeof last === "number" && p - last > 1) out.push(null);
    out.push(p);
  }
  return out;
}

/**
 * Previous / next and page-number links under a paged table that keep the other query parameters
 * (works without JavaScript).
 */
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
      <ol className="pagination__pages">
        {pageNumbers(page, pages).map((p, i) =>
          p === null ? (
            <li key={`gap-${i}`} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={p}>
              {p === page ? (
                <span aria-current="page">
                  <span className="visually-hidden">Page </span>
                  {p}
                  <span className="visually-hidden"> of {pages}</span>
                </span>
              ) : (
                <Link to={href(p)} aria-label={`Page ${p}`}>
                  {p}
                </Link>
              )}
            </li>
          ),
        )}
      </ol>
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
