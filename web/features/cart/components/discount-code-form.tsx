import { formatUsd } from '../../../../common/money.ts';
import type { CartQuote } from '../../../../common/schemas/cart.ts';
import { discountCodeEntrySchema } from '../../../../common/schemas/discount-codes.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';

interface DiscountCodeFormProps {
  /** The code the quote was asked with, and what the server made of it. */
  applied: CartQuote['discountCode'] | undefined;
  /** What the code took off in all. */
  discount: number;
  onApply: (code: string) => void;
  onRemove: () => void;
  busy: boolean;
}

/**
 * One discount code per order: typed and applied, then shown with what it takes off and a way to
 * remove it; a code the server refuses says why, and stays typed.
 */
export function DiscountCodeForm({ applied, discount, onApply, onRemove, busy }: DiscountCodeFormProps) {
  const form = useSchemaForm(discountCodeEntrySchema, { defaultValues: { code: applied?.code ?? '' } });
  if (applied?.applied) {
    return (
      <div className="flex items-center justify-between gap-3 rounded-lg border border-success/40 bg-success/5 px-3 py-2.5 text-sm">
        <p className="min-w-0 text-stone-800">
          <span className="font-mono font-semibold text-stone-900">{applied.code}</span> applied{discount > 0 && <>: {formatUsd(discount)} off</>}
        </p>
        <button type="button" className="btn btn-ghost btn-xs" onClick={onRemove}>
          Remove
        </button>
      </div>
    );
  }
  const { error, ...field } = form.field('code');
  const problem = error ?? applied?.problem;
  return (
    <form noValidate aria-label="Apply a discount code" className="space-y-1.5" onSubmit={form.handleSubmit(({ code }) => onApply(code))}>
      <label htmlFor="discount-code" className="block text-sm font-medium text-stone-800">
        Discount code
      </label>
      <div className="flex gap-2">
        <input
          id="discount-code"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          className={`input input-sm w-full uppercase text-stone-900 ${problem ? 'input-error' : ''}`}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? 'discount-code-problem' : undefined}
          {...field}
        />
        <button type="submit" formMethod="dialog" className="btn btn-outline btn-sm" disabled={busy}>
          Apply
        </button>
      </div>
      {problem && (
        <p id="discount-code-problem" role="alert" className="text-sm font-medium text-error">
          {problem}
        </p>
      )}
    </form>
  );
}
