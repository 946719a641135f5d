import { trackingLink } from './carriers.ts';
import type { Order, OrderShipment } from './schemas/orders.ts';
import type { OrderRefund, TimelineEntry } from './schemas/order-details.ts';
import type { OrderReturn } from './schemas/returns.ts';
import { returnReasonLabels } from './returns.ts';

/**
 * What happened to an order, oldest first: placed, paid, each parcel shipped (with what it held),
 * delivered, cancelled or expired, each refund, and each step of each return (asked, approved or
 * refused, received). A step appears once it has a time; entries at the same moment keep the order
 * in which an order lives them.
 */
export function orderTimeline(order: Order, refunds: readonly OrderRefund[], shipments: readonly OrderShipment[], returns: readonly OrderReturn[] = []): TimelineEntry[] {
  const entries: TimelineEntry[] = [{ kind: 'placed', at: order.createdAt }];
  if (order.paidAt) entries.push({ kind: 'paid', at: order.paidAt });
  for (const shipment of shipments) {
    const trackingUrl = trackingLink(shipment.carrier, shipment.trackingNumber);
    entries.push({
      kind: 'shipped',
      at: shipment.createdAt,
      carrier: shipment.carrier,
      ...(shipment.trackingNumber && { trackingNumber: shipment.trackingNumber }),
      // A carrier the shop knows links to its tracking page; another shows its name and number only.
      ...(trackingUrl && { trackingUrl }),
      items: shipment.lines.map((line) => ({ product: line.product, quantity: line.quantity })),
    });
  }
  if (order.deliveredAt) entries.push({ kind: 'delivered', at: order.deliveredAt });
  // A refund still waiting for the card processor has not happened yet.
  for (const refund of refunds.filter((made) => !made.pending)) {
    entries.push({
      kind: 'refunded',
      at: refund.createdAt,
      amount: refund.amount,
      reason: refund.reason,
      restockedQuantity: refund.restockedQuantity,
      ...(refund.lines && { items: refund.lines.map((line) => ({ product: line.product, quantity: line.quantity })) }),
    });
  }
  for (const made of returns) entries.push(...returnSteps(made));
  if (order.cancelledAt) {
    entries.push(
      order.cancelReason === 'expired'
        ? { kind: 'expired', at: order.cancelledAt }
        : // Replaced by a later checkout of the same cart: the customer's own doing.
          { kind: 'cancelled', at: order.cancelledAt, ...(order.cancelReason && { cancelledBy: order.cancelReason === 'admin' ? 'admin' : 'customer' }) },
    );
  }
  // Times are ISO 8601 in UTC, which sort as text; the sort is stable, so ties keep the order above.
  return entries.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
}

/** The steps of one return so far, each with the return's number and the pieces it sends back. */
function returnSteps(made: OrderReturn): TimelineEntry[] {
  const about = { returnNumber: made.number, items: made.lines.map((line) => ({ product: line.product, quantity: line.quantity })) };
  const steps: TimelineEntry[] = [{ kind: 'return-requested', at: made.createdAt, ...about, reason: returnReasonLabels[made.reason] }];
  if (made.decidedAt) {
    steps.push(
      made.status === 'refused'
        ? { kind: 'return-refused', at: made.decidedAt, ...about, ...(made.refusalReason && { reason: made.refusalReason }) }
        : { kind: 'return-approved', at: made.decidedAt, ...about },
    );
  }
  if (made.receivedAt) {
    steps.push({
      kind: 'return-received',
      at: made.receivedAt,
      ...about,
      ...(made.resolution && { resolution: made.resolution }),
      ...(made.exchange && { exchangeOrderNumber: made.exchange.orderNumber }),
    });
  }
  return steps;
}
