import { type ComponentProps, useId } from 'react';

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
