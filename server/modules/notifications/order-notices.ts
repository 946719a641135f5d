import type { Mailer } from '../mail/mailer.ts';
import { orderCancelled, orderDelivered, orderPlaced, orderRefunded, orderShipped, paymentReceipt } from '../mail/templates/order-messages.ts';
import { newPaidOrder } from '../mail/templates/shop-messages.ts';
import type { Order } from '../../../common/schemas/orders.ts';
import type { OrderEvents } from '../orders/order-events.ts';

export interface OrderNoticeSettings {
  mailer: Mailer;
  /** The path that opens an order: its page for a customer, the signed link of a guest's (ADR 038). */
  linkOf: (order: Order) => string;
  /** The shop's address for customers (PUBLIC_URL): every link in the mail starts with it. */
  publicUrl: string;
  /** SHOP_NOTIFY_EMAIL: where the shop hears of a paid order; unset, it does not. */
  shopNotifyEmail: string | undefined;
}

/**
 * The orders module's events as e-mails (ADR 011): each message is queued in the transaction of the
 * change that causes it, so it goes out exactly when the change commits, and never for one that
 * rolled back. A payment only authorised is no news to anyone: the receipt waits for `paid`.
 */
export function createOrderNotices({ mailer, linkOf, publicUrl, shopNotifyEmail }: OrderNoticeSettings): Omit<OrderEvents, 'authorised'> {
  const orderUrl = (order: Order) => `${publicUrl}${linkOf(order)}`;
  return {
    // A guest pays on their order's own page, which the signed link opens; a customer on the payment page.
    placed: (transaction, order) =>
      mailer.enqueue(transaction, { to: order.email, content: orderPlaced({ order, payUrl: order.guest ? orderUrl(order) : `${publicUrl}/dashboard/payment/${order._id}` }) }),

    async paid(transaction, order) {
      await mailer.enqueue(transaction, { to: order.email, content: paymentReceipt({ order, orderUrl: orderUrl(order) }), attachments: [{ kind: 'invoice', orderId: order._id }] });
      if (shopNotifyEmail) {
        await mailer.enqueue(transaction, { to: shopNotifyEmail, content: newPaidOrder({ order, manageUrl: `${publicUrl}/dashboard/manageorder` }) });
      }
    },

    shipped: (transaction, order, shipment) => mailer.enqueue(transaction, { to: order.email, content: orderShipped({ order, shipment, orderUrl: orderUrl(order) }) }),

    delivered: (transaction, order) => mailer.enqueue(transaction, { to: order.email, content: orderDelivered({ order, orderUrl: orderUrl(order) }) }),

    // Cancelled by a person (the customer or an admin), or by the shop because it stayed unpaid too
    // long; an order the customer's own later checkout replaced is not worth a message.
    async cancelled(transaction, order) {
      if (order.cancelReason === 'replaced') return;
      await mailer.enqueue(transaction, {
        to: order.email,
        content: orderCancelled({ order, ordersUrl: `${publicUrl}/products`, expired: order.cancelReason === 'expired' }),
      });
    },

    refunded: (transaction, order, { amount, reason }) =>
      mailer.enqueue(transaction, { to: order.email, content: orderRefunded({ order, amount, reason, orderUrl: orderUrl(order) }) }),
  };
}
