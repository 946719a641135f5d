import { useState } from 'react';
import { formatUsd } from '../../../../common/money.ts';
import type { Order } from '../../../../common/schemas/orders.ts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useCancelOrder } from '../api/order-queries.ts';

/**
 * Cancel for an unpaid order: a modal asks first, then the order is cancelled (and kept, marked so).
 * `byAdmin`: the admin cancels someone else's order, and the toast names whose.
 */
export function CancelOrderButton({ order, byAdmin = false, className = 'btn-ghost text-error' }: { order: Order; byAdmin?: boolean; className?: string }) {
  const toast = useToast();
  const cancel = useCancelOrder();
  const [asking, setAsking] = useState(false);
  return (
    <>
      <button
        type="button"
        className={`btn btn-sm ${className}`}
        aria-label={`Cancel the order for ${order.product}`}
        onClick={() => {
          cancel.reset();
          setAsking(true);
        }}
      >
        Cancel
      </button>
      <ConfirmDialog
        open={asking}
        title="Cancel this order?"
        confirmLabel="Cancel order"
        tone="danger"
        busy={cancel.isPending}
        error={cancel.error?.message}
        onClose={() => setAsking(false)}
        onConfirm={() =>
          cancel.mutate(order._id, {
            onSuccess: () => {
              setAsking(false);
              toast(byAdmin ? `Cancelled ${order.cutomerName}'s order ${order.orderNumber}` : `Your order for ${order.product} is cancelled.`);
            },
          })
        }
      >
        <p>
          {order.quantity} × {order.product} ({formatUsd(order.price)}) will be cancelled and can no longer be paid. Nothing is charged. This cannot be undone.
        </p>
      </ConfirmDialog>
    </>
  );
}
