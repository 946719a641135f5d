import type { FastifyInstance } from 'fastify';
import type { Order } from '../../common/schemas/orders.ts';
import type { TestAccount } from './accounts.ts';
import { authorise, confirmPayment, createIntent, type goodCard, placeOrder, productPricedAt, readOrder } from './ordering.ts';
import type { StandInCard, StripeStandIn } from './stripe-stand-in.ts';
import type { TestClock } from './test-clock.ts';

/**
 * The one way the API tests pay for an order, as the customer's payment page does, with the local
 * test processor's card form or with Stripe.js on the Stripe stand-in, and the orders paid so.
 */

/**
 * How the customer's browser pays: the local card form, with 4242… unless another card is given; or
 * Stripe.js against the stand-in (`standIn`), whose card is a Visa ending 4242 unless told otherwise.
 */
export type PayWith = { card?: Partial<typeof goodCard> } | { standIn: StripeStandIn; card?: Partial<StandInCard> };

/** An authorised (not yet captured) payment for the order, as the card form or Stripe.js leaves it: its id. */
export async function authorisedPayment(app: FastifyInstance, who: TestAccount, orderId: string, payWith: PayWith = {}): Promise<string> {
  const { clientSecret, transactionId } = await createIntent(app, who, orderId);
  if ('standIn' in payWith) {
    payWith.standIn.authorise(transactionId, payWith.card);
    return transactionId;
  }
  const res = await authorise(app, who, orderId, clientSecret, payWith.card);
  if (res.statusCode !== 200) throw new Error(`authorising failed: ${res.statusCode} ${res.body}`);
  return transactionId;
}

/** The whole payment page: start the payment, authorise it with the card, mark the order paid. The payment's id. */
export async function payOrder(app: FastifyInstance, who: TestAccount, orderId: string, payWith: PayWith = {}): Promise<string> {
  const transactionId = await authorisedPayment(app, who, orderId, payWith);
  const res = await confirmPayment(app, who, orderId, transactionId);
  if (res.statusCode !== 200) throw new Error(`confirming failed: ${res.statusCode} ${res.body}`);
  return transactionId;
}

export interface PaidOrder {
  /** The order as its owner reads it once paid. */
  order: Order;
  /** Its payment's id at the processor. */
  transactionId: string;
}

export interface PaidOrderOptions {
  payWith?: PayWith;
  /** The customer pays this long after placing the order, on the shop's test clock. */
  paysAfter?: { clock: TestClock; ms: number };
}

/** A paid order of `quantity` pieces of the product, placed by `who` and paid on its payment page. */
export async function paidOrder(app: FastifyInstance, who: TestAccount, productId: string, quantity: number, { payWith, paysAfter }: PaidOrderOptions = {}): Promise<PaidOrder> {
  const placed = await placeOrder(app, who, productId, quantity);
  paysAfter?.clock.advance(paysAfter.ms);
  const transactionId = await payOrder(app, who, placed._id, payWith);
  return { order: await readOrder(app, who, placed._id), transactionId };
}

/** An order with its payment started, as the payment page leaves it before Pay. */
export interface OrderWithPayment {
  order: Order;
  transactionId: string;
  productId: string;
}

/**
 * An order of `quantity` pieces (3 unless said) of the demo catalogue's product at `dollars` ($48.00
 * unless said), with its payment started as the payment page leaves it, before the card is given.
 */
export async function orderWithPayment(
  app: FastifyInstance,
  who: TestAccount,
  { dollars = 48, quantity = 3 }: { dollars?: number; quantity?: number } = {},
): Promise<OrderWithPayment> {
  const { _id: productId } = await productPricedAt(app, dollars);
  const order = await placeOrder(app, who, productId, quantity);
  const { transactionId } = await createIntent(app, who, order._id);
  return { order, transactionId, productId };
}
