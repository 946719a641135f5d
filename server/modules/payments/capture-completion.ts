import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Clock } from '../../clock.ts';
import { defineTask } from '../jobs/job-queue.ts';
import type { OrderService } from '../orders/order-service.ts';
import type { PaymentGateway } from './payment-gateway.ts';

export const finishCaptureTask = 'finish-capture';
export const finishCapturesSweepTask = 'finish-captures';

/**
 * How long after an order is marked paid by an authorised payment the sweep may finish its capture
 * (ADR 056, 069). The request that settled it captures at once, and even Stripe's slowest answer
 * (three tries of 20 s) is in by then, so the sweep normally finds no such order. A request still
 * capturing when the sweep reaches its order is harmless: the processor takes the money once, and
 * the order is announced paid by one conditional write. Longer would leave an order that a crash
 * caught without its receipt, and its card held, for longer.
 */
export const finishCaptureAfterMs = 60_000;

/** How often the sweep runs: an order a crash caught is finished between one and two minutes after it was paid. */
export const finishCapturesSweepMinutes = 1;

/** Orders one sweep finishes at most, oldest first; any beyond wait for the next minute's. */
const sweepBatch = 100;

/** The orders module's operations that capturing uses. */
export type OrdersToCapture = Pick<OrderService, 'awaitsCapture' | 'recordCapture' | 'reopen'>;

/** What the sweep reads of the orders module: the orders a stopped process left awaiting their capture. */
export type OrdersAwaitingCapture = Pick<OrderService, 'awaitingCapture'>;

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
 * One order's follow-up, as the settlement queued it before ADR 069: kept so that the jobs a shop of an
 * earlier release queued still run. Retried while the processor cannot be reached.
 */
export function finishCaptureTaskDefinition(captures: () => Pick<CaptureCompletion, 'finish'>) {
  return defineTask({
    name: finishCaptureTask,
    payload: z.object({ orderId: z.string().min(1), transactionId: z.string().min(1) }),
    describe: ({ orderId, transactionId }) => `Finish the capture of card payment ${transactionId} for order ${orderId}, if the request that began it did not`,
    handler: ({ orderId, transactionId }) => captures().finish(orderId, transactionId),
  });
}

/**
 * The sweep that finishes what a stopped process left (ADR 069): every minute, across every process,
 * the orders marked paid over `finishCaptureAfterMs` ago whose capture is not recorded, each finished
 * as its follow-up would. One order failing (the processor not answering, a payment still processing)
 * does not hold up the others. The sweep then fails for good at once, listed for the admin with how
 * many it could not finish: the next minute's sweep is its retry, and a sweep retried with back-off
 * besides would pile up beside the new ones for as long as the processor is down.
 */
export function finishCapturesSweepDefinition(parts: () => { captures: Pick<CaptureCompletion, 'finish'>; orders: OrdersAwaitingCapture; clock: Clock; log: FastifyBaseLogger }) {
  return defineTask({
    name: finishCapturesSweepTask,
    payload: z.object({}),
    describe: () => 'Finish the captures of card payments that a stopped process left unfinished',
    handler: async () => {
      const { captures, orders, clock, log } = parts();
      const awaiting = await orders.awaitingCapture(new Date(clock().getTime() - finishCaptureAfterMs), sweepBatch);
      let failed = 0;
      for (const { id, transactionId } of awaiting) {
        try {
          await captures.finish(id, transactionId);
        } catch (error) {
          failed += 1;
          log.error({ err: error, orderId: id, transactionId }, 'finishing a capture a stopped process left failed; the next sweep tries again');
        }
      }
      if (failed > 0) {
        throw new Error(
          `${failed} of ${awaiting.length} card payments a stopped process left could not be captured yet; the sweep tries again every minute, and the log names each order.`,
        );
      }
    },
    maxAttempts: 1,
    schedule: { everyMinutes: finishCapturesSweepMinutes, payload: {} },
  });
}
