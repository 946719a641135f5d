import { z } from 'zod';
import { defineTask, type JobQueue } from '../jobs/job-queue.ts';
import type { OrderEvents } from '../orders/order-events.ts';
import type { OrderPaymentRepository } from './order-payment-repository.ts';
import type { PaymentGateway } from './payment-gateway.ts';

export const releaseOrderPaymentsTask = 'release-order-payments';

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
