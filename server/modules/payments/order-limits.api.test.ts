import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { signUp, type TestAccount } from '../../test/accounts.ts';
import { addProduct, goodCard, shipping, type TestProduct } from '../../test/ordering.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { testDialect } from '../../test/test-database.ts';
import { call } from '../../test/call.ts';

/**
 * Order and payment limits count per signed-in account, so that customers behind one address (a
 * workshop, a school, a shop without TRUST_PROXY) each have their own; anonymous calls count per
 * client address. A caller already over a limit is turned away without a database write.
 */
const workshopAddress = '203.0.113.7';

function from(shop: TestApp, address: string, who: TestAccount | undefined, method: 'POST' | 'PUT', url: string, payload: object) {
  return call(shop.app, method, url, who, payload, { remoteAddress: address });
}

async function payFrom(shop: TestApp, address: string, who: TestAccount, productId: string): Promise<LightMyRequestResponse[]> {
  const placed = await from(shop, address, who, 'POST', '/api/orders', { productId, quantity: 1, ...shipping });
  const orderId = placed.json<{ _id: string }>()._id;
  const intent = await from(shop, address, who, 'POST', '/api/create-payment-intent', { orderId });
  const { clientSecret, transactionId } = intent.json<{ clientSecret: string; transactionId: string }>();
  const authorised = await from(shop, address, who, 'POST', '/api/payments/local/authorise', { orderId, clientSecret, ...goodCard });
  const confirmed = await from(shop, address, who, 'PUT', `/api/orders/${orderId}`, { paymentStatus: 'paid', transactionId });
  return [placed, intent, authorised, confirmed];
}

describe(`fifty customers behind one address (${testDialect})`, () => {
  let shop: TestApp;
  let customers: TestAccount[];
  let product: TestProduct;
  beforeAll(async () => {
    shop = await createTestApp({ seed: false, env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000' } });
    customers = await Promise.all(Array.from({ length: 50 }, (_, index) => signUp(shop.app, `Workshop Student ${index + 1}`)));
    product = await addProduct(shop.db, { name: 'Bench chisel', priceCents: 2400, minQuantity: 1, availQuantity: 500 });
  }, 120_000);
  afterAll(() => shop?.close());

  it('pay fifty orders within a minute without one refusal for too many requests', async () => {
    const started = Date.now();
    const answers = (await Promise.all(customers.map((customer) => payFrom(shop, workshopAddress, customer, product.id)))).flat();
    expect(Date.now() - started).toBeLessThan(60_000);
    expect(answers.map((answer) => answer.statusCode).filter((status) => status === 429)).toEqual([]);
    expect(answers.every((answer) => answer.statusCode < 300)).toBe(true);
    const paid = await shop.db.selectFrom('orders').select('id').where('payment_status', '=', 'paid').execute();
    expect(paid).toHaveLength(50);
  });
});

describe(`one account over its limit (${testDialect})`, () => {
  let shop: TestApp;
  let product: TestProduct;
  beforeAll(async () => {
    shop = await createTestApp({ seed: false, env: { ORDER_RATE_LIMIT_PER_MINUTE: '3', CARD_RATE_LIMIT_PER_MINUTE: '2', AUTH_RATE_LIMIT_PER_MINUTE: '1000' } });
    product = await addProduct(shop.db, { name: 'Block plane', priceCents: 8900, minQuantity: 1, availQuantity: 500 });
  });
  afterAll(() => shop?.close());

  const place = (who: TestAccount, address = workshopAddress) => from(shop, address, who, 'POST', '/api/orders', { productId: product.id, quantity: 1, ...shipping });

  /** A new account that has placed the configured 3 orders this minute, from the workshop. */
  async function overItsLimit(): Promise<TestAccount> {
    const eager = await signUp(shop.app, 'Eager Buyer');
    for (let attempt = 0; attempt < 3; attempt += 1) expect((await place(eager)).statusCode).toBe(201);
    expect((await place(eager)).statusCode).toBe(429);
    return eager;
  }

  it('is refused with a message to show once the configured number of orders a minute is placed, from any address', async () => {
    const eager = await signUp(shop.app, 'Eager Buyer');
    for (const address of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) expect((await place(eager, address)).statusCode).toBe(201);
    const refused = await place(eager, '198.51.100.4');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ code: 'RATE_LIMITED', message: 'Too many requests. Please try again in 1 minute.' });
  });

  it('leaves another account at the same address its own allowance', async () => {
    await overItsLimit();
    const neighbour = await signUp(shop.app, 'Next Bench');
    for (let attempt = 0; attempt < 3; attempt += 1) expect((await place(neighbour)).statusCode).toBe(201);
  });

  it('costs no database write once refused: neither an order nor a counter changes', async () => {
    const eager = await overItsLimit();
    const counters = () => shop.db.selectFrom('rate_limit_hits').selectAll().orderBy('key').execute();
    const orders = () => shop.db.selectFrom('orders').select('id').execute();
    const [countersBefore, ordersBefore] = await Promise.all([counters(), orders()]);
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await place(eager)).statusCode).toBe(429);
    expect(await counters()).toEqual(countersBefore);
    expect(await orders()).toHaveLength(ordersBefore.length);
  });

  it('limits cards tried on the card form by the configured number a minute', async () => {
    const neighbour = await signUp(shop.app, 'Next Bench');
    const tries = [];
    for (let attempt = 0; attempt < 3; attempt += 1) {
      tries.push(await from(shop, workshopAddress, neighbour, 'POST', '/api/payments/local/authorise', { orderId: 'none', clientSecret: 'none', ...goodCard }));
    }
    expect(tries.map((answer) => answer.statusCode)).toEqual([404, 404, 429]);
  });
});

describe(`anonymous calls (${testDialect})`, () => {
  let shop: TestApp;
  beforeAll(async () => {
    shop = await createTestApp({ seed: false, env: { FORM_RATE_LIMIT_PER_HOUR: '2' } });
  });
  afterAll(() => shop?.close());

  it('count per client address', async () => {
    const subscribe = (address: string, index: number) => from(shop, address, undefined, 'POST', '/api/newsletter', { email: `reader${index}@example.com` });
    const first = [await subscribe('192.0.2.1', 1), await subscribe('192.0.2.1', 2), await subscribe('192.0.2.1', 3)];
    expect(first.map((answer) => answer.statusCode)).toEqual([202, 202, 429]);
    expect((await subscribe('192.0.2.2', 4)).statusCode).toBe(202);
  });
});
