import { accountContact } from '../../../../common/account-contact.ts';
import { useState } from 'react';
import type { Order } from '../../../../common/schemas/orders.ts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useAdvanceShipping } from '../api/order-queries.ts';
import { TrackingDetails } from './tracking-details.tsx';

/** Mark Delivered, after a confirmation: the customer is told by e-mail, and it cannot be taken back. */
export function DeliverOrderButton({ order }: { order: Order }) {
  const toast = useToast();
  const advance = useAdvanceShipping();
  const [asking, setAsking] = useState(false);
  return (
    <>
      <button
        type="button"
        className="btn btn-outline btn-sm whitespace-nowrap"
        aria-label={`Mark the order for ${order.product} by ${accountContact(order.email)} Delivered`}
        onClick={() => {
          advance.reset();
          setAsking(true);
        }}
      >
        Mark Delivered
      </button>
      <ConfirmDialog
        open={asking}
        title={`Mark order ${order.orderNumber} delivered?`}
        confirmLabel="Mark Delivered"
        busy={advance.isPending}
        error={advance.error?.message}
        onClose={() => setAsking(false)}
        onConfirm={() =>
          advance.mutate(
            { id: order._id, shippingStatus: 'delivered' },
            {
              onSuccess: () => {
                setAsking(false);
                toast(`Order ${order.orderNumber} for ${order.cutomerName} is delivered.`);
              },
            },
          )
        }
      >
        <p>
          {order.product} reached {order.cutomerName} at {order.adress}. We will e-mail them that it was delivered.
        </p>
        <TrackingDetails order={order} className="mt-2" />
      </ConfirmDialog>
    </>
  );
}
