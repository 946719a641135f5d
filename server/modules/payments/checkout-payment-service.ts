import type { FastifyBaseLogger } from 'fastify';
import { dollarsToCents, formatUsd } from '../../../common/money.ts';
import type { Checkout } from '../../../common/schemas/checkouts.ts';
import type { PaymentIntent } from '../../../common/schemas/orders.ts';
import type { Clock } from '../../clock.ts';
import { AppError, conflict } from '../../errors.ts';
import type { SignedInUser } from '../auth/viewer.ts';
import type { CheckoutService, CheckoutSettlement } from '../orders/checkout-service.ts';
import type { CheckoutPaymentRepository } from './checkout-payment-repository.ts';
import type { GatewayPayment, PaymentGateway } from './payment-gateway.ts';

/** The orders module's checkout operations that paying one uses. */
export type CheckoutsToPay = Pick<CheckoutService, 'get' | 'getPayable' | 'find' | 'settle' | 'recordCapture' | 'reopen'>;

export interface CheckoutPaymentDependencies {
  gateway: PaymentGateway;
  checkouts: CheckoutsToPay;
  /** Where each payment started is recorded with its checkout, for releasing it should the checkout end unpaid. */
  checkoutPayments: CheckoutPaymentRepository;
  clock: Clock;
  log: FastifyBaseLogger;
}

const notCharged = 'Your card has not been charged.';

/** Whether the processor's payment is the one for this checkout, for its whole total, in dollars. */
function paysFor(payment: GatewayPayment | undefined, checkout: Checkout): payment is GatewayPayment {
  return (
    payment !== undefined &&
    payment.checkoutId === checkout._id &&
    payment.amountCents === dollarsToCents(checkout.total) &&
    payment.currency === 'usd' &&
    (payment.status === 'requires_capture' || payment.status === 'succeeded')
  );
}

/** Why a checkout could not be paid, naming the line when one line is the reason, as the payer is told once the hold is released. */
function refusal(settlement: CheckoutSettlement): AppError {
  switch (settlement.outcome) {
    // Paid by another payment (settled by this one, the caller answers the checkout instead).
    case 'paid':
    case 'already-paid':
      return conflict(`This checkout is already paid. ${notCharged}`, 'CHECKOUT_PAID');
    case 'product-gone':
      return conflict(`${settlement.product} is no longer sold, so this checkout cannot be paid. ${notCharged} Please remove it from your cart.`, 'PRODUCT_GONE');
    case 'out-of-stock':
      return conflict(`There is no longer enough ${settlement.product} in stock for your cart. ${notCharged} Please change that line of your cart.`, 'OUT_OF_STOCK');
    case 'cancelled':
      return conflict(`This checkout has ended, so it cannot be paid. ${notCharged} Please check out your cart again.`, 'CHECKOUT_CLOSED');
  }
}

const piecesOf = (checkout: Checkout) => checkout.lines.reduce((sum, line) => sum + line.quantity, 0);

/**
 * One card payment for a whole cart (ADR 018), on the same rules as an order's (ADR 003): the amount
 * is the checkout's total as the server priced it; the checkout is paid only when the processor
 * confirms a payment for it and that amount; every line's stock is taken with it, all or nothing,
 * before the payment is captured; and a refused checkout has its authorisation released, never
 * captured.
 */
