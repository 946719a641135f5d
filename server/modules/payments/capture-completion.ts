import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Clock } from '../../clock.ts';
import { defineTask, type JobQueue } from '../jobs/job-queue.ts';
import type { OrderEvents } from '../orders/order-events.ts';
import type { OrderService } from '../orders/order-service.ts';
import type { PaymentGateway } from './payment-gateway.ts';

export const finishCaptureTask = 'finish-capture';

/**
 * How long after an order is marked paid by an authorised payment the follow-up job looks at it
 * (ADR 056). The request that settled it captures at once, and even Stripe's slowest answer (three
 * tries of 20 s) is in by then, so the job normally finds the capture recorded and does nothing. A
 * request still capturing when the job runs is harmless: the processor takes the money once, and
 * the order is announced paid by one conditional write. Longer would leave an order that a crash
 * caught without its receipt, and its card held, for longer.
 */
export const finishCaptureAfterMs = 60_000;

/** The orders module's operations that capturing uses. */
export type OrdersToCapture = Pick<OrderService, 'awaitsCapture' | 'recordCapture' | 'reopen'>;

export interface CaptureCompletionDependencies {
  gateway: PaymentGateway;
  orders: OrdersToCapture;
  log: FastifyBaseLogger;
}

/**
 * The capture of a card payment only authorised, after the orders module has marked its order paid
 * and taken the stock: by the request that settled it, at once, and by the follow-up job queued in
 * the settling transaction, which finishes whatever the request did not (the process stopped
 * between the settlement and the receipt). Both may run at once; the processor captures a payment
 * once, and `recordCapture` announces an order paid once.
 */
export function createCaptureCompletion({ gateway, orders, log }: CaptureCompletionDependencies) {
  /**
   * Takes the money of the authorised payment that settled the order; answers whether it is taken.
   * When the processor will not take it, the order is unpaid again, its stock back (`reopen`).
   */
  async function take(orderId: string, paymentId: string): Promise<boolean> {
    try {
      await gateway.capture(paymentId);
      return true;
    } catch (error) {
      // Captured meanwhile by the other of the request and the job, whichever called second: the money is taken.
      const after = await gateway.retrieve(paymentId).catch(() => undefined);
      if (after?.status === 'succeeded') return true;
      log.error({ err: error, orderId, transactionId: paymentId }, 'capturing a payment failed; the order is unpaid again');
      await orders.reopen(orderId, paymentId);
      return false;
    }
  }

  return {
    take,

    /**
     * The follow-up job's work: nothing when the order's capture is recorded, or the order no longer
     * paid by this payment (reopened). Otherwise the processor says where the payment is: authorised,
     * it is captured (or, refused, the order reopened); captured, the order is announced paid;
     * cancelled, expired or unknown there, the order is unpaid again. The processor not answering
     * throws, so that the job is tried again.
     */
    async finish(orderId: string, paymentId: string): Promise<void> {
      if (!(await orders.awaitsCapture(orderId, paymentId))) return;
      const payment = await gateway.retrieve(paymentId);
      switch (payment?.status) {
        case 'requires_capture':
          if (await take(orderId, paymentId)) await orders.recordCapture(orderId, paymentId);
          return;
        case 'succeeded':
          await orders.recordCapture(orderId, paymentId);
          return;
        case 'processing':
          throw new Error(`Payment ${paymentId} is still processing at the card processor.`);
        default:
          log.warn({ orderId, transactionId: paymentId, status: payment?.status }, 'the processor no longer holds the payment of an order marked paid; the order is unpaid again');
          await orders.reopen(orderId, paymentId);
      }
    },
  };
}

export type CaptureCompletion = ReturnType<typeof createCaptureCompletion>;

/**
 * What the payments module does when an order is marked paid by a payment only authorised: it queues
 * the capture's follow-up in that transaction, so that the follow-up exists exactly when the order
 * is paid and its stock taken, whenever the process stops after.
 */
export function finishCaptureOnAuthorised(jobs: Pick<JobQueue, 'enqueue'>, clock: Clock): Pick<OrderEvents, 'authorised'> {
  return {
    async authorised(transaction, order) {
      await jobs.enqueue(transaction, finishCaptureTask, { orderId: order._id, transactionId: order.transactionId }, { runAt: new Date(clock().getTime() + finishCaptureAfterMs) });
    },
  };
}

/** The capture's follow-up, retried while the processor cannot be reached. */
export function finishCaptureTaskDefinition(captures: () => Pick<CaptureCompletion, 'finish'>) {
  return defineTask({
    name: finishCaptureTask,
    payload: z.object({ orderId: z.string().min(1), transactionId: z.string().min(1) }),
    describe: ({ orderId, transactionId }) => `Finish the capture of card payment ${transactionId} for order ${orderId}, if the request that began it did not`,
    handler: ({ orderId, transactionId }) => captures().finish(orderId, transactionId),
  });
}
