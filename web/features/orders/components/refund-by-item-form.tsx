import { useMemo } from 'react';
import { centsToDollars, dollarsToCents, formatUsd } from '../../../../common/money.ts';
import { refundOfPieces } from '../../../../common/order-pricing.ts';
import { lineRefundFormSchema } from '../../../../common/schemas/order-forms.ts';
import type { OrderLine } from '../../../../common/schemas/orders.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { LinePiecesField, LinePiecesFieldset } from './line-pieces-field.tsx';
import { stockSentence } from './pending-refund.ts';
import { RefundFormFrame, type RefundFormProps, RefundReasonField, RestockCheckbox } from './refund-form-parts.tsx';
import { nameWithVariant } from '../../../components/ui/variant-line.tsx';

/** Pieces of a line not paid back yet: what a refund by item can still take of it. */
const refundablePieces = (line: OrderLine) => line.quantity - line.refundedQuantity;

/** A number typed into a line's field, as pieces: anything but a whole number above 0 counts as none. */
const picked = (quantity: number | undefined) => (quantity !== undefined && Number.isInteger(quantity) && quantity > 0 ? quantity : 0);

/**
 * Refund by item: how many pieces of each line are paid back (none to start with, at most those not
 * refunded yet), whether they go back to stock, and why. The amount is reckoned as the server does
 * (common/order-pricing.ts): each piece gives back its share of what its line cost, after the line's
 * discount and with its tax; it is shown as the pieces are typed.
 */
export function RefundByItemForm({ order, left, hidden, onReview, onClose }: RefundFormProps) {
  const lines = useMemo(() => order.lines.filter((line) => refundablePieces(line) > 0), [order.lines]);
  const schema = useMemo(() => lineRefundFormSchema(lines.map((line) => ({ lineId: line.lineId, most: refundablePieces(line) }))), [lines]);
  const form = useSchemaForm(schema, { defaultValues: { lines: lines.map((line) => ({ lineId: line.lineId, quantity: 0 })), restock: false, reason: '' } });
  const { field } = form;
  const [typed, restock] = form.watch(['lines', 'restock']);
  const noneChosen = form.formState.errors.lines?.root?.message;
  // A deleted product has no stock to go back to.
  const restockable = lines.some((line) => line.productId !== null);

  // With a discount or tax on a line, a piece gives back what it cost, not its price.
  const charged = order.lines.some((line) => line.total !== line.price);
  const chosen = lines.map((line, index) => ({ line, quantity: picked(typed[index]?.quantity) })).filter(({ quantity }) => quantity > 0);
  const piecesCents = chosen.reduce(
    (sum, { line, quantity }) => sum + refundOfPieces({ quantity: line.quantity, totalCents: dollarsToCents(line.total) }, line.refundedQuantity, quantity),
    0,
  );
  const amount = centsToDollars(Math.min(piecesCents, dollarsToCents(left)));

  const review = form.handleSubmit((request) =>
    onReview({
      request,
      amount,
      items: chosen.map(({ line, quantity }) => `${quantity} × ${nameWithVariant(line.product, line.variant)}`),
      stock: stockSentence(request.restock ? chosen.filter(({ line }) => line.productId !== null).reduce((sum, { quantity }) => sum + quantity, 0) : 0),
    }),
  );

  return (
    <RefundFormFrame hidden={hidden} onSubmit={review} onClose={onClose}>
      <LinePiecesFieldset legend="Pieces to refund" error={noneChosen}>
        {lines.map((line, index) => (
          <LinePiecesField
            key={line.lineId}
            product={nameWithVariant(line.product, line.variant)}
            purpose="pieces to refund"
            note={`${formatUsd(line.unitPrice)} each · ${line.refundedQuantity > 0 ? `${refundablePieces(line)} of ${line.quantity} not refunded` : `${line.quantity} bought`}`}
            most={refundablePieces(line)}
            {...field(`lines.${index}.quantity`, { valueAsNumber: true })}
          />
        ))}
      </LinePiecesFieldset>
      <p className="flex items-baseline justify-between gap-4 rounded-lg bg-base-200 px-4 py-3 text-sm" aria-live="polite">
        <span className="text-stone-700">{charged ? 'Amount, from what each piece cost' : 'Amount, from the price of each piece'}</span>
        <span className="text-base font-semibold text-stone-900">{formatUsd(amount)}</span>
      </p>
      {piecesCents > dollarsToCents(left) && (
        <p className="text-sm text-stone-600">
          These pieces cost {formatUsd(centsToDollars(piecesCents))}; only {formatUsd(left)} is left to refund.
        </p>
      )}
      <RefundReasonField {...field('reason')} />
      {restockable && <RestockCheckbox {...form.register('restock')}>Return these pieces to stock</RestockCheckbox>}
      {restock && chosen.some(({ line }) => line.productId === null) && <p className="text-sm text-stone-600">Pieces of a product no longer sold stay out of stock.</p>}
    </RefundFormFrame>
  );
}
