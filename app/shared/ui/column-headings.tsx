/**
 * A table's row of column headings, each `<th scope="col">`. A heading given
 * as `{ hidden: "…" }` is read by screen readers only: the action column,
 * whose buttons say what they do.
 */
export type ColumnHeading = string | { hidden: string };

export function ColumnHeadings({ columns, cellClassName = "px-4 py-3 font-semibold" }: { columns: readonly ColumnHeading[]; cellClassName?: string }) {
  return (
    <tr>
      {columns.map((column) =>
        typeof column === "string" ? (
          <th key={column} scope="col" className={cellClassName}>
            {column}
          </th>
        ) : (
          <th key={column.hidden} scope="col" className={cellClassName}>
            <span className="sr-only">{column.hidden}</span>
          </th>
        ),
      )}
    </tr>
  );
}
