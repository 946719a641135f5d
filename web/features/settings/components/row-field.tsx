import { type ReactNode, useId } from 'react';

/** What a control needs to be tied to its label and its message. */
export interface RowControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface RowFieldProps {
  label: string;
  error?: string | undefined;
  className?: string;
  children: (control: RowControlProps) => ReactNode;
}

/**
 * A field of a row of a table-like list (a zone's rates, the tax rates): its label above it where the
 * rows stack (a phone), and read out only on a wide screen, where one header row names the columns
 * (`RowHeadings`). Its message under it either way.
 */
export function RowField({ label, error, className = '', children }: RowFieldProps) {
  const id = useId();
  const messageId = error ? `${id}-error` : undefined;
  return (
    <div className={`min-w-0 ${className}`}>
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-stone-700 lg:sr-only">
        {label}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': messageId })}
      {error && (
        <p id={messageId} className="mt-1 text-xs font-medium text-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** The column names above the rows on a wide screen; hidden from screen readers, which read each field's own label. */
export function RowHeadings({ columns, labels }: { columns: string; labels: string[] }) {
  return (
    <div aria-hidden="true" className={`hidden gap-3 px-3 text-xs font-semibold uppercase tracking-wide text-stone-500 lg:grid ${columns}`}>
      {labels.map((label, index) => (
        <span key={index}>{label}</span>
      ))}
    </div>
  );
}
