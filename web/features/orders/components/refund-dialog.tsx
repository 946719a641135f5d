import { accountContact } from '../../../../common/account-contact.ts';
import { type FormEvent, useMemo, useRef, useState } from 'react';
import { centsToDollars, dollarsToCents, formatUsd } from '../../../../common/money.ts';
import type { Order } from '../../../../common/schemas/orders.ts';
import { refundFormSchema, refundLimits } from '../../../../common/schemas/refunds.ts';
import { TextAreaField, TextField } from '../../../components/ui/form-field.tsx';
import { FormSubmit } from '../../../components/ui/form-submit.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useRefundOrder } from '../api/order-queries.ts';

const pieces = (count: number) => `${count} ${count === 1 ? 'unit' : 'units'}`;

interface RefundFormProps {
  order: Order;
  left: number;
  restockable: number;
  idempotencyKey: string;
  onClose: () => void;
}

/**
 * The refund form, then a confirmation that names the amount and the customer. A refusal is shown
 * in red on the confirmation, with everything typed kept for going back to change it.
 */
function RefundForm({ order, left, restockable, idempotencyKey, onClose }: RefundFormProps) {
  const toast = useToast();
  const refund = useRefundOrder();
  const [confirming, setConfirming] = useState(false);
  // Set at once on the press, before the button has re-rendered disabled: a double click sends one request.
  const sending = useRef(false);
  const schema = useMemo(() => refundFormSchema(left), [left]);
  const form = useSchemaForm(schema, { defaultValues: { amount: left, reason: '', restock: false } });
  const { field } = form;
  const [amount, reason, restock] = form.watch(['amount', 'reason', 'restock']);
  const returned = restock ? restockable : 0;

  // The form checks what was typed, then asks for confirmation; only the confirmation sends.
  const review = form.handleSubmit(() => setConfirming(true));

  function send(event: FormEvent) {
    event.preventDefault();
    if (sending.current) return;
    sending.current = true;
    // Checked on the way to this confirmation, and not editable since.
    const values = schema.parse(form.getValues());
    refund.mutate(
      { orderId: order._id, refund: { amount: values.amount, reason: values.reason, restock: values.restock ? restockable : 0, idempotencyKey } },
      {
        onSuccess: () => {
          toast(`Refunded ${formatUsd(values.amount)} to ${order.cutomerName} for order ${order.orderNumber}.`);
          onClose();
        },
        onSettled: () => {
          sending.current = false;
        },
      },
    );
  }

  if (confirming) {
    return (
      <form noValidate aria-label="Confirm the refund" className="space-y-4" onSubmit={send}>
        <p className="text-stone-700">
          Refund <strong className="text-stone-900">{formatUsd(amount)}</strong> to <strong className="text-stone-900">{order.cutomerName}</strong> ({accountContact(order.email)}) for
          order {order.orderNumber}?
        </p>
        <dl className="space-y-2 rounded-lg bg-base-200 px-4 py-3 text-sm">
          <div>
            <dt className="font-medium text-stone-700">Reason, as the customer will read it</dt>
            <dd className="break-words text-stone-900">{reason.trim()}</dd>
          </div>
          <div>
            <dt className="font-medium text-stone-700">Stock</dt>
            <dd className="text-stone-900">{returned > 0 ? `${pieces(returned)} of ${order.product} go back to stock.` : 'Nothing goes back to stock.'}</dd>
          </div>
        </dl>
        <p className="text-sm text-stone-600">The money goes back to the card that paid. This cannot be undone.</p>
        <FormSubmit
          label={`Refund ${formatUsd(amount)}`}
          busy={refund.isPending}
          error={refund.error?.message}
          className="btn-error"
          aside={
            <button type="button" className="btn btn-ghost" onClick={() => setConfirming(false)} disabled={refund.isPending}>
              Back
            </button>
          }
        />
      </form>
    );
  }

  return (
    <form noValidate aria-label="Refund form" className="space-y-5" onSubmit={review}>
      <p className="text-sm text-stone-600">
        {order.quantity} × {order.product}, paid {formatUsd(order.price)}
        {order.refundedAmount > 0 && `, ${formatUsd(order.refundedAmount)} refunded already`}.
      </p>
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
      {restockable > 0 && order.productId && (
        <label className="flex cursor-pointer items-center gap-3 text-stone-800">
          <input type="checkbox" className="checkbox checkbox-sm" {...form.register('restock')} />
          Return {pieces(restockable)} to stock
        </label>
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

/**
 * The admin's Refund for a paid order with money left to refund: a dialog with the amount (what is
 * left, to start with), the reason and whether the pieces go back to stock, then a confirmation.
 * Each opening makes one idempotency key, so a double click or a retry after an error refunds once.
 */
export function RefundDialog({ order }: { order: Order }) {
  const [idempotencyKey, setIdempotencyKey] = useState<string | undefined>();
  const left = centsToDollars(dollarsToCents(order.price) - dollarsToCents(order.refundedAmount));
  if (order.paymentStatus !== 'paid' || left <= 0) return null;
  const close = () => setIdempotencyKey(undefined);
  return (
    <>
      <button type="button" className="btn btn-outline btn-sm" aria-label={`Refund order ${order.orderNumber}`} onClick={() => setIdempotencyKey(crypto.randomUUID())}>
        Refund
      </button>
      <Modal open={idempotencyKey !== undefined} title={`Refund order ${order.orderNumber}`} onClose={close}>
        {idempotencyKey && <RefundForm order={order} left={left} restockable={order.quantity - order.restockedQuantity} idempotencyKey={idempotencyKey} onClose={close} />}
      </Modal>
    </>
  );
}
