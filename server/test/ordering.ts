import type { FastifyInstance } from 'fastify';
import type { Order, PaymentIntent } from '../../common/schemas/orders.ts';
import type { Product } from '../../common/schemas/products.ts';
import type { Database } from '../db/database.ts';
import { newRecordId } from '../record-id.ts';
import { generatedSku } from '../../common/variants.ts';
import { refreshProducts } from '../db/variant-stock.ts';
import type { TestAccount } from './accounts.ts';
import { type Caller, call } from './call.ts';

/**
 * Helpers for the ordering and payment API tests: products made to measure or from the demo
 * catalogue, orders, and the order and payment API called as a customer's browser would.
 */

export interface TestProduct {
  id: string;
  name: string;
  priceCents: number;
  minQuantity: number;
  availQuantity: number;
  weightGrams: number;
  /** A category's slug (one of those migration 028 seeds). */
  category: string;
}

let productCounter = 0;

/** When the products these tests write straight in were added: a fixed day, as no test reads it. */
const addedAt = '2026-01-05T10:00:00.000Z';

/** A product straight into the catalogue, with the price and stock a test needs. */
export async function addProduct(db: Database, product: Partial<Omit<TestProduct, 'id'>> = {}): Promise<TestProduct> {
  productCounter += 1;
  const made: TestProduct = {
    id: newRecordId(),
    name: product.name ?? `Mortise chisel no. ${productCounter}`,
    priceCents: product.priceCents ?? 1250,
    minQuantity: product.minQuantity ?? 2,
    availQuantity: product.availQuantity ?? 10,
    weightGrams: product.weightGrams ?? 0,
    category: product.category ?? 'chisels',
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
      created_at: addedAt,
      weight_grams: made.weightGrams,
      category: made.category,
    })
    .execute();
  // Sold one way: its one variant has the product's id.
  await db
    .insertInto('product_variants')
    .values({
      id: made.id,
      product_id: made.id,
      position: 0,
      sku: generatedSku(made.id),
      price_cents: made.priceCents,
      avail_quantity: made.availQuantity,
      weight_grams: made.weightGrams,
    })
    .execute();
  return made;
}

/** The demo catalogue's product at this unit price (its prices are distinct enough). */
export async function productPricedAt(app: FastifyInstance, dollars: number): Promise<Product> {
  const products = (await call(app, 'GET', '/api/products?limit=100')).json<Product[]>();
  const product = products.find((candidate) => candidate.price === dollars);
  if (!product) throw new Error(`no product costs $${dollars}`);
  return product;
}

export async function stockOf(db: Database, productId: string): Promise<number> {
  const row = await db.selectFrom('products').select('avail_quantity').where('id', '=', productId).executeTakeFirstOrThrow();
  return row.avail_quantity;
}

/** The stock as the public product API shows it. */
export async function publicStockOf(app: FastifyInstance, productId: string): Promise<number> {
  const res = await call(app, 'GET', `/api/products/${productId}`);
  if (res.statusCode !== 200) throw new Error(`product ${productId}: ${res.statusCode} ${res.body}`);
  return res.json<Product>().availQuantity;
}

/** Sets the stock of a product sold one way (its one variant), and the product's row from it. */
export async function setStock(db: Database, productId: string, availQuantity: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('product_variants').set({ avail_quantity: availQuantity }).where('product_id', '=', productId).execute();
    await refreshProducts(trx, [productId]);
  });
}

export const shipping = { phone: '+1 555 010 2030', adress: '12 Bench Lane, Oak Town' };

export async function placeOrder(app: FastifyInstance, who: TestAccount, productId: string, quantity: number): Promise<Order> {
  const res = await call(app, 'POST', '/api/orders', who, { productId, quantity, ...shipping });
  if (res.statusCode !== 201) throw new Error(`placing an order failed: ${res.statusCode} ${res.body}`);
  return res.json<Order>();
}

/** The order as its owner's payment page reads it. */
export async function readOrder(app: FastifyInstance, who: TestAccount, orderId: string): Promise<Order> {
  const res = await call(app, 'GET', `/api/duepaymentOrder/${orderId}`, who);
  if (res.statusCode !== 200) throw new Error(`reading order ${orderId}: ${res.statusCode} ${res.body}`);
  return res.json<Order>();
}

export const goodCard = { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', name: 'C. Cardholder' };

/** What the payment page does before Pay: start (or continue) a payment for the order. */
export function startPayment(app: FastifyInstance, who: Caller, orderId: string, extra: object = {}) {
  return call(app, 'POST', '/api/create-payment-intent', who, { orderId, ...extra });
}

/** The payment for the order, as startPayment answers it when all goes well. */
export async function createIntent(app: FastifyInstance, who: TestAccount, orderId: string): Promise<PaymentIntent> {
  const res = await startPayment(app, who, orderId);
  if (res.statusCode !== 200) throw new Error(`creating a payment failed: ${res.statusCode} ${res.body}`);
  return res.json<PaymentIntent>();
}

/** The local card form's Pay: authorise the payment with a card. */
export function authorise(app: FastifyInstance, who: TestAccount, orderId: string, clientSecret: string, card: Partial<typeof goodCard> = {}) {
  return call(app, 'POST', '/api/payments/local/authorise', who, { orderId, clientSecret, ...goodCard, ...card });
}

/**
 * After a successful authorisation (the local card form's, or Stripe.js' once it says the card went
 * through), the payment page marks the order paid with the transaction id.
 */
export function confirmPayment(app: FastifyInstance, who: Caller, orderId: string, transactionId?: string, extra: object = {}) {
  return call(app, 'PUT', `/api/orders/${orderId}`, who, { paymentStatus: 'paid', ...(transactionId === undefined ? {} : { transactionId }), ...extra });
}

export async function localPayment(db: Database, id: string) {
  return db.selectFrom('local_payment_intents').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function orderRow(db: Database, id: string) {
  return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * What a line and an order carry beyond their lines' prices in a shop that has set up no shipping
 * zones, no tax and no codes (every test shop until it sets them): nothing discounted or taxed, and
 * the one way to send it free.
 */
export const uncharged = {
  line: (price: number) => ({ discount: 0, taxRate: 0, tax: 0, total: price }),
  totals: { taxIncluded: false, reverseCharge: false, taxByRate: [] },
  order: { guest: false, shippingMethod: { id: 'free', name: 'Free shipping', kind: 'delivery' } },
} as const;
