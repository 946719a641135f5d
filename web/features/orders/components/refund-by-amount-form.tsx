import { useMemo } from 'react';
import { formatUsd } from '../../../../common/money.ts';
import { pieces } from '../../../../common/plurals.ts';
import type { Order } from '../../../../common/schemas/orders.ts';
import { refundFormSchema, refundLimits } from '../../../../common/schemas/refunds.ts';
import { TextAreaField, TextField } from '../../../components/ui/form-field.tsx';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { type PendingRefund, stockSentence } from './pending-refund.ts';

interface RefundByAmountFormProps {
  order: Order;
  /** US dollars left to refund of the order, the most this form takes. */
  left: number;
  hidden: boolean;
  onReview: (refund: PendingRefund) => void;
  onClose: () => void;
}

/**
 * Refund by amount: any sum up to what is left (all of it, to start with), and why. Only an order of
 * one line can have its pieces returned to stock this way, as the server takes it: with more lines a
 * sum does not say whose pieces came back, and a refund by item does.
 */
export function RefundByAmountForm({ order, left, hidden, onReview, onClose }: RefundByAmountFormProps) {
  const [line] = order.lines;
  const restockable = order.lines.length === 1 && line?.productId ? line.quantity - line.restockedQuantity : 0;
  const schema = useMemo(() => refundFormSchema(left), [left]);
  const form = useSchemaForm(schema, { defaultValues: { amount: left, reason: '', restock: false } });
  const { field } = form;

  const review = form.handleSubmit(({ amount, reason, restock }) => {
    const returned = restock ? restockable : 0;
    onReview({ request: { amount, reason, restock: returned }, amount, items: [], stock: stockSentence(returned, line?.product) });
  });

  return (
    <form noValidate hidden={hidden} aria-label="Refund form" className="space-y-5" onSubmit={review}>
      <TextField
        label="Amount to refund (US dollars)"
        type="number"
        inputMode="decimal"
        min={0.01}
        max={left}
        step={0.01}
        hint={`Up to ${formatUsd(left)} is left to refund.`}
        {...field('amount', { valueAsNumber: true })}
      />
      <TextAreaField label="Reason" hint="The customer reads this in the refund e-mail." rows={3} maxLength={refundLimits.reason} {...field('reason')} />
      {restockable > 0 ? (
        <label className="flex cursor-pointer items-center gap-3 text-stone-800">
          <input type="checkbox" className="checkbox checkbox-sm" {...form.register('restock')} />
          Return {pieces(restockable)} to stock
        </label>
      ) : (
        order.lines.length > 1 && <p className="text-sm text-stone-600">To return pieces to stock, refund by item.</p>
      )}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary">
          Continue
        </button>
      </div>
    </form>
  );
}
