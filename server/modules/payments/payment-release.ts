import { z } from 'zod';
import { defineTask, type JobQueue } from '../jobs/job-queue.ts';
import type { CheckoutEvents } from '../orders/checkout-events.ts';
import type { OrderEvents } from '../orders/order-events.ts';
import type { CheckoutPaymentRepository } from './checkout-payment-repository.ts';
import type { OrderPaymentRepository } from './order-payment-repository.ts';
import type { PaymentGateway } from './payment-gateway.ts';

export const releaseOrderPaymentsTask = 'release-order-payments';
export const releaseCheckoutPaymentsTask = 'release-checkout-payments';

/**
 * The payments of a cancelled order, let go at the processor (ADR 013): each payment started for it
 * that could still hold or take money is cancelled, so no card stays held for an order that will
 * never be paid. Releasing twice is harmless, as a job that runs twice needs.
 */
export function createPaymentRelease(gateway: PaymentGateway, payments: OrderPaymentRepository) {
  return {
    async releaseOrder(orderId: string): Promise<void> {
      for (const paymentId of await payments.paymentsOf(orderId)) await gateway.release(paymentId);
    },
  };
}

export type PaymentRelease = ReturnType<typeof createPaymentRelease>;

/** The background task that releases a cancelled order's payments, retried while the processor cannot be reached. */
export function releaseOrderPaymentsTaskDefinition(release: PaymentRelease) {
  return defineTask({
    name: releaseOrderPaymentsTask,
    payload: z.object({ orderId: z.string().min(1) }),
    describe: ({ orderId }) => `Release the card payments of cancelled order ${orderId}`,
    handler: ({ orderId }) => release.releaseOrder(orderId),
  });
}

/**
 * What the payments module does when an order is cancelled: it queues the release in the cancelling
 * transaction, so that the release happens exactly when the cancellation commits, and a processor
 * that is slow or down never holds up, or undoes, the cancellation.
 */
export function releasePaymentsOnCancel(jobs: Pick<JobQueue, 'enqueue'>): Pick<OrderEvents, 'cancelled'> {
  return {
    async cancelled(transaction, order) {
      await jobs.enqueue(transaction, releaseOrderPaymentsTask, { orderId: order._id });
    },
  };
}

/** The payments of a checkout that ended unpaid (replaced or expired, ADR 018), let go as a cancelled order's are. */
export function createCheckoutPaymentRelease(gateway: PaymentGateway, payments: CheckoutPaymentRepository) {
  return {
    async releaseCheckout(checkoutId: string): Promise<void> {
      for (const paymentId of await payments.paymentsOf(checkoutId)) await gateway.release(paymentId);
    },
  };
}

export type CheckoutPaymentRelease = ReturnType<typeof createCheckoutPaymentRelease>;

export function releaseCheckoutPaymentsTaskDefinition(release: CheckoutPaymentRelease) {
  return defineTask({
    name: releaseCheckoutPaymentsTask,
    payload: z.object({ checkoutId: z.string().min(1) }),
    describe: ({ checkoutId }) => `Release the card payments of ended checkout ${checkoutId}`,
    handler: ({ checkoutId }) => release.releaseCheckout(checkoutId),
  });
}

/** A checkout that ends unpaid has its payments released by a job queued in the transaction that ends it. */
export function releasePaymentsOnCheckoutEnd(jobs: Pick<JobQueue, 'enqueue'>): Pick<CheckoutEvents, 'cancelled'> {
  return {
    async cancelled(transaction, checkout) {
      await jobs.enqueue(transaction, releaseCheckoutPaymentsTask, { checkoutId: checkout._id });
    },
  };
}