export function createCheckoutPaymentService({ gateway, checkouts, checkoutPayments, clock, log }: CheckoutPaymentDependencies) {
  async function settle(checkout: Checkout, transactionId: string): Promise<Checkout> {
    const payment = await gateway.retrieve(transactionId);
    if (!paysFor(payment, checkout)) {
      throw conflict('The card processor has no completed payment for this checkout and amount.', 'PAYMENT_NOT_CONFIRMED');
    }
    const authorisedOnly = payment.status === 'requires_capture';
    const settlement = await checkouts.settle(checkout._id, payment.id, { captured: !authorisedOnly, card: payment.card });

    // Paid by this very payment before (the webhook and the browser racing): nothing more to do.
    if (settlement.outcome === 'already-paid' && settlement.checkout.transactionId === payment.id) return settlement.checkout;
    if (settlement.outcome !== 'paid') {
      if (authorisedOnly) await gateway.release(payment.id);
      throw refusal(settlement);
    }

    if (authorisedOnly) {
      try {
        await gateway.capture(payment.id);
      } catch (error) {
        log.error({ err: error, checkoutId: checkout._id, transactionId: payment.id }, 'capturing a checkout payment failed; the checkout is open again');
        await checkouts.reopen(checkout._id, payment.id);
        throw new AppError(502, 'PAYMENT_FAILED', `The card processor did not complete the payment. ${notCharged} Please try again.`);
      }
      // Only now is the money taken: only now the receipt, and the cart emptied (ADR 011, 017).
      await checkouts.recordCapture(checkout._id, payment.id).catch((error: unknown) => {
        log.error({ err: error, checkoutId: checkout._id, transactionId: payment.id }, 'the checkout payment was taken but its receipt could not be queued');
      });
    }
    return settlement.checkout;
  }

  return {
    /** `POST /checkouts/{id}/payment-intent`: a payment for the checkout's own total; refused, naming the line, when stock is short. */
    async prepare(viewer: SignedInUser, checkoutId: string): Promise<PaymentIntent> {
      const checkout = await checkouts.getPayable(viewer, checkoutId);
      const payment = await gateway.create({
        checkoutId: checkout._id,
        amountCents: dollarsToCents(checkout.total),
        description: `Joinery checkout: ${piecesOf(checkout)} pieces of ${checkout.lines.length} tools, ${formatUsd(checkout.total)}`,
        receiptEmail: checkout.email,
      });
      await checkoutPayments.record(payment.id, checkout._id, clock().toISOString());
      // Ended while the payment was being made: its release has looked for payments already and missed this one.
      if ((await checkouts.find(checkout._id))?.stage !== 'open') {
        await gateway.release(payment.id);
        throw conflict('This checkout has ended, so it cannot be paid. Please check out your cart again.', 'CHECKOUT_CLOSED');
      }
      return {
        clientSecret: payment.clientSecret,
        transactionId: payment.id,
        gateway: gateway.kind,
        ...(gateway.publishableKey ? { publishableKey: gateway.publishableKey } : {}),
        amount: checkout.total,
      };
    },

    /** `PUT /checkouts/{id}` with `paymentStatus: 'paid'`: paid only if the processor confirms it. Twice is harmless. */
    async confirm(viewer: SignedInUser, checkoutId: string, transactionId: string): Promise<Checkout> {
      const checkout = await checkouts.get(viewer, checkoutId);
      if (checkout.paymentStatus === 'paid') {
        if (checkout.transactionId === transactionId) return checkout;
        // A second payment for a checkout paid already (another tab): released, so no card stays held.
        const payment = await gateway.retrieve(transactionId);
        if (payment?.checkoutId === checkout._id && payment.status === 'requires_capture') {
          await gateway.cancel(payment.id);
          throw conflict(`This checkout is already paid. ${notCharged}`, 'CHECKOUT_PAID');
        }
        throw conflict('This checkout is already paid.', 'CHECKOUT_PAID');
      }
      return settle(checkout, transactionId);
    },

    /**
     * A verified processor event that a checkout's payment is authorised or complete: the checkout is
     * paid as if the browser had confirmed it. `ignored` when it is paid already or unknown. A refusal
     * (out of stock, not this checkout's payment) is final, its hold released; anything else throws, so
     * that the processor delivers the event again.
     */
    async settleFromEvent(checkoutId: string, paymentId: string, eventId: string): Promise<'handled' | 'ignored'> {
      const checkout = await checkouts.find(checkoutId);
      // An ended checkout is settled too: settling refuses it and releases the hold, as for a cancelled order.
      if (checkout?.paymentStatus !== 'unpaid') return 'ignored';
      try {
        await settle(checkout, paymentId);
        return 'handled';
      } catch (error) {
        if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
        log.warn({ eventId, checkoutId, code: error.code }, 'a processor event could not settle its checkout');
        return 'ignored';
      }
    },
  };
}

export type CheckoutPaymentService = ReturnType<typeof createCheckoutPaymentService>;
