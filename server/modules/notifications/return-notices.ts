import type { Order } from '../../../common/schemas/orders.ts';
import type { Mailer } from '../mail/mailer.ts';
import { returnApproved, returnReceived, returnRefused, returnRequested } from '../mail/templates/return-messages.ts';
import type { ReturnNotices } from '../returns/return-service.ts';

/**
 * Each step of a return as an e-mail to its customer, queued in the transaction of the step (ADR 011):
 * it goes out exactly when the step commits. An exchange that costs more links to its payment.
 */
export function createReturnNotices({ mailer, linkOf, publicUrl }: { mailer: Mailer; linkOf: (order: Order) => string; publicUrl: string }): ReturnNotices {
  const orderUrl = (order: Order) => `${publicUrl}${linkOf(order)}`;
  return {
    requested: (transaction, order, made) => mailer.enqueue(transaction, { to: order.email, content: returnRequested({ order, made, orderUrl: orderUrl(order) }) }),
    approved: (transaction, order, made) => mailer.enqueue(transaction, { to: order.email, content: returnApproved({ order, made, orderUrl: orderUrl(order) }) }),
    refused: (transaction, order, made) => mailer.enqueue(transaction, { to: order.email, content: returnRefused({ order, made, orderUrl: orderUrl(order) }) }),
    received: (transaction, order, made, exchangeOrder) =>
      mailer.enqueue(transaction, {
        to: order.email,
        content: returnReceived({
          order,
          made,
          orderUrl: orderUrl(order),
          exchangePayUrl: exchangeOrder && exchangeOrder.paymentStatus === 'unpaid' ? `${publicUrl}/dashboard/payment/${exchangeOrder._id}` : undefined,
        }),
      }),
  };
}
