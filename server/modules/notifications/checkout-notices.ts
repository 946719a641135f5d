import { checkoutReceipt, newPaidCheckout } from '../mail/templates/checkout-messages.ts';
import type { CheckoutEvents } from '../orders/checkout-events.ts';
import type { OrderNoticeSettings } from './order-notices.ts';

/**
 * A paid checkout as e-mail (ADR 011, 017): one receipt for its one payment, listing every line, and
 * one notice to the shop, queued in the transaction that records the payment. Its lines then travel
 * as orders, and their shipping and refund messages are the orders' own.
 */
export function createCheckoutNotices({ mailer, publicUrl, shopNotifyEmail }: OrderNoticeSettings): Pick<CheckoutEvents, 'paid'> {
  return {
    async paid(transaction, checkout) {
      await mailer.enqueue(transaction, { to: checkout.email, content: checkoutReceipt({ checkout, ordersUrl: `${publicUrl}/dashboard/myorders` }) });
      if (shopNotifyEmail) {
        await mailer.enqueue(transaction, { to: shopNotifyEmail, content: newPaidCheckout({ checkout, manageUrl: `${publicUrl}/dashboard/manageorder` }) });
      }
    },
  };
}
