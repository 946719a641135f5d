import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { CartQuote } from '../../common/schemas/cart.ts';
import type { DiscountCodeInput } from '../../common/schemas/discount-codes.ts';
import type { Order } from '../../common/schemas/orders.ts';
import type { ShippingZoneInput } from '../../common/schemas/shipping-zones.ts';
import type { TaxSettingsInput } from '../../common/schemas/tax-settings.ts';
import type { TestAccount } from './accounts.ts';
import { type Caller, call, type Method, newClientAddress } from './call.ts';

/**
 * Helpers for the tests of what the shop charges (issue 26): the admin's tables, quotes, guests'
 * checkouts and calls made with an order's key, as the pages make them.
 */

/** A shop that ships in the United States (Standard by weight, free from $150; Express) and to Germany and France. */
export const testZones: ShippingZoneInput[] = [
  {
    name: 'United States',
    countries: ['US'],
    rates: [
      { name: 'Standard', price: 9, minWeightGrams: 0, maxWeightGrams: 5000, freeOverSubtotal: 150 },
      { name: 'Standard (heavy)', price: 19, minWeightGrams: 5001 },
      { name: 'Express', price: 24 },
    ],
  },
  { name: 'Europe', countries: ['DE', 'FR', 'NL'], rates: [{ name: 'Standard', price: 18 }] },
];

/** Sales tax in California (shipping untaxed) and New York (shipping taxed); VAT in Germany and France, with prices entered without tax. */
export const testTax: TaxSettingsInput = {
  pricesIncludeTax: false,
  rates: [
    { country: 'US', region: 'US-CA', rate: 7.25, taxShipping: false },
    { country: 'US', region: 'US-NY', rate: 8.875, taxShipping: true },
    { country: 'DE', rate: 19, taxShipping: true },
    { country: 'FR', rate: 20, taxShipping: true },
  ],
};

export const californiaAddress = { name: 'Carol Customer', line1: '1 Redwood Way', city: 'Arcata', region: 'US-CA', postalCode: '95521', country: 'US' };
export const newYorkAddress = { name: 'Carol Customer', line1: '9 Hudson Street', city: 'New York', region: 'US-NY', postalCode: '10013', country: 'US' };
export const berlinAddress = { name: 'Carol Customer', line1: 'Holzweg 3', city: 'Berlin', region: 'DE-BE', postalCode: '10115', country: 'DE' };
export const phone = '+1 555 010 4242';

function expectOk(res: LightMyRequestResponse, what: string, status = 200) {
  if (res.statusCode !== status) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
  return res;
}

/** The admin sets the shop's shipping zones and tax table (the test ones unless told otherwise). */
export async function setUpCharges(app: FastifyInstance, admin: TestAccount, { zones = testZones, tax = testTax }: { zones?: ShippingZoneInput[]; tax?: TaxSettingsInput } = {}) {
  expectOk(await call(app, 'PUT', '/api/shipping-zones', admin, zones), 'setting the shipping zones');
  expectOk(await call(app, 'PUT', '/api/tax-settings', admin, tax), 'setting the tax table');
}

/** The admin makes a discount code. */
export async function addDiscountCode(app: FastifyInstance, admin: TestAccount, code: DiscountCodeInput) {
  expectOk(await call(app, 'POST', '/api/discount-codes', admin, code), `making the code ${code.code}`, 201);
}

/** The cart's and the checkout's quote. */
export async function quote(app: FastifyInstance, who: Caller, body: object): Promise<CartQuote> {
  return expectOk(await call(app, 'POST', '/api/cart/quote', who, body), 'quoting').json<CartQuote>();
}

/** A guest's "Continue to payment": the order and the key that opens it. */
export async function guestCheckout(app: FastifyInstance, body: object): Promise<Order & { accessKey: string }> {
  return expectOk(await call(app, 'POST', '/api/cart/checkout', undefined, body), 'a guest’s checkout', 201).json<Order & { accessKey: string }>();
}

/** A call a guest's browser makes about their order, with its key. */
export function withKey(app: FastifyInstance, method: Method, url: string, key: string, payload?: object) {
  return app.inject({ method, url, remoteAddress: newClientAddress(), headers: { 'x-order-key': key }, ...(payload === undefined ? {} : { payload }) });
}

/** A guest pays for their order with the key as the payment page does (the local card form); the payment's id. */
export async function guestPays(app: FastifyInstance, order: { _id: string; accessKey: string }): Promise<string> {
  const intent = expectOk(await withKey(app, 'POST', '/api/create-payment-intent', order.accessKey, { orderId: order._id }), 'a guest starting a payment');
  const { clientSecret, transactionId } = intent.json<{ clientSecret: string; transactionId: string }>();
  expectOk(
    await withKey(app, 'POST', '/api/payments/local/authorise', order.accessKey, {
      orderId: order._id,
      clientSecret,
      cardNumber: '4242 4242 4242 4242',
      expiry: '12/34',
      cvc: '123',
      name: 'G. Guest',
    }),
    'a guest authorising the card',
  );
  expectOk(await withKey(app, 'PUT', `/api/orders/${order._id}`, order.accessKey, { paymentStatus: 'paid', transactionId }), 'a guest confirming the payment');
  return transactionId;
}
