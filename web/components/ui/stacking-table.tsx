import type { ReactNode } from 'react';

/**
 * The admin pages' lists: a table on a wide screen, a stack of cards on a narrower one (below `lg`),
 * where each cell shows its own small heading because the column headings are out of sight. The roles
 * are spelled out so that the table stays a table to assistive technology whichever way it is laid out.
 * Give long names and addresses `[overflow-wrap:anywhere]`, so that they wrap inside their cell instead
 * of pushing the columns out.
 */
export function StackingTable({ caption, headings, children }: { caption: string; headings: { label: string; className?: string }[]; children: ReactNode }) {
  return (
    <table role="table" className="table block w-full lg:table lg:rounded-xl lg:border lg:border-base-300 lg:bg-base-100">
      <caption className="sr-only">{caption}</caption>
      <thead role="rowgroup" className="sr-only lg:not-sr-only lg:table-header-group">
        <tr role="row">
          {headings.map(({ label, className = '' }) => (
            <th key={label} role="columnheader" scope="col" className={`whitespace-nowrap lg:px-3 ${className}`}>
              {label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody role="rowgroup" className="block space-y-3 lg:table-row-group lg:space-y-0">
        {children}
      </tbody>
    </table>
  );
}

/**
 * A row of the table, a card on a narrow screen. `columns` lays out the card's cells (one column by
 * default, two from `sm`); `middle` centres the table row's cells vertically (rows with a picture).
 */
export function StackingRow({ columns = 'grid-cols-1 sm:grid-cols-2', middle = false, children }: { columns?: string; middle?: boolean; children: ReactNode }) {
  return (
    <tr
      role="row"
      className={`grid gap-x-6 rounded-xl border border-base-300 bg-base-100 p-4 lg:table-row lg:rounded-none lg:border-0 lg:border-t lg:p-0 ${columns} ${middle ? 'lg:[&>td]:align-middle' : ''}`}
    >
      {children}
    </tr>
  );
}

/**
 * A cell, with its small heading on a card. `heading` may be left out where the content names itself
 * (a person's name and address, the card's first line). `action` is the row's buttons: at the foot of a
 * card, at the right end of a table row; aligned by a flex box, not text-align, which the dialogs inside
 * would inherit.
 */
export function StackingCell({ heading, action = false, className = '', children }: { heading?: string; action?: boolean; className?: string; children: ReactNode }) {
  if (action) {
    return (
      <td role="cell" className={`col-span-full block px-0 pt-3 max-lg:border-b-0 lg:table-cell lg:px-3 lg:py-3 lg:align-top ${className}`}>
        <div className="flex justify-end">{children}</div>
      </td>
    );
  }
  return (
    <td role="cell" className={`block min-w-0 px-0 py-1.5 align-top max-lg:border-b-0 lg:table-cell lg:px-3 lg:py-3 ${className}`}>
      {heading && (
        <span className="block text-xs font-semibold uppercase tracking-wide text-stone-500 lg:hidden" aria-hidden="true">
          {heading}
        </span>
      )}
      {children}
    </td>
  );
}
