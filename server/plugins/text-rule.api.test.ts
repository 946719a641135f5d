import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textMessages } from '../../common/text-rule.ts';
import { createShopWithPeople, postAuth, type ShopWithPeople, type TestAccount } from '../test/accounts.ts';
import { delivery, deliveryAddress } from '../test/cart-checkout.ts';
import { addProduct, placeOrder, type TestProduct } from '../test/ordering.ts';
import { testDialect } from '../test/test-database.ts';
import { call } from '../test/call.ts';
import { payOrder } from '../test/paid-order.ts';

/**
 * ADR 031: one text rule for every call. A NUL character or a lone surrogate, in a body, a query or a
 * path, answers 400 naming its field, on both databases, before any route reads it: on PostgreSQL, such
 * a string reaching a query answered 500 (and a refund's reason, 502 from the card processor).
 */
let people: ShopWithPeople;
let chisel: TestProduct;

beforeAll(async () => {
  people = await createShopWithPeople();
  chisel = await addProduct(people.shop.db, { name: 'Firmer chisel', priceCents: 2200, minQuantity: 1, availQuantity: 100 });
});
afterAll(() => people?.shop.close());

const nul = 'Bench\u0000Lane';
const loneSurrogate = 'Oak\uD800Town';
const refusal = (field: string) => ({ code: 'VALIDATION_FAILED', message: `Invalid request. ${field ? `${field}: ` : ''}${textMessages.invalid}` });

describe(`a NUL byte or a lone surrogate anywhere in a call (${testDialect})`, () => {
  const cases: [string, () => { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; who: () => TestAccount | undefined; body?: object }, string][] = [
    [
      'an order’s address',
      () => ({
        method: 'POST',
        url: '/api/orders',
        who: () => people.carol,
        body: { productId: chisel.id, quantity: 1, phone: '+1 555 010 2030', shippingAddress: { ...deliveryAddress, line1: nul } },
      }),
      'shippingAddress.line1',
    ],
    [
      'the specification’s free-text adress',
      () => ({ method: 'POST', url: '/api/orders', who: () => people.carol, body: { productId: chisel.id, quantity: 1, phone: '+1 555 010 2030', adress: loneSurrogate } }),
      'adress',
    ],
    [
      'a checkout’s address',
      () => ({ method: 'POST', url: '/api/checkouts', who: () => people.carol, body: { ...delivery, shippingAddress: { ...deliveryAddress, city: loneSurrogate } } }),
      'shippingAddress.city',
    ],
    ['the profile’s name', () => ({ method: 'PUT', url: `/api/users/${encodeURIComponent(people.carol.email)}`, who: () => people.carol, body: { userName: nul } }), 'userName'],
    [
      'the profile’s location',
      () => ({ method: 'PUT', url: `/api/users/${encodeURIComponent(people.carol.email)}`, who: () => people.carol, body: { userLocation: loneSurrogate } }),
      'userLocation',
    ],
    ['a review', () => ({ method: 'POST', url: '/api/reviews', who: () => people.carol, body: { ratings: '5', review: nul } }), 'review'],
    [
      'the contact form, open to visitors',
      () => ({ method: 'POST', url: '/api/contact-messages', who: () => undefined, body: { email: 'ruth@example.com', name: nul, phone: '', requirement: 'A set of gouges' } }),
      'name',
    ],
    ['a session’s id in the path', () => ({ method: 'DELETE', url: '/api/sessions/a%00b', who: () => people.carol }), 'id'],
    [
      'a product’s name',
      () => ({
        method: 'POST',
        url: '/api/products',
        who: () => people.admin,
        body: { name: nul, price: 10, img: '/images/products/test.webp', availQuantity: 5, minQuantity: 1, description: 'A test tool for the text rule.' },
      }),
      'name',
    ],
    ['the users lookup', () => ({ method: 'GET', url: '/api/users/a%00b%40example.com', who: () => people.admin }), 'email'],
    ['the orders by e-mail', () => ({ method: 'GET', url: '/api/orders/a%00b%40example.com', who: () => people.admin }), 'email'],
    ['the orders search', () => ({ method: 'GET', url: '/api/orders?q=%00', who: () => people.admin }), 'q'],
    [
      'a sign-up’s name, at better-auth',
      () => ({ method: 'POST', url: '/api/auth/sign-up/email', who: () => undefined, body: { name: nul, email: `${randomUUID()}@example.com`, password: 'sawdust-123' } }),
      'name',
    ],
  ];

  it.each(cases)('in %s answers 400 naming the field', async (_case, made, field) => {
    const { method, url, who, body } = made();
    const answer = url.startsWith('/api/auth/') ? await postAuth(people.shop.app, url.slice('/api/auth'.length), body) : await call(people.shop.app, method, url, who(), body);
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json()).toEqual(refusal(field));
  });

  it('in a refund’s reason answers 400, and nothing is asked of the card processor', async () => {
    const order = await placeOrder(people.shop.app, people.carol, chisel.id, 2);
    await payOrder(people.shop.app, people.carol, order._id);
    const answer = await call(people.shop.app, 'POST', `/api/orders/${order._id}/refunds`, people.admin, { amount: 10, reason: nul, restock: 0, idempotencyKey: randomUUID() });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual(refusal('reason'));
    expect(await people.shop.db.selectFrom('local_refunds').selectAll().execute()).toEqual([]);
  });

  it('leaves whole characters outside the Basic Multilingual Plane alone', async () => {
    const placed = await call(people.shop.app, 'POST', '/api/orders', people.carol, {
      productId: chisel.id,
      quantity: 1,
      phone: '+1 555 010 2030',
      shippingAddress: { ...deliveryAddress, line2: 'Workshop 🪚' },
    });
    expect(placed.statusCode).toBe(201);
    expect(placed.json().shippingAddress.line2).toBe('Workshop 🪚');
  });
});
