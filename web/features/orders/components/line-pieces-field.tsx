import { type ComponentProps, type ReactNode, useId } from 'react';

interface LinePiecesFieldProps extends Omit<ComponentProps<'input'>, 'type'> {
  /** The line's product, the field's visible label. */
  product: string;
  /** What the number does, said after the product's name to screen readers: "pieces to ship". */
  purpose: string;
  /** Under the name: how many can be picked, and of what. */
  note: string;
  most: number;
  error?: string | undefined;
}

/**
 * One line of an order in a dialog that picks some of its pieces (to ship, to refund): the product and
 * what is left of it on the left, the number on the right, its error under both.
 */
export function LinePiecesField({ product, purpose, note, most, error, ...input }: LinePiecesFieldProps) {
  const id = useId();
  return (
    <li className="py-2.5">
      <div className="flex items-center justify-between gap-3">
        <div className="min-w-0 text-sm">
          <label htmlFor={id} className="block font-medium text-stone-900 [overflow-wrap:anywhere]">
            {product}
          </label>
          <p id={`${id}-note`} className="text-stone-600">
            {note}
          </p>
        </div>
        <input
          id={id}
          aria-label={`${product}, ${purpose}`}
          type="number"
          inputMode="numeric"
          min={0}
          max={most}
          step={1}
          className={`input input-sm w-20 shrink-0 text-right text-stone-900 ${error ? 'input-error' : ''}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-note`}
          {...input}
        />
      </div>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-error">
          {error}
        </p>
      )}
    </li>
  );
}

/**
 * The lines of such a dialog (LinePiecesField each) under their legend, then the form's message when
 * no piece was picked or, without one, `hint`: shipping and refunding by item pick pieces alike.
 */
export function LinePiecesFieldset({ legend, error, hint, children }: { legend: string; error?: string | undefined; hint?: string | undefined; children: ReactNode }) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-stone-800">{legend}</legend>
      <ul className="divide-y divide-base-300">{children}</ul>
      {error ? <p className="text-sm font-medium text-error">{error}</p> : hint && <p className="text-sm text-stone-600">{hint}</p>}
    </fieldset>
  );
}
