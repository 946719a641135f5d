import type { FastifyInstance } from 'fastify';
import type { Cart } from '../../common/schemas/cart.ts';
import type { Order } from '../../common/schemas/orders.ts';
import type { TestAccount } from './accounts.ts';
import { call, type Caller } from './call.ts';

/**
 * Helpers for the cart and checkout API tests: the calls the cart and checkout pages make, as a
 * customer's browser would. The order a checkout places is paid as any order is (`./ordering.ts`).
 */

/** Where the tests' carts go: a structured address in the United States. */
export const deliveryAddress = { name: 'Carol Customer', line1: '7 Dovetail Row', city: 'Elm Park', region: 'US-IL', postalCode: '60126', country: 'US' };
export const delivery = { phone: '+1 555 010 4242', shippingAddress: deliveryAddress };
/** That address on one line, as an order's `adress` carries it. */
export const deliveryOnOneLine = '7 Dovetail Row, Elm Park, IL 60126, United States';

/** The cart card's Add to cart: adds pieces to a line. */
export function addToCart(app: FastifyInstance, who: Caller, productId: string, quantity: number) {
  return call(app, 'POST', '/api/cart/items', who, { productId, quantity });
}

/** Adds pieces and answers the cart, failing the test when the shop refuses. */
export async function added(app: FastifyInstance, who: TestAccount, productId: string, quantity: number): Promise<Cart> {
  const res = await addToCart(app, who, productId, quantity);
  if (res.statusCode !== 200) throw new Error(`adding to the cart failed: ${res.statusCode} ${res.body}`);
  return res.json<Cart>();
}

export async function cartOf(app: FastifyInstance, who: TestAccount): Promise<Cart> {
  const res = await call(app, 'GET', '/api/cart', who);
  if (res.statusCode !== 200) throw new Error(`reading the cart failed: ${res.statusCode} ${res.body}`);
  return res.json<Cart>();
}

/** The checkout page's "Continue to payment": one unpaid order of the whole cart, to this phone and address. */
export function checkOut(app: FastifyInstance, who: Caller, to: object = delivery) {
  return call(app, 'POST', '/api/cart/checkout', who, to);
}

/** The cart checked out, failing the test when the shop refuses: the order it became. */
export async function checkedOut(app: FastifyInstance, who: TestAccount): Promise<Order> {
  const res = await checkOut(app, who);
  if (res.statusCode !== 201) throw new Error(`checking out the cart failed: ${res.statusCode} ${res.body}`);
  return res.json<Order>();
}
