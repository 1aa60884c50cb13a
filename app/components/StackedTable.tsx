import type { ReactNode } from "react";

/**
 * A table that a phone shows as one card per row (`.stacked`, each cell labelled by its data-label),
 * in its scrolling wrapper: `columns` are the header cells (null: a column not shown), `children`
 * the body's rows and `foot` the rows of its footer.
 */
export function StackedTable({ columns, children, foot }: { columns: (string | null)[]; children: ReactNode; foot?: ReactNode }) {
  return (
    <div className="table-wrap">
      <table className="stacked">
        <thead>
          <tr>
            {columns.map((label) =>
              label === null ? null : (
                <th key={label} scope="col">
                  {label}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
        {foot ? <tfoot>{foot}</tfoot> : null}
      </table>
    </div>
  );
}
