import type { FastifyInstance } from 'fastify';
import type { Cart } from '../../common/schemas/cart.ts';
import type { Checkout } from '../../common/schemas/checkouts.ts';
import type { PaymentIntent } from '../../common/schemas/orders.ts';
import type { TestAccount } from './accounts.ts';
import { type Caller, call, goodCard } from './ordering.ts';

/**
 * Helpers for the cart and checkout API tests (ADR 018): the calls the cart and checkout pages make,
 * as a customer's browser would.
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

/** The checkout page's "Continue to payment": a checkout of the cart, to this phone and address. */
export function openCheckout(app: FastifyInstance, who: Caller, to: object = delivery) {
  return call(app, 'POST', '/api/checkouts', who, to);
}

export async function opened(app: FastifyInstance, who: TestAccount): Promise<Checkout> {
  const res = await openCheckout(app, who);
  if (res.statusCode !== 201) throw new Error(`opening a checkout failed: ${res.statusCode} ${res.body}`);
  return res.json<Checkout>();
}

export function startCheckoutPayment(app: FastifyInstance, who: Caller, checkoutId: string) {
  return call(app, 'POST', `/api/checkouts/${checkoutId}/payment-intent`, who);
}

export async function checkoutIntent(app: FastifyInstance, who: TestAccount, checkoutId: string): Promise<PaymentIntent> {
  const res = await startCheckoutPayment(app, who, checkoutId);
  if (res.statusCode !== 200) throw new Error(`starting a checkout payment failed: ${res.statusCode} ${res.body}`);
  return res.json<PaymentIntent>();
}

/** The local card form's Pay, for a checkout. */
export function authoriseCheckout(app: FastifyInstance, who: TestAccount, checkoutId: string, clientSecret: string, card: Partial<typeof goodCard> = {}) {
  return call(app, 'POST', '/api/payments/local/authorise', who, { checkoutId, clientSecret, ...goodCard, ...card });
}

/** The checkout page, once the card is authorised: the server checks the payment, takes the stock and captures. */
export function confirmCheckout(app: FastifyInstance, who: Caller, checkoutId: string, transactionId: string) {
  return call(app, 'PUT', `/api/checkouts/${checkoutId}`, who, { paymentStatus: 'paid', transactionId });
}

/** An authorised (not yet captured) payment for the checkout, as the card form leaves it. */
export async function authorisedCheckoutPayment(app: FastifyInstance, who: TestAccount, checkoutId: string): Promise<string> {
  const { clientSecret, transactionId } = await checkoutIntent(app, who, checkoutId);
  const res = await authoriseCheckout(app, who, checkoutId, clientSecret);
  if (res.statusCode !== 200) throw new Error(`authorising failed: ${res.statusCode} ${res.body}`);
  return transactionId;
}
