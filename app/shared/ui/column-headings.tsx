import type { ReactNode } from "react";

/**
 * A table's row of column headings, each `<th scope="col">`. A heading given
 * as `{ hidden: "…" }` is read by screen readers only: the action column,
 * whose buttons say what they do. One given as `{ key, label }` shows markup
 * (an `<abbr>` that names a vital in full).
 */
export type ColumnHeading = string | { hidden: string } | { key: string; label: ReactNode };

export function ColumnHeadings({ columns, cellClassName = "px-4 py-3 font-semibold" }: { columns: readonly ColumnHeading[]; cellClassName?: string }) {
  return (
    <tr>
      {columns.map((column) =>
        typeof column === "string" ? (
          <th key={column} scope="col" className={cellClassName}>
            {column}
          </th>
        ) : "hidden" in column ? (
          <th key={column.hidden} scope="col" className={cellClassName}>
            <span className="sr-only">{column.hidden}</span>
          </th>
        ) : (
          <th key={column.key} scope="col" className={cellClassName}>
            {column.label}
          </th>
        ),
      )}
    </tr>
  );
}
