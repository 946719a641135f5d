import { accountContact } from '../../../../common/account-contact.ts';
import { useState } from 'react';
import { piecesToShip } from '../../../../common/ordering.ts';
import { pieces } from '../../../../common/plurals.ts';
import type { Order } from '../../../../common/schemas/orders.ts';
import { Modal } from '../../../components/ui/modal.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { ShipOrderForm } from './ship-order-form.tsx';

/** What the admin is told once a parcel is on its way: the order shipped, or how much of it is still to send. */
function shippedMessage(shipped: Order): string {
  const left = shipped.lines.reduce((sum, line) => sum + piecesToShip(line), 0);
  return left > 0
    ? `Order ${shipped.orderNumber} for ${shipped.cutomerName} is partly shipped: ${pieces(left)} still to ship.`
    : `Order ${shipped.orderNumber} for ${shipped.cutomerName} is shipped.`;
}

/**
 * Mark Shipped, for an order with pieces left to send: a dialog asks which pieces go in the parcel,
 * the carrier and the tracking number, and sending it confirms.
 */
export function ShipOrderButton({ order }: { order: Order }) {
  const toast = useToast();
  const [asking, setAsking] = useState(false);
  return (
    <>
      <button
        type="button"
        className="btn btn-primary btn-sm whitespace-nowrap"
        aria-label={`Mark the order for ${order.product} by ${accountContact(order.email)} Shipped`}
        onClick={() => setAsking(true)}
      >
        Mark Shipped
      </button>
      <Modal open={asking} title={`Ship order ${order.orderNumber}`} onClose={() => setAsking(false)}>
        <ShipOrderForm
          order={order}
          onClose={() => setAsking(false)}
          onShipped={(shipped) => {
            setAsking(false);
            toast(shippedMessage(shipped));
          }}
        />
      </Modal>
    </>
  );
}
