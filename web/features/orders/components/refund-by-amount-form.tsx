import { useMemo } from 'react';
import { formatUsd } from '../../../../common/money.ts';
import { pieces } from '../../../../common/plurals.ts';
import { refundFormSchema } from '../../../../common/schemas/refunds.ts';
import { TextField } from '../../../components/ui/form-field.tsx';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { stockSentence } from './pending-refund.ts';
import { RefundFormFrame, type RefundFormProps, RefundReasonField, RestockCheckbox } from './refund-form-parts.tsx';

/**
 * Refund by amount: any sum up to what is left (all of it, to start with), and why. Only an order of
 * one line can have its pieces returned to stock this way, as the server takes it: with more lines a
 * sum does not say whose pieces came back, and a refund by item does.
 */
export function RefundByAmountForm({ order, left, hidden, onReview, onClose }: RefundFormProps) {
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
    <RefundFormFrame hidden={hidden} onSubmit={review} onClose={onClose}>
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
      <RefundReasonField {...field('reason')} />
      {restockable > 0 ? (
        <RestockCheckbox {...form.register('restock')}>Return {pieces(restockable)} to stock</RestockCheckbox>
      ) : (
        order.lines.length > 1 && <p className="text-sm text-stone-600">To return pieces to stock, refund by item.</p>
      )}
    </RefundFormFrame>
  );
}
