import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Database } from '../db/database.ts';
import { newRecordId } from '../record-id.ts';
import type { TestAccount } from './accounts.ts';

/** Helpers for the ordering and payment API tests: products made to measure, orders, card payments. */

export interface TestProduct {
  id: string;
  name: string;
  priceCents: number;
  minQuantity: number;
  availQuantity: number;
}

let productCounter = 0;

/** A product straight into the catalogue, with the price and stock a test needs. */
export async function addProduct(db: Database, product: Partial<Omit<TestProduct, 'id'>> = {}): Promise<TestProduct> {
  productCounter += 1;
  const made: TestProduct = {
    id: newRecordId(),
    name: product.name ?? `Mortise chisel no. ${productCounter}`,
    priceCents: product.priceCents ?? 1250,
    minQuantity: product.minQuantity ?? 2,
    availQuantity: product.availQuantity ?? 10,
  };
  await db
    .insertInto('products')
    .values({
      id: made.id,
      name: made.name,
      description: 'A chisel for test orders: square, sharp and made to measure.',
      img: '/images/products/test.webp',
      price_cents: made.priceCents,
      min_quantity: made.minQuantity,
      avail_quantity: made.availQuantity,
      created_at: new Date().toISOString(),
    })
    .execute();
  return made;
}

export async function stockOf(db: Database, productId: string): Promise<number> {
  const row = await db.selectFrom('products').select('avail_quantity').where('id', '=', productId).executeTakeFirstOrThrow();
  return row.avail_quantity;
}

export async function setStock(db: Database, productId: string, availQuantity: number): Promise<void> {
  await db.updateTable('products').set({ avail_quantity: availQuantity }).where('id', '=', productId).execute();
}

export const shipping = { phone: '+1 555 010 2030', adress: '12 Bench Lane, Oak Town' };

/**
 * Each card-form or payment call comes from its own client address, so that the per-client rate
 * limits on those routes (which other tests cover) do not get in the way of many calls in a row.
 */
let clientCounter = 0;
export const newClientAddress = () => {
  clientCounter += 1;
  return `10.${(clientCounter >> 16) & 255}.${(clientCounter >> 8) & 255}.${clientCounter & 255}`;
};

export type Caller = TestAccount | undefined;

export function call(app: FastifyInstance, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, who: Caller, payload?: object): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    headers: who ? { cookie: who.cookie } : {},
    remoteAddress: newClientAddress(),
    ...(payload === undefined ? {} : { payload }),
  });
}

export async function placeOrder(app: FastifyInstance, who: TestAccount, productId: string, quantity: number): Promise<{ _id: string; price: number; quantity: number }> {
  const res = await call(app, 'POST', '/api/orders', who, { productId, quantity, ...shipping });
  if (res.statusCode !== 201) throw new Error(`placing an order failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

export const goodCard = { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', name: 'C. Cardholder' };

/** What the payment page does before Pay: a payment for the order. */
export async function createIntent(app: FastifyInstance, who: TestAccount, orderId: string): Promise<{ clientSecret: string; transactionId: string; amount: number }> {
  const res = await call(app, 'POST', '/api/create-payment-intent', who, { orderId });
  if (res.statusCode !== 200) throw new Error(`creating a payment failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** The local card form's Pay: authorise the payment with a card. */
export function authorise(app: FastifyInstance, who: TestAccount, orderId: string, clientSecret: string, card: Partial<typeof goodCard> = {}) {
  return call(app, 'POST', '/api/payments/local/authorise', who, { orderId, clientSecret, ...goodCard, ...card });
}

/** After a successful authorisation, the payment page marks the order paid with the transaction id. */
export function confirmPayment(app: FastifyInstance, who: Caller, orderId: string, transactionId?: string, extra: object = {}) {
  return call(app, 'PUT', `/api/orders/${orderId}`, who, { paymentStatus: 'paid', ...(transactionId === undefined ? {} : { transactionId }), ...extra });
}

/** An authorised (not yet captured) payment for the order, as the card form leaves it. */
export async function authorisedPayment(app: FastifyInstance, who: TestAccount, orderId: string): Promise<string> {
  const { clientSecret, transactionId } = await createIntent(app, who, orderId);
  const res = await authorise(app, who, orderId, clientSecret);
  if (res.statusCode !== 200) throw new Error(`authorising failed: ${res.statusCode} ${res.body}`);
  return transactionId;
}

/** The whole payment page: create the payment, pay with 4242…, mark the order paid. */
export async function payOrder(app: FastifyInstance, who: TestAccount, orderId: string): Promise<string> {
  const transactionId = await authorisedPayment(app, who, orderId);
  const res = await confirmPayment(app, who, orderId, transactionId);
  if (res.statusCode !== 200) throw new Error(`confirming failed: ${res.statusCode} ${res.body}`);
  return transactionId;
}

export async function localPayment(db: Database, id: string) {
  return db.selectFrom('local_payment_intents').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function orderRow(db: Database, id: string) {
  return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
}
