import { useRef, useState } from 'react';
import { centsToDollars, dollarsToCents, formatUsd } from '../../../../common/money.ts';
import type { Order } from '../../../../common/schemas/orders.ts';
import type { RefundResult } from '../../../../common/schemas/refunds.ts';
import { Modal } from '../../../components/ui/modal.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useRefundOrder } from '../api/order-queries.ts';
import type { PendingRefund } from './pending-refund.ts';
import { RefundByAmountForm } from './refund-by-amount-form.tsx';
import { RefundByItemForm } from './refund-by-item-form.tsx';
import { RefundConfirmation } from './refund-confirmation.tsx';

type RefundMode = 'item' | 'amount';
const modes: Array<{ mode: RefundMode; label: string }> = [
  { mode: 'item', label: 'By item' },
  { mode: 'amount', label: 'By amount' },
];

/** What the admin is told once the server has answered: the amount it gave back, or holds for the processor. */
function refundedMessage(order: Order, result: RefundResult): string {
  const amount = formatUsd(result.refund.amount);
  return result.refund.pending
    ? `The refund of ${amount} to ${order.cutomerName} for order ${order.orderNumber} is waiting for the card processor; the shop sends it again until it is made.`
    : `Refunded ${amount} to ${order.cutomerName} for order ${order.orderNumber}.`;
}

/**
 * The refund, by item or by amount, then a confirmation. Both forms stay mounted while hidden, so that
 * switching between them, or going back from the confirmation, keeps everything typed. A refusal is
 * shown in red on the confirmation.
 */
function RefundForm({ order, left, idempotencyKey, onClose }: { order: Order; left: number; idempotencyKey: string; onClose: () => void }) {
  const toast = useToast();
  const refund = useRefundOrder();
  const [mode, setMode] = useState<RefundMode>('item');
  const [pending, setPending] = useState<PendingRefund | undefined>();
  // Set at once on the press, before the button has re-rendered disabled: a double click sends one request.
  const sending = useRef(false);

  function send(confirmed: PendingRefund) {
    if (sending.current) return;
    sending.current = true;
    refund.mutate(
      { orderId: order._id, refund: { ...confirmed.request, idempotencyKey } },
      {
        onSuccess: (result) => {
          toast(refundedMessage(order, result));
          onClose();
        },
        onSettled: () => {
          sending.current = false;
        },
      },
    );
  }

  return (
    <div className="space-y-5">
      {pending ? (
        <RefundConfirmation
          order={order}
          refund={pending}
          busy={refund.isPending}
          error={refund.error?.message}
          onSend={() => send(pending)}
          onBack={() => setPending(undefined)}
        />
      ) : (
        <>
          <p className="text-sm text-stone-600">
            Paid {formatUsd(order.price)}
            {order.refundedAmount > 0 && `, ${formatUsd(order.refundedAmount)} refunded already`}.
          </p>
          <fieldset>
            <legend className="mb-1.5 text-sm font-medium text-stone-800">Refund</legend>
            <div className="join">
              {modes.map(({ mode: each, label }) => (
                <input key={each} type="radio" name="refund-mode" className="join-item btn btn-sm" aria-label={label} checked={mode === each} onChange={() => setMode(each)} />
              ))}
            </div>
          </fieldset>
        </>
      )}
      <RefundByItemForm order={order} left={left} hidden={pending !== undefined || mode !== 'item'} onReview={setPending} onClose={onClose} />
      <RefundByAmountForm order={order} left={left} hidden={pending !== undefined || mode !== 'amount'} onReview={setPending} onClose={onClose} />
    </div>
  );
}

/**
 * The admin's Refund for a paid order with money left to refund: a dialog that pays back pieces of its
 * lines or a sum, with the reason and whether pieces go back to stock, then a confirmation. Each
 * opening makes one idempotency key, so a double click or a retry after an error refunds once.
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
        {idempotencyKey && <RefundForm order={order} left={left} idempotencyKey={idempotencyKey} onClose={close} />}
      </Modal>
    </>
  );
}
