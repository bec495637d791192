/* eslint-disable jsx-a11y/no-redundant-roles, jsx-a11y/no-interactive-element-to-noninteractive-role --
   explicit table roles keep the semantics when phone CSS turns rows into cards (ADR 090). */
/**
 * The data table every list screen uses (admin users, goals, participants, access requests, messages
 * sent, audit log; an org's pledges). A caption names it for screen readers; column headers are
 * <th scope="col">, the column that names a row is <th scope="row">. Each cell carries its column's
 * name (data-label), so narrow screens can show every row as a labelled card (app/styles/table.css).
 * Those cards change the elements' CSS display, which makes browsers drop their table semantics; the
 * explicit roles below keep the table a table for assistive technology at every width (ADR 090).
 */
import type { ReactNode } from "react";

export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** The column that names the row: rendered as <th scope="row">. */
  rowHeader?: boolean;
  /** Figures: right-aligned, tabular. */
  numeric?: boolean;
  /** A button or control: as narrow as it can be, and its own label on narrow screens. */
  action?: boolean;
  /** "nowrap" (dates) or "wrap-anywhere" (e-mail addresses and other long words). */
  wrap?: "nowrap" | "wrap-anywhere";
}

export function Table<Row>({
  caption,
  columns,
  rows,
  rowKey,
  isCurrent,
}: {
  /** Read by screen readers; the section's visible heading already names the table for sighted users. */
  caption: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** The row the screen is showing (highlighted, and aria-current for assistive technology). */
  isCurrent?: (row: Row) => boolean;
}) {
  return (
    // When long values make the table wider than the screen the wrapper scrolls sideways: a named,
    // focusable region, so keyboard users can scroll it too (axe: scrollable-region-focusable).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must take focus
    <div className="data-table-wrap" role="region" aria-label={caption} tabIndex={0}>
      <table className="data-table" role="table">
        <caption className="visually-hidden">{caption}</caption>
        <thead role="rowgroup">
          <tr role="row">
            {columns.map((c) => (
              <th key={c.header} scope="col" role="columnheader" className={c.numeric ? "num" : undefined}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup">
          {rows.map((row) => (
            <tr key={rowKey(row)} role="row" aria-current={isCurrent?.(row) ? "true" : undefined}>
              {columns.map((c) => {
                const props = { "data-label": c.header, className: cellClass(c) };
                return c.rowHeader ? (
                  <th key={c.header} scope="row" role="rowheader" {...props}>
                    {c.cell(row)}
                  </th>
                ) : (
                  <td key={c.header} role="cell" {...props}>
                    {c.cell(row)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function cellClass(c: Pick<Column<never>, "numeric" | "action" | "wrap">) {
  return (
    [c.numeric ? "num" : null, c.action ? "data-table__action" : null, c.wrap ?? null].filter(Boolean).join(" ") ||
    undefined
  );
}
